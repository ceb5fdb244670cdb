// A worker thread of demoEnrolments (fingerprints-parallel.ts): makes the demo enrolment of each
// employee id it is sent and posts it back with the id's index.
import { parentPort } from 'node:worker_threads';
import { demoEnrolment } from './fingerprints.ts';

export interface EnrolmentJob {
  index: number;
  employeeId: string;
}

parentPort!.on('message', (job: EnrolmentJob) => {
  try {
    parentPort!.postMessage({ index: job.index, enrolment: demoEnrolment(job.employeeId) });
  } catch (error) {
    parentPort!.postMessage({ index: job.index, error: error instanceof Error ? error.message : String(error) });
  }
});
