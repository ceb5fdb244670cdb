// The demo fingerprints on worker threads: making a finger and extracting its three impressions takes
// about a second of CPU per employee, so npm start's first start spreads them over the cores.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { demoEnrolment, type DemoEnrolment } from './fingerprints.ts';
import type { EnrolmentJob } from './fingerprint-worker.ts';

type Reply = { index: number; enrolment: DemoEnrolment } | { index: number; error: string };

/**
 * `demoEnrolment` of every id, in the ids' order, on `threads` worker threads (one per core by
 * default). Each enrolment depends on its employee id only, so the result is the same whatever the
 * number of threads; with one thread (or one id) it runs here, without workers.
 */
export async function demoEnrolments(
  employeeIds: readonly string[],
  threads = availableParallelism(),
): Promise<DemoEnrolment[]> {
  const count = Math.max(1, Math.min(threads, employeeIds.length));
  if (count <= 1) return employeeIds.map((id) => demoEnrolment(id));
  const entry = new URL('./fingerprint-worker.ts', import.meta.url);
  // The TypeScript entry is loaded through tsx's ESM hooks, registered inside the worker itself.
  const source = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
  const results = new Array<DemoEnrolment | undefined>(employeeIds.length);
  const workers: Worker[] = [];
  let next = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let done = 0;
      // Each worker is sent the next id when it returns one: a slow finger does not hold up the rest.
      const send = (worker: Worker): void => {
        if (next >= employeeIds.length) return;
        const job: EnrolmentJob = { index: next, employeeId: employeeIds[next]! };
        next++;
        worker.postMessage(job);
      };
      for (let i = 0; i < count; i++) {
        const worker = new Worker(source, { eval: true });
        workers.push(worker);
        worker.on('message', (reply: Reply) => {
          if ('error' in reply) {
            reject(new Error(`demo fingerprint of ${employeeIds[reply.index]}: ${reply.error}`));
            return;
          }
          results[reply.index] = reply.enrolment;
          done++;
          if (done === employeeIds.length) resolve();
          else send(worker);
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (done < employeeIds.length) reject(new Error(`a demo fingerprint worker stopped (exit code ${code})`));
        });
        send(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results as DemoEnrolment[];
}
