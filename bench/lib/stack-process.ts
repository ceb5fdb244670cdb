// The local stack in its own process, for benchmarks: the load generator must not share
// an event loop with the gateway. The benchmark script runs itself with `--serve <dataDir>`
// (calling serveStack there) and talks to that child over IPC (launchStack here).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startStack, type Stack } from '../../server/stack.ts';
import { within } from './stats.ts';

export const REPO = path.resolve(import.meta.dirname, '..', '..');

export interface StackInfo {
  url: string;
  port: number;
  restUrl: string;
  anonKey: string;
  serviceKey: string;
  databaseUrl: string;
  realtimeEnabled: boolean;
  migrationsApplied: string[];
}

type ChildMessage =
  | { type: 'ready'; startSeconds: number; stack: StackInfo }
  | { type: 'error'; message: string }
  | { type: 'stopped'; seconds: number };

export interface ServeOptions {
  dataDir: string;
  supabaseDir: string;
  /** fsync off when true; benchmarks of writes want false (durable commits). */
  fast: boolean;
}

/** In the child: start the stack, report `ready`, stop on `stop`, SIGTERM, SIGINT or a lost parent. */
export async function serveStack(options: ServeOptions): Promise<void> {
  const send = (message: ChildMessage) =>
    new Promise<void>((resolve) => {
      if (!process.connected || !process.send) return resolve();
      process.send(message, () => resolve());
    });
  let stack: Stack | undefined;
  let stopping: Promise<number> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const t0 = performance.now();
      await stack?.stop();
      return (performance.now() - t0) / 1000;
    })());
  const leaveSoon = (code: number) =>
    setTimeout(() => {
      process.stderr.write(
        `[serve] still running after stop: ${process.getActiveResourcesInfo().join(', ')}\n`,
      );
      process.exit(code);
    }, 5_000).unref();

  process.on('message', (message: { type?: string }) => {
    if (message.type !== 'stop') return;
    void stop().then(async (seconds) => {
      await send({ type: 'stopped', seconds });
      process.disconnect();
      leaveSoon(3);
    });
  });
  process.on('disconnect', () => void stop()); // the benchmark went away
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void stop().then(() => process.exit(0)));
  }

  const t0 = performance.now();
  try {
    stack = await startStack({
      port: 0,
      host: '127.0.0.1',
      dataDir: options.dataDir,
      supabaseDir: options.supabaseDir,
      seed: 'never',
      fast: options.fast,
      log: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (error) {
    await send({ type: 'error', message: (error as Error).stack ?? String(error) });
    process.exit(1);
  }
  await send({
    type: 'ready',
    startSeconds: (performance.now() - t0) / 1000,
    stack: {
      url: stack.url,
      port: stack.port,
      restUrl: stack.restUrl,
      anonKey: stack.anonKey,
      serviceKey: stack.serviceKey,
      databaseUrl: stack.databaseUrl,
      realtimeEnabled: stack.realtimeEnabled,
      migrationsApplied: stack.migrations.applied,
    },
  });
}

export interface RunningStack {
  info: StackInfo;
  /** The child process (its descendants: PostgreSQL, PostgREST). */
  pid: number | undefined;
  startSeconds: number;
  /** Spawn of the process (node, tsx) until the stack is ready. */
  wallSeconds: number;
  /** The last lines the stack printed (for failures). */
  output: string[];
  /** Graceful: asks the child to stop its stack, waits for it to exit (kills it after 15 s). */
  stop(): Promise<{ seconds: number; exit: string }>;
  /** SIGTERM (the child stops its stack), SIGKILL after 30 s. */
  kill(): Promise<void>;
}

export interface LaunchOptions {
  /** The script that calls serveStack when given `--serve <dataDir>`. */
  script: string;
  dataDir: string;
  /** Extra arguments for the child (e.g. --fast). */
  args?: string[];
  /** Echo the stack's output to stderr. */
  verbose?: boolean;
  /**
   * Where to keep the stack's last lines (200 at the most; it becomes RunningStack.output).
   * Pass the same array to several launches to keep what a launch that failed printed.
   */
  output?: string[];
  readyTimeoutMs?: number;
}

export async function launchStack(options: LaunchOptions): Promise<RunningStack> {
  const t0 = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [...process.execArgv, options.script, '--serve', options.dataDir, ...(options.args ?? [])],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  const output = options.output ?? [];
  const remember = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      output.push(line);
      if (options.verbose) process.stderr.write(`[stack] ${line}\n`);
    }
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? String(code))),
  );
  const messages: ChildMessage[] = [];
  const waiters: Array<() => void> = [];
  child.on('message', (message: ChildMessage) => {
    messages.push(message);
    for (const wake of waiters.splice(0)) wake();
  });
  const next = async <T extends ChildMessage['type']>(type: T, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find((m) => m.type === type || m.type === 'error');
      if (found?.type === 'error') throw new Error(`the stack failed: ${found.message}`);
      if (found) return found as Extract<ChildMessage, { type: T }>;
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the stack process exited (${child.exitCode ?? child.signalCode}) before "${type}"`);
      }
      if (Date.now() > deadline)
        throw new Error(`no "${type}" from the stack process within ${timeoutMs / 1000} s`);
      await within(Promise.race([new Promise<void>((wake) => waiters.push(wake)), exited]), 250, undefined);
    }
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const done = await within(
      exited.then(() => true),
      30_000,
      false,
    );
    if (!done) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  try {
    const ready = await next('ready', options.readyTimeoutMs ?? 180_000);
    return {
      info: ready.stack,
      pid: child.pid,
      startSeconds: ready.startSeconds,
      wallSeconds: (performance.now() - t0) / 1000,
      output,
      kill,
      stop: async () => {
        if (child.exitCode !== null || child.signalCode !== null) {
          return { seconds: 0, exit: String(child.exitCode ?? child.signalCode) };
        }
        child.send({ type: 'stop' });
        const stopped = await next('stopped', 60_000);
        const exit = await within(exited, 15_000, 'still running after 15 s');
        if (exit.startsWith('still')) await kill();
        return { seconds: stopped.seconds, exit };
      },
    };
  } catch (error) {
    await kill();
    throw error;
  }
}
