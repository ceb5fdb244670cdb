import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createOfflineController } from './controller.ts';
import { isRefusal, isTransientFailure } from './failure.ts';
import { newPress, newPunch, openPunchQueue, type PunchQueue, type QueuedPunch } from './queue.ts';
import { replayQueue, type ReplayAnswer } from './replay.ts';

let dbCounter = 0;
const freshQueue = () => openPunchQueue(`test-queue-${++dbCounter}`);

/** A server like the database: an idempotency ledger and the live rules, reachable or not. */
function fakeServer() {
  const ledger = new Map<string, ReplayAnswer>();
  const open = new Set<string>();
  const records: { employeeId: string; action: string; at: string }[] = [];
  const server = {
    up: true,
    ledger,
    records,
    calls: 0,
    /** After committing, lose the answer (the tablet died or the network dropped mid-reply). */
    loseNextAnswer: false,
    apply(action: string, employeeId: string, at: string): string | null {
      if (action === 'check-in' && open.has(employeeId)) return 'punch.already_checked_in';
      if (action === 'check-out' && !open.has(employeeId)) return 'punch.no_active_check_in';
      if (action === 'check-in') open.add(employeeId);
      else open.delete(employeeId);
      records.push({ employeeId, action, at });
      return null;
    },
    async replayOne(p: QueuedPunch): Promise<ReplayAnswer> {
      server.calls++;
      if (!server.up) throw new TypeError('Failed to fetch');
      const first = ledger.get(p.key);
      let answer: ReplayAnswer;
      if (first)
        answer = { outcome: 'duplicate', firstOutcome: first.outcome as 'accepted', reason: first.reason };
      else {
        const reason = server.apply(p.action, p.employeeId, p.at);
        answer = reason ? { outcome: 'rejected', reason } : { outcome: 'accepted', reason: null };
        ledger.set(p.key, answer);
      }
      if (server.loseNextAnswer) {
        server.loseNextAnswer = false;
        throw new TypeError('Failed to fetch');
      }
      return answer;
    },
    async live(action: 'check-in' | 'check-out', employeeId: string) {
      if (!server.up) throw { message: 'TypeError: Failed to fetch', code: '', details: '', hint: '' };
      const reason = server.apply(action, employeeId, new Date().toISOString());
      if (reason) throw { code: 'P0001', message: reason, details: null, hint: '' };
      return { employeeId, action };
    },
  };
  return server;
}

describe('the punch queue (IndexedDB)', () => {
  it('keeps punches in order with their original time and key, and removes one by key', async () => {
    const q = await freshQueue();
    const a = newPunch('check-in', 'e1', 'tablet', new Date('2026-11-23T08:00:00Z'));
    const b = newPunch('check-out', 'e1', 'tablet', new Date('2026-11-23T17:00:00Z'));
    const c = newPunch('check-in', 'e2', null, new Date('2026-11-23T07:00:00Z'));
    for (const p of [a, b, c]) await q.add(p);
    expect(await q.list()).toEqual([a, b, c]);
    await q.remove(b.key);
    expect((await q.list()).map((p) => p.key)).toEqual([a.key, c.key]);
    expect(await q.count()).toBe(2);
    expect(a.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.key).not.toBe(c.key);
  });

  it("keeps a verify site's press (number and template, no person) and deletes it with its entry", async () => {
    const q = await freshQueue();
    const press = newPress(
      'check-in',
      { number: '4821', template: 'AAEC' },
      'tablet',
      new Date('2026-11-23T08:00:00Z'),
    );
    await q.add(press);
    expect(await q.list()).toEqual([press]);
    expect(press).toMatchObject({ employeeId: '', press: { number: '4821', template: 'AAEC' } });
    await q.remove(press.key);
    expect(await q.list()).toEqual([]);
  });

  it('survives closing and reopening the database (a reload or a power cut)', async () => {
    const name = `test-queue-${++dbCounter}`;
    const q = await openPunchQueue(name);
    const p = newPunch('check-in', 'e1', 'tablet');
    await q.add(p);
    q.close();
    const again = await openPunchQueue(name);
    expect(await again.list()).toEqual([p]);
  });
});

describe('replayQueue', () => {
  it('sends punches in order and removes each once the server answered', async () => {
    const q = await freshQueue();
    const server = fakeServer();
    const punches = [
      newPunch('check-in', 'e1', 't', new Date('2026-11-23T08:00:00Z')),
      newPunch('check-in', 'e1', 't', new Date('2026-11-23T08:05:00Z')),
      newPunch('check-out', 'e1', 't', new Date('2026-11-23T17:00:00Z')),
    ];
    for (const p of punches) await q.add(p);
    const report = await replayQueue(q, server.replayOne);
    expect(report.answered.map((a) => a.answer.outcome)).toEqual(['accepted', 'rejected', 'accepted']);
    expect(report.answered[1]!.answer.reason).toBe('punch.already_checked_in');
    expect(report.remaining).toBe(0);
    expect(server.records.map((r) => r.at)).toEqual([punches[0]!.at, punches[2]!.at]);
  });

  it('stops at a network failure and keeps that punch and the rest, in order', async () => {
    const q = await freshQueue();
    const server = fakeServer();
    const punches = [
      newPunch('check-in', 'e1', 't'),
      newPunch('check-in', 'e2', 't'),
      newPunch('check-out', 'e1', 't'),
    ];
    for (const p of punches) await q.add(p);
    let n = 0;
    const report = await replayQueue(q, async (p) => {
      if (++n === 2) throw new TypeError('Failed to fetch');
      return server.replayOne(p);
    });
    expect(report).toMatchObject({ interrupted: true, remaining: 2 });
    expect((await q.list()).map((p) => p.key)).toEqual([punches[1]!.key, punches[2]!.key]);
  });

  it('loses nothing and doubles nothing when the tablet dies mid-replay', async () => {
    const name = `test-queue-${++dbCounter}`;
    const server = fakeServer();
    const first = await openPunchQueue(name);
    const punches = [
      newPunch('check-in', 'e1', 't'),
      newPunch('check-in', 'e2', 't'),
      newPunch('check-out', 'e1', 't'),
      newPunch('check-out', 'e2', 't'),
    ];
    for (const p of punches) await first.add(p);

    // Power lost after the server committed punch 2 but before the tablet removed it.
    let removals = 0;
    const dying: PunchQueue = {
      ...first,
      async remove(key) {
        if (++removals === 2) throw new Error('power lost');
        await first.remove(key);
      },
    };
    await expect(replayQueue(dying, server.replayOne)).rejects.toThrow('power lost');
    first.close();

    // Back on power: the same queue from disk is replayed.
    const second = await openPunchQueue(name);
    expect((await second.list()).map((p) => p.key)).toEqual(punches.slice(1).map((p) => p.key));
    // And the answer to punch 3 is lost in transit too.
    const report1 = await replayQueue(second, async (p) => {
      if (p.key === punches[2]!.key) server.loseNextAnswer = true;
      return server.replayOne(p);
    });
    expect(report1.interrupted).toBe(true);
    const report2 = await replayQueue(second, server.replayOne);
    expect(report2.answered.map((a) => a.answer.outcome)).toEqual(['duplicate', 'accepted']);
    expect(await second.count()).toBe(0);
    expect(server.records.map((r) => `${r.employeeId} ${r.action}`)).toEqual([
      'e1 check-in',
      'e2 check-in',
      'e1 check-out',
      'e2 check-out',
    ]);
  });

  it('drops a punch whose replay the server refuses outright, keeping the reason', async () => {
    const q = await freshQueue();
    await q.add(newPunch('check-in', 'e1', 't'));
    const report = await replayQueue(q, async () => {
      throw { code: 'P0001', message: 'punch.replay_key_reused' };
    });
    expect(report.answered[0]!.answer).toEqual({
      outcome: 'rejected',
      reason: 'punch.replay_key_reused',
    });
    expect(report.remaining).toBe(0);
  });

  it('keeps punches when the session expired (a JWT error is not a refusal)', async () => {
    const q = await freshQueue();
    await q.add(newPunch('check-in', 'e1', 't'));
    const report = await replayQueue(q, async () => {
      throw { code: 'PGRST301', message: 'JWT expired' };
    });
    expect(report).toMatchObject({ interrupted: true, remaining: 1 });
  });
});

describe('failure classification', () => {
  it('tells refusals from network and backend failures', () => {
    expect(isRefusal({ code: 'P0001', message: 'punch.already_checked_in' })).toBe(true);
    expect(isTransientFailure({ code: 'P0001', message: 'punch.already_checked_in' })).toBe(false);
    expect(isTransientFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTransientFailure({ code: '', message: 'TypeError: Failed to fetch' })).toBe(true);
    expect(isTransientFailure({ code: 'PGRST000', message: 'Could not connect' })).toBe(true);
    expect(isTransientFailure({ status: 503, message: 'Service Unavailable' })).toBe(true);
  });
});

describe('the offline controller', () => {
  const setup = async () => {
    const server = fakeServer();
    let network = true;
    const controller = createOfflineController({
      queue: freshQueue(),
      live: server.live,
      replayOne: server.replayOne,
      networkUp: () => network,
    });
    await controller.flush();
    return { server, controller, setNetwork: (up: boolean) => (network = up) };
  };

  it('records live when online and rethrows a refusal without queueing it', async () => {
    const { server, controller } = await setup();
    expect(await controller.submit('check-in', 'e1', 't')).toEqual({
      status: 'recorded',
      result: { employeeId: 'e1', action: 'check-in' },
    });
    await expect(controller.submit('check-in', 'e1', 't')).rejects.toMatchObject({
      message: 'punch.already_checked_in',
    });
    expect(controller.getState()).toMatchObject({ waiting: 0, online: true });
    expect(server.records).toHaveLength(1);
  });

  it('queues when the backend fails, shows the count, and replays in order when it returns', async () => {
    const { server, controller } = await setup();
    server.up = false;
    const a = await controller.submit('check-in', 'e1', 't');
    expect(a.status).toBe('queued');
    expect(controller.getState()).toMatchObject({ waiting: 1, online: false });
    await controller.submit('check-out', 'e1', 't');
    expect(controller.getState().waiting).toBe(2);
    server.up = true;
    // A new punch while others wait goes behind them, then everything is sent in order.
    const c = await controller.submit('check-in', 'e2', 't');
    expect(c.status).toBe('recorded');
    expect(server.records.map((r) => `${r.employeeId} ${r.action}`)).toEqual([
      'e1 check-in',
      'e1 check-out',
      'e2 check-in',
    ]);
    expect(controller.getState()).toMatchObject({ waiting: 0, online: true });
    if (a.status === 'queued') expect(server.records[0]!.at).toBe(a.punch.at);
  });

  it('queues without calling the server when the browser is offline, and replays on the online event', async () => {
    const { server, controller, setNetwork } = await setup();
    setNetwork(false);
    controller.networkChanged();
    expect(controller.getState().online).toBe(false);
    await controller.submit('check-in', 'e1', 't');
    await controller.submit('check-in', 'e2', 't');
    expect(server.calls).toBe(0);
    expect(controller.getState().waiting).toBe(2);
    setNetwork(true);
    controller.networkChanged();
    await controller.flush();
    expect(controller.getState()).toMatchObject({ waiting: 0, online: true });
    expect(server.records).toHaveLength(2);
  });

  it('two flushes at once replay the queue once', async () => {
    const { server, controller } = await setup();
    server.up = false;
    await controller.submit('check-in', 'e1', 't');
    await controller.submit('check-in', 'e2', 't');
    server.up = true;
    server.calls = 0;
    await Promise.all([controller.flush(), controller.flush()]);
    expect(server.calls).toBe(2);
    expect(server.records).toHaveLength(2);
  });
});
