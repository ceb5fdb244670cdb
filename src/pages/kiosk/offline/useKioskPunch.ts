// The kiosk's punch behind the offline queue: recorded live when the server answers, queued (with
// its time) on a network or backend failure; a refusal by the database rejects with its DbError.
import type { PunchAction, PunchRecord } from '../../../features/punch/index.ts';
import { kioskPunch } from '../data.ts';
import type { QueuedPress } from './queue.ts';
import { useOfflineQueue } from './useOfflineQueue.ts';

export type KioskPunchOutcome = { status: 'recorded'; record: PunchRecord } | { status: 'queued' };

export function useKioskPunch() {
  const queue = useOfflineQueue<PunchRecord>(kioskPunch);
  const submit = async (
    action: PunchAction,
    employeeId: string,
    deviceId: string,
  ): Promise<KioskPunchOutcome> => {
    const result = await queue.submit(action, employeeId, deviceId);
    return result.status === 'recorded'
      ? { status: 'recorded', record: result.result }
      : { status: 'queued' };
  };
  /** A verify site's press the server could not check: queued with the number, verified at replay. */
  const queuePress = (action: PunchAction, press: QueuedPress, deviceId: string) =>
    queue.controller.enqueuePress(action, press, deviceId);
  return { punch: submit, queuePress, waiting: queue.waiting, online: queue.online };
}
