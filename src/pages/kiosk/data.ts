// The kiosk's data: its device id and a punch from it (the punch feature, as a fingerprint punch from
// this tablet). The offline queue (offline/) wraps the punch; the kiosk runs outside Refine, so the
// state machine calls these functions directly rather than through query hooks.
import { punch, type PunchAction, type PunchRecord } from '../../features/punch/index.ts';

/** Checks the employee in or out from this kiosk; rejects with a DbError. */
export function kioskPunch(
  action: PunchAction,
  employeeId: string,
  deviceId: string | null,
): Promise<PunchRecord> {
  return punch(action, employeeId, { source: 'fingerprint', ...(deviceId ? { device: deviceId } : {}) });
}

const DEVICE_KEY = 'pointage.kiosk.device';

/** This tablet's device id (made once, kept in localStorage), recorded on each punch. */
export function kioskDeviceId(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string {
  let id = storage.getItem(DEVICE_KEY);
  if (!id) {
    id = `kiosk-${crypto.randomUUID().slice(0, 8)}`;
    storage.setItem(DEVICE_KEY, id);
  }
  return id;
}
