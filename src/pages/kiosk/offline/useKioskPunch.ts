// The kiosk screen's punch seam (queries.ts punch()) behind the offline queue: a refusal by the
// database comes back as the seam's own outcome; a network or backend failure queues the punch.
import type { PunchAction } from '../../../fingerprint/scanner/protocol.ts';
import { punch, type PunchOutcome } from '../queries.ts';
import { isRefusal } from './failure.ts';
import type { QueuedPunch } from './queue.ts';
import { useOfflineQueue } from './useOfflineQueue.ts';

export type KioskPunchOutcome = PunchOutcome | { ok: 'queued'; punch: QueuedPunch };

async function livePunch(action: PunchAction, employeeId: string, deviceId: string | null) {
  const outcome = await punch(action, employeeId, deviceId ?? '');
  if (!outcome.ok && !isRefusal({ code: outcome.code })) {
    throw Object.assign(new Error(outcome.message), { code: outcome.code ?? '' });
  }
  return outcome;
}

export function useKioskPunch() {
  const queue = useOfflineQueue<PunchOutcome>(livePunch);
  const submit = async (
    action: PunchAction,
    employeeId: string,
    deviceId: string,
  ): Promise<KioskPunchOutcome> => {
    const result = await queue.submit(action, employeeId, deviceId);
    return result.status === 'recorded' ? result.result : { ok: 'queued', punch: result.punch };
  };
  return { punch: submit, waiting: queue.waiting, online: queue.online };
}
