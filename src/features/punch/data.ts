// The one way to record a punch: check-in and check-out (the kiosk, both portals, the dashboard's
// quick attendance, the attendance page), HR's manual entry, and the offline kiosk's replay of a
// queued punch. Each call fails with a DbError; its refusal's text is refusalText() (refusal.ts).
import type { PunchAction } from '../../fingerprint/scanner/protocol.ts';
import type { Database } from '../../data/database.types.ts';
import { rpc, type RpcResult } from '../../data/rpc.ts';

export type { PunchAction };

/** How a punch was taken (public.attendance_source). */
export type PunchSource = Database['public']['Enums']['attendance_source'];

/** The attendance record a punch wrote. */
export type PunchRecord = RpcResult<'check_in'>;

export interface PunchOptions {
  /** Default 'fingerprint'. Only a check-in records it (a check-out closes the open record). */
  source?: PunchSource;
  /** The device or screen that took it ('employee-portal', a kiosk's id…). */
  device?: string;
}

/** Checks the employee in or out; resolves with the record, rejects with a DbError (a refusal or a failure). */
export function punch(
  action: PunchAction,
  employeeId: string,
  options: PunchOptions = {},
): Promise<PunchRecord> {
  if (action === 'check-out') return rpc('check_out', { p_employee_id: employeeId });
  return rpc('check_in', {
    p_employee_id: employeeId,
    p_source: options.source ?? 'fingerprint',
    ...(options.device ? { p_device: options.device } : {}),
  });
}

/**
 * One tap (the kiosk): checks the person in when they have no open record, out when they have one;
 * the database decides from the open record, in one transaction. A press repeating the person's last
 * punch within the settings' interval is refused as 'punch.already_recorded'.
 */
export function oneTapPunch(employeeId: string, options: PunchOptions = {}): Promise<PunchRecord> {
  return rpc('one_tap_punch', {
    p_employee_id: employeeId,
    p_source: options.source ?? 'fingerprint',
    ...(options.device ? { p_device: options.device } : {}),
  });
}

/** What a punch did: a record without check-out is a check-in. */
export const punchActionOf = (record: Pick<PunchRecord, 'check_out'>): PunchAction =>
  record.check_out === null ? 'check-in' : 'check-out';

/** Manual Entry: a check-in recorded by HR or an admin for someone (status manual_checkin). */
export function manualEntry(employeeId: string): Promise<PunchRecord> {
  return rpc('manual_entry', { p_employee_id: employeeId });
}

/** A punch taken while the kiosk was offline, sent again with its original time and key. */
export interface OfflinePunch {
  /** Idempotency key (a uuid made when it was queued): the server records it once. */
  key: string;
  action: PunchAction;
  employeeId: string;
  /** When it was taken (ISO). */
  at: string;
  deviceId: string | null;
}

export type ReplayOutcome = 'accepted' | 'duplicate' | 'rejected';

export interface ReplayAnswer {
  outcome: ReplayOutcome;
  /** For a duplicate: what the first replay got. */
  firstOutcome?: 'accepted' | 'rejected';
  reason?: string | null;
}

interface ReplayRow {
  outcome: ReplayOutcome;
  first_outcome: 'accepted' | 'rejected';
  reason: string | null;
}

/** Replays one queued punch (replay_punch); rejects with a DbError (network, backend, refusal of the call). */
export async function replayPunch(queued: OfflinePunch): Promise<ReplayAnswer> {
  const row = (await rpc('replay_punch', {
    p_idempotency_key: queued.key,
    p_action: queued.action === 'check-in' ? 'check_in' : 'check_out',
    p_employee_id: queued.employeeId,
    p_punched_at: queued.at,
    ...(queued.deviceId ? { p_device: queued.deviceId } : {}),
  })) as unknown as ReplayRow;
  return { outcome: row.outcome, firstOutcome: row.first_outcome, reason: row.reason };
}
