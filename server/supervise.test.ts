import { describe, expect, it } from 'vitest';
import { RESTART_POLICY, restartDelay, supervise, type RestartPolicy } from './supervise.ts';

const policy: RestartPolicy = { attempts: 4, firstDelayMs: 100, maxDelayMs: 500, stableMs: 1_000 };

describe('restartDelay', () => {
  it('doubles from the first delay up to the ceiling, then stops after the last attempt', () => {
    expect([1, 2, 3, 4, 5].map((n) => restartDelay(policy, n))).toEqual([100, 200, 400, 500, undefined]);
  });

  it('refuses attempt numbers that are not counts', () => {
    for (const n of [0, -1, 1.5, Number.NaN, Infinity, -Infinity])
      expect(restartDelay(policy, n)).toBeUndefined();
  });

  it('gives the default policy a bounded total wait of well under a minute', () => {
    const waits = Array.from({ length: RESTART_POLICY.attempts }, (_, i) =>
      restartDelay(RESTART_POLICY, i + 1)!,
    );
    expect(waits[0]).toBe(250);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThan(60_000);
    expect(restartDelay(RESTART_POLICY, RESTART_POLICY.attempts + 1)).toBeUndefined();
  });
});

/** A fake process: `exit()` ends the current run; `restart` succeeds or fails as scripted. */
function fakeProcess(restarts: Array<'ok' | 'fail'>) {
  let exit!: () => void;
  let exited = new Promise<void>((resolve) => (exit = resolve));
  const calls: string[] = [];
  return {
    calls,
    exit: () => exit(),
    exited: () => exited,
    restart: async () => {
      const outcome = restarts.shift() ?? 'fail';
      calls.push(outcome);
      if (outcome === 'fail') throw new Error('could not start');
      exited = new Promise<void>((resolve) => (exit = resolve));
    },
  };
}

/** A clock the fake sleep advances, so no test waits for real time. */
function fakeTime() {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    advance: (ms: number) => (now += ms),
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
  };
}

const settle = async () => {
  for (let i = 0; i < 50; i++) await Promise.resolve();
};

describe('supervise', () => {
  it('restarts an exited process after the backoff delays, retrying failed starts, and reports its state', async () => {
    const child = fakeProcess(['fail', 'fail', 'ok']);
    const time = fakeTime();
    const lines: string[] = [];
    let restarted = 0;
    let gaveUp: Error | undefined;
    const supervisor = supervise({
      name: 'PostgreSQL',
      exited: child.exited,
      restart: child.restart,
      onRestarted: () => void restarted++,
      onGiveUp: (error) => (gaveUp = error),
      log: (line) => lines.push(line),
      policy,
      now: time.now,
      sleep: time.sleep,
    });
    expect(supervisor.state()).toBe('ok');
    child.exit();
    await settle();
    expect(child.calls).toEqual(['fail', 'fail', 'ok']);
    expect(time.slept).toEqual([100, 200, 400]);
    expect(supervisor.state()).toBe('ok');
    expect(restarted).toBe(1);
    expect(gaveUp).toBeUndefined();
    expect(lines).toContain('[stack] PostgreSQL is back');
    await supervisor.stop();
  });

  it('gives up after the last attempt and says so', async () => {
    const child = fakeProcess(['fail', 'fail', 'fail', 'fail', 'ok']);
    const time = fakeTime();
    let gaveUp: Error | undefined;
    const supervisor = supervise({
      name: 'PostgREST',
      exited: child.exited,
      restart: child.restart,
      onGiveUp: (error) => (gaveUp = error),
      log: () => undefined,
      policy,
      now: time.now,
      sleep: time.sleep,
    });
    child.exit();
    await settle();
    expect(child.calls).toHaveLength(4);
    expect(supervisor.state()).toBe('failed');
    expect(gaveUp?.message).toBe('PostgREST did not come back after 4 attempts');
  });

  it('counts a crash loop across restarts, but starts afresh after a stable run', async () => {
    const child = fakeProcess(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    const time = fakeTime();
    let gaveUp = false;
    const supervisor = supervise({
      name: 'PostgreSQL',
      exited: child.exited,
      restart: child.restart,
      onGiveUp: () => (gaveUp = true),
      log: () => undefined,
      policy,
      now: time.now,
      sleep: time.sleep,
    });
    // Three quick crashes: 100, 200, 400 ms (one outage, still counting).
    for (let i = 0; i < 3; i++) {
      child.exit();
      await settle();
    }
    expect(time.slept).toEqual([100, 200, 400]);
    // Up for longer than stableMs: the next crash waits the first delay again.
    time.advance(policy.stableMs);
    child.exit();
    await settle();
    expect(time.slept).toEqual([100, 200, 400, 100]);
    expect(gaveUp).toBe(false);
    await supervisor.stop();
  });

  it('does not restart what is being stopped', async () => {
    const child = fakeProcess(['ok']);
    const time = fakeTime();
    const supervisor = supervise({
      name: 'PostgreSQL',
      exited: child.exited,
      restart: child.restart,
      onGiveUp: () => undefined,
      log: () => undefined,
      policy,
      now: time.now,
      sleep: time.sleep,
    });
    await supervisor.stop();
    child.exit();
    await settle();
    expect(child.calls).toEqual([]);
  });
});
