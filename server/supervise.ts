// Restarts a part of the local stack (PostgreSQL, PostgREST) when its process exits on its own:
// bounded attempts with exponential backoff, then `onGiveUp` (npm start exits non-zero so that a
// service manager restarts everything).

export interface RestartPolicy {
  /** Restart attempts in one outage before giving up. */
  attempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** A process that stayed up this long starts a new outage's count from zero. */
  stableMs: number;
}

/** 0.25, 0.5, 1, 2, 4, 8, 10, 10 s: about 36 s of trying, time for PostgreSQL's crash recovery. */
export const RESTART_POLICY: RestartPolicy = {
  attempts: 8,
  firstDelayMs: 250,
  maxDelayMs: 10_000,
  stableMs: 60_000,
};

/** The wait before restart attempt `attempt` (1-based), or undefined when the attempts are spent. */
export function restartDelay(policy: RestartPolicy, attempt: number): number | undefined {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > policy.attempts) return undefined;
  return Math.min(policy.firstDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
}

export type SupervisedState = 'ok' | 'down' | 'failed';

export interface SuperviseOptions {
  name: string;
  /** The running process's exit (a new promise after each restart). */
  exited: () => Promise<void>;
  /** Starts the process again; rejects when it could not. */
  restart: () => Promise<void>;
  /** Runs after each successful restart (e.g. reconnect listeners). */
  onRestarted?: () => Promise<void> | void;
  onGiveUp: (error: Error) => void;
  log: (line: string) => void;
  policy?: RestartPolicy;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface Supervisor {
  state(): SupervisedState;
  /** No restart after this; waits for one in progress to finish. */
  stop(): Promise<void>;
}

export function supervise(options: SuperviseOptions): Supervisor {
  const policy = options.policy ?? RESTART_POLICY;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref()));
  let state: SupervisedState = 'ok';
  let stopped = false;
  let failures = 0;
  let inFlight: Promise<void> | undefined;

  async function watch(): Promise<void> {
    for (;;) {
      const upSince = now();
      await options.exited();
      if (stopped) return;
      if (now() - upSince >= policy.stableMs) failures = 0;
      state = 'down';
      options.log(`[stack] ${options.name} exited; restarting it`);
      for (;;) {
        const delay = restartDelay(policy, ++failures);
        if (delay === undefined) {
          state = 'failed';
          const error = new Error(`${options.name} did not come back after ${policy.attempts} attempts`);
          options.log(`[stack] ${error.message}`);
          return options.onGiveUp(error);
        }
        await sleep(delay);
        if (stopped) return;
        try {
          await (inFlight = options.restart());
          break;
        } catch (error) {
          options.log(
            `[stack] restarting ${options.name} failed: ${(error as Error).message.split('\n')[0]}`,
          );
          if (stopped) return;
        } finally {
          inFlight = undefined;
        }
      }
      if (stopped) return;
      await Promise.resolve(options.onRestarted?.()).catch((error: Error) =>
        options.log(`[stack] after restarting ${options.name}: ${error.message}`),
      );
      state = 'ok';
      options.log(`[stack] ${options.name} is back`);
    }
  }

  void watch();
  return {
    state: () => state,
    async stop() {
      stopped = true;
      // A restart under way finishes first, so the caller's stop() reaches the new process.
      await inFlight?.catch(() => undefined);
    },
  };
}
