// The kiosk's data: its device id and a punch from it (the punch feature, as a fingerprint punch from
// this tablet). The offline queue (offline/) wraps the punch; the kiosk runs outside Refine, so the
// state machine calls these functions directly rather than through query hooks.
import { rpc } from '../../data/rpc.ts';
import { oneTapPunch, punch, type PunchAction, type PunchRecord } from '../../features/punch/index.ts';
import type { Finger } from '../../fingerprint/scanner/protocol.ts';

/** Checks the employee in or out from this kiosk; rejects with a DbError. */
export function kioskPunch(
  action: PunchAction,
  employeeId: string,
  deviceId: string | null,
): Promise<PunchRecord> {
  return punch(action, employeeId, { source: 'fingerprint', ...(deviceId ? { device: deviceId } : {}) });
}

/** One tap from this kiosk: the database checks the person in or out from their open record. */
export function kioskOneTap(employeeId: string, deviceId: string | null): Promise<PunchRecord> {
  return oneTapPunch(employeeId, { source: 'fingerprint', ...(deviceId ? { device: deviceId } : {}) });
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

export type BiometricPolicy = 'identify' | 'verify';
const POLICY_KEY = 'pointage.kiosk.policy';

/**
 * The kiosk's site policy (Settings, per site): 'verify' asks the personal number before the thumb.
 * Kept on the tablet, so an offline kiosk still asks the number.
 */
export async function kioskPolicy(
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): Promise<BiometricPolicy> {
  try {
    const policy = await rpc('my_site_biometric_policy');
    if (policy === 'verify' || policy === 'identify') {
      storage.setItem(POLICY_KEY, policy);
      return policy;
    }
  } catch {
    // Offline: the last policy this tablet was told.
  }
  return storage.getItem(POLICY_KEY) === 'verify' ? 'verify' : 'identify';
}

/** The first name of the person with this number at the kiosk's site, or null (nobody, or offline). */
export async function kioskPersonFirstName(personalNumber: string): Promise<string | null> {
  try {
    const rows = await rpc('kiosk_person', { p_number: personalNumber });
    return rows[0]?.first_name ?? null;
  } catch {
    return null;
  }
}

/** The enrolled fingers of the person with this number at the kiosk's site ([] for nobody, or offline). */
export async function kioskPersonFingers(personalNumber: string): Promise<Finger[]> {
  try {
    return await rpc('kiosk_person_fingers', { p_number: personalNumber });
  } catch {
    return [];
  }
}
