// The server side of the offline queue: the live RPCs and replay_punch over supabase-js.
import type { PunchAction } from '../../../fingerprint/scanner/protocol.ts';
import { loadSupabase } from '../../../data/client.ts';
import type { ReplayAnswer } from './replay.ts';
import type { QueuedPunch } from './queue.ts';

const rpcAction = (action: PunchAction) => (action === 'check-in' ? 'check_in' : 'check_out');

/** A live punch through check_in/check_out (used when the kiosk screen gives none of its own). */
export async function livePunch(action: PunchAction, employeeId: string, deviceId: string | null) {
  const { data, error } =
    action === 'check-in'
      ? await (
          await loadSupabase()
        ).rpc('check_in', {
          p_employee_id: employeeId,
          p_source: 'fingerprint',
          p_device: deviceId ?? undefined,
        })
      : await (await loadSupabase()).rpc('check_out', { p_employee_id: employeeId });
  if (error) throw error;
  return data as unknown;
}

interface ReplayRow {
  outcome: ReplayAnswer['outcome'];
  first_outcome: 'accepted' | 'rejected';
  reason: string | null;
}

/** Replays one queued punch; throws the PostgREST error (network, backend, refusal of the call). */
export async function replayPunch(punch: QueuedPunch): Promise<ReplayAnswer> {
  const { data, error } = await (
    await loadSupabase()
  ).rpc('replay_punch', {
    p_idempotency_key: punch.key,
    p_action: rpcAction(punch.action),
    p_employee_id: punch.employeeId,
    p_punched_at: punch.at,
    p_device: punch.deviceId ?? undefined,
  });
  if (error) throw error;
  const row = data as unknown as ReplayRow;
  return { outcome: row.outcome, firstOutcome: row.first_outcome, reason: row.reason };
}
