// The kiosk's offline queue as a hook: { waiting, online, submit }. submit() records the punch
// live when the server answers and queues it (IndexedDB, original time) on a network or backend
// failure; the queue is replayed in order when the page comes back online, and every
// RETRY_MS while punches wait (the backend may come back while the network never went away).
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { PunchAction } from '../../../fingerprint/scanner/protocol.ts';
import {
  createOfflineController,
  type LivePunch,
  type OfflineController,
  type SubmitResult,
} from './controller.ts';
import { replayQueued } from './data.ts';
import { openPunchQueue } from './queue.ts';

export const RETRY_MS = 10_000;

export interface OfflineQueue<T> {
  waiting: number;
  online: boolean;
  submit(action: PunchAction, employeeId: string, deviceId: string | null): Promise<SubmitResult<T>>;
  controller: OfflineController<T>;
}

export function useOfflineQueue<T>(live: LivePunch<T>): OfflineQueue<T> {
  const liveRef = useRef(live);
  liveRef.current = live;
  const [controller] = useState(() =>
    createOfflineController<T>({
      queue: openPunchQueue(),
      live: (action, employeeId, deviceId) => liveRef.current(action, employeeId, deviceId),
      replayOne: replayQueued,
    }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState);

  useEffect(() => {
    const changed = () => controller.networkChanged();
    window.addEventListener('online', changed);
    window.addEventListener('offline', changed);
    void controller.flush();
    return () => {
      window.removeEventListener('online', changed);
      window.removeEventListener('offline', changed);
    };
  }, [controller]);

  const pending = state.waiting > 0 || !state.online;
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => void controller.flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [controller, pending]);

  const submit = useCallback<OfflineQueue<T>['submit']>(
    (action, employeeId, deviceId) => controller.submit(action, employeeId, deviceId),
    [controller],
  );
  return { waiting: state.waiting, online: state.online, submit, controller };
}
