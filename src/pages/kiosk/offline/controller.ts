// The offline kiosk's brain, without React: submit a punch live when the server can be reached,
// queue it (with its original time) when it cannot, and replay the queue in order when the
// connection returns. A refusal by the server (Already Checked In, …) is an answer, never queued.
import type { PunchAction } from '../../../fingerprint/scanner/protocol.ts';
import { isRefusal } from './failure.ts';
import { newPress, newPunch, type PunchQueue, type QueuedPress, type QueuedPunch } from './queue.ts';
import { replayQueue, type ReplayOne, type ReplayReport } from './replay.ts';

export type LivePunch<T> = (action: PunchAction, employeeId: string, deviceId: string | null) => Promise<T>;

export type SubmitResult<T> = { status: 'recorded'; result: T } | { status: 'queued'; punch: QueuedPunch };

export interface OfflineState {
  /** Punches waiting in the queue. */
  waiting: number;
  /** False while the network or the backend is known to be down. */
  online: boolean;
  /** The last replay's answers (refused punches carry their reason). */
  lastReport: ReplayReport | null;
}

export interface OfflineControllerOptions<T> {
  queue: PunchQueue | Promise<PunchQueue>;
  live: LivePunch<T>;
  replayOne: ReplayOne;
  /** The browser's own idea of the network (navigator.onLine). */
  networkUp?: () => boolean;
  now?: () => Date;
}

export interface OfflineController<T> {
  getState(): OfflineState;
  subscribe(listener: () => void): () => void;
  submit(action: PunchAction, employeeId: string, deviceId: string | null): Promise<SubmitResult<T>>;
  /** Queues a verify site's press the server could not check (replayed after earlier punches). */
  enqueuePress(action: PunchAction, press: QueuedPress, deviceId: string | null): Promise<QueuedPunch>;
  /** Replays the queue now (one replay at a time); resolves when it is done or interrupted. */
  flush(): Promise<ReplayReport | null>;
  /** The network came back or went away (the page's online/offline events). */
  networkChanged(): void;
}

export function createOfflineController<T>(options: OfflineControllerOptions<T>): OfflineController<T> {
  const networkUp =
    options.networkUp ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const now = options.now ?? (() => new Date());
  const queue = Promise.resolve(options.queue);
  let backendDown = false;
  let state: OfflineState = { waiting: 0, online: networkUp(), lastReport: null };
  const listeners = new Set<() => void>();
  let running: Promise<ReplayReport | null> | null = null;

  const set = (patch: Partial<OfflineState>) => {
    const next = { ...state, ...patch, online: networkUp() && !backendDown };
    if (
      next.waiting === state.waiting &&
      next.online === state.online &&
      next.lastReport === state.lastReport
    )
      return;
    state = next;
    for (const listener of listeners) listener();
  };

  const refreshCount = async () => set({ waiting: await (await queue).count() });
  void refreshCount();

  const flush = (): Promise<ReplayReport | null> => {
    if (running) return running;
    running = (async () => {
      try {
        const q = await queue;
        if ((await q.count()) === 0) {
          backendDown = false;
          set({ waiting: 0 });
          return null;
        }
        if (!networkUp()) {
          set({});
          return null;
        }
        const report = await replayQueue(q, options.replayOne);
        backendDown = report.interrupted;
        set({ waiting: report.remaining, lastReport: report });
        return report;
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const enqueue = async (action: PunchAction, employeeId: string, deviceId: string | null) => {
    const punch = newPunch(action, employeeId, deviceId, now());
    const q = await queue;
    await q.add(punch);
    set({ waiting: await q.count() });
    return { status: 'queued', punch } as const;
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async submit(action, employeeId, deviceId) {
      // Earlier punches first: a check-out must not overtake the queued check-in it closes.
      if ((await (await queue).count()) > 0) await flush();
      if (!networkUp() || state.waiting > 0) return enqueue(action, employeeId, deviceId);
      try {
        const result = await options.live(action, employeeId, deviceId);
        if (backendDown) {
          backendDown = false;
          set({});
        }
        return { status: 'recorded', result };
      } catch (error) {
        if (isRefusal(error)) throw error;
        backendDown = true;
        return enqueue(action, employeeId, deviceId);
      }
    },
    async enqueuePress(action, press, deviceId) {
      const punch = newPress(action, press, deviceId, now());
      const q = await queue;
      await q.add(punch);
      backendDown = true;
      set({ waiting: await q.count() });
      return punch;
    },
    flush,
    networkChanged() {
      set({});
      if (networkUp()) void flush();
    },
  };
}
