// Attendance tracking's reads and actions (RPCs refuse with the spec's messages).
import { rpcRows } from '../../components/daily/data.ts';
import { supabase } from '../../data/client.ts';

export interface AttendanceRow {
  id: string;
  employee_id: string;
  date: string;
  check_in: string;
  check_out: string | null;
  total_hours: number | null;
  status: 'checked_in' | 'checked_out';
  punctuality: 'on_time' | 'late';
  source: string;
  corrected_at: string | null;
  correction_reason: string | null;
  sites: { time_zone: string } | null;
  employees: { first_name: string; last_name: string } | null;
}

export const ATTENDANCE_SELECT =
  'id, employee_id, date, check_in, check_out, total_hours, status, punctuality, source, corrected_at, correction_reason, sites(time_zone), employees!attendances_employee_id_fkey(first_name, last_name)';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (text: string) => UUID.test(text.trim());

/** The ids a search by name, e-mail or id matches (at most 200), or null for no search. */
export async function matchingEmployeeIds(text: string): Promise<string[] | null> {
  const term = text.trim();
  if (!term) return null;
  if (isUuid(term)) return [term];
  const like = `%${term.replace(/[,()*%\\]/g, ' ').trim()}%`;
  const { data, error } = await supabase()
    .from('employees')
    .select('id')
    .or(`first_name.ilike.${like},last_name.ilike.${like},email.ilike.${like}`)
    .limit(200);
  if (error) throw new Error(error.message);
  return (data as { id: string }[]).map((r) => r.id);
}

/** An employee's id from what was typed in Manual Entry: the id itself, or an e-mail. */
export async function resolveEmployee(text: string): Promise<{ id: string; name: string } | null> {
  const term = text.trim();
  const query = supabase().from('employees').select('id, first_name, last_name');
  const { data } = await (isUuid(term) ? query.eq('id', term) : query.ilike('email', term)).maybeSingle();
  if (!data) return null;
  const row = data as { id: string; first_name: string; last_name: string };
  return { id: row.id, name: `${row.first_name} ${row.last_name}`.trim() };
}

export interface MissedPunch {
  kind: 'missed_check_in' | 'missed_check_out';
  employee_id: string;
  employee_name: string;
  shift_name: string | null;
  expected_at: string;
  attendance_id: string | null;
}

export const loadMissedPunches = () => rpcRows<MissedPunch>('missed_punches');

export interface HistoryEntry {
  at: string;
  actor_name: string;
  action: string;
  diff: Record<string, unknown> & { reason?: string };
}

export const loadHistory = (id: string) =>
  rpcRows<HistoryEntry>('attendance_history', { p_attendance_id: id });

/** A check-in or check-out from this page (the inline scanner); the database refuses with the spec's messages. */
export async function punch(employeeId: string, action: 'check-in' | 'check-out') {
  const { error } =
    action === 'check-in'
      ? await supabase().rpc('check_in', {
          p_employee_id: employeeId,
          p_source: 'fingerprint',
          p_device: 'attendance-page',
        })
      : await supabase().rpc('check_out', { p_employee_id: employeeId });
  return error;
}

/** Manual Entry: a check-in recorded by HR or an admin (status manual_checkin). */
export async function manualEntry(employeeId: string) {
  const { error } = await supabase().rpc('manual_entry', { p_employee_id: employeeId });
  return error;
}
