// The kiosk's data access: one seam for a punch, so the offline queue can wrap it.
import type { PunchAction } from '../../fingerprint/scanner/protocol.ts';
import { supabase } from '../../data/client.ts';

export interface PunchRecord {
  id: string;
  employee_id: string;
  check_in: string;
  check_out: string | null;
  total_hours: number | null;
  status: 'checked_in' | 'checked_out';
}

export type PunchOutcome =
  | { ok: true; record: PunchRecord }
  /** `message` is the database's refusal code ('punch.already_checked_in', …), `hint` its machine hint. */
  | { ok: false; message: string; hint: string; code?: string; details?: string };

/** Check an employee in or out through the RPCs, as a fingerprint punch from this kiosk's device. */
export async function punch(
  action: PunchAction,
  employeeId: string,
  deviceId: string,
): Promise<PunchOutcome> {
  const { data, error } =
    action === 'check-in'
      ? await supabase().rpc('check_in', {
          p_employee_id: employeeId,
          p_source: 'fingerprint',
          p_device: deviceId,
        })
      : await supabase().rpc('check_out', { p_employee_id: employeeId });
  if (error)
    return {
      ok: false,
      message: error.message,
      hint: error.hint ?? '',
      code: error.code ?? '',
      details: error.details ?? '',
    };
  const record = data as PunchRecord;
  return {
    ok: true,
    record: { ...record, total_hours: record.total_hours === null ? null : Number(record.total_hours) },
  };
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
