// Attendance tracking's data: the day's records are a Refine table (hooks/useDayRecords.ts, this
// select); the rest are typed fetchers with their query keys and hooks. Punches and Manual Entry go
// through the punch feature.
import { useMutation, useQuery } from '@tanstack/react-query';
import { supabase } from '../../data/client.ts';
import { useLiveQueryOf } from '../../data/live.ts';
import { rpc, run, type RpcArgs, type RpcResult } from '../../data/rpc.ts';

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

export const attendanceKeys = {
  all: ['attendance-page'] as const,
  localDay: () => [...attendanceKeys.all, 'local-day'] as const,
  matching: (text: string) => [...attendanceKeys.all, 'matching', text] as const,
  missed: () => [...attendanceKeys.all, 'missed'] as const,
  history: (id: string | undefined) => [...attendanceKeys.all, 'history', id] as const,
  manual: (text: string, today: string | undefined) =>
    [...attendanceKeys.all, 'manual', text, today] as const,
};

/** The signed-in person's site-local day (YYYY-MM-DD). */
export const fetchLocalDay = () => rpc('my_local_day');

export function useLocalDay() {
  return useQuery({ queryKey: attendanceKeys.localDay(), queryFn: fetchLocalDay, staleTime: Infinity });
}

/** The ids a search by name, e-mail or id matches (at most 200), or null for no search. */
export async function fetchMatchingEmployeeIds(text: string): Promise<string[] | null> {
  const term = text.trim();
  if (!term) return null;
  if (isUuid(term)) return [term];
  const like = `%${term.replace(/[,()*%\\]/g, ' ').trim()}%`;
  const rows = await run(
    supabase()
      .from('employees')
      .select('id')
      .or(`first_name.ilike.${like},last_name.ilike.${like},email.ilike.${like}`)
      .limit(200),
  );
  return (rows ?? []).map((r) => r.id);
}

export function useMatchingEmployeeIds(text: string) {
  return useQuery({ queryKey: attendanceKeys.matching(text), queryFn: () => fetchMatchingEmployeeIds(text) });
}

/** A person Manual Entry may punch: who they are, and the records its buttons' rules read. */
export interface ManualCandidate {
  id: string;
  name: string;
  personalNumber: string | null;
  email: string;
  /** Their open record and today's records (check_out null: open), latest first. */
  records: { date: string; check_out: string | null }[];
}

/** Manual Entry's search: active people whose name, e-mail or personal number holds every word typed,
 * or whose id it is (at most 8), with the records the buttons need. */
export async function fetchManualCandidates(text: string, today: string): Promise<ManualCandidate[]> {
  const term = text.trim();
  if (!term) return [];
  let query = supabase()
    .from('employees')
    .select('id, first_name, last_name, personal_number, email')
    .eq('status', 'active')
    .neq('role', 'kiosk');
  if (isUuid(term)) query = query.eq('id', term);
  else
    for (const word of term
      .replace(/[,()*%\\:"]/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 4)) {
      const like = `%${word}%`;
      query = query.or(
        `first_name.ilike.${like},last_name.ilike.${like},email.ilike.${like},personal_number.ilike.${like}`,
      );
    }
  const people = (await run(query.order('first_name').order('last_name').limit(8))) ?? [];
  if (people.length === 0) return [];
  const records =
    (await run(
      supabase()
        .from('attendances')
        .select('employee_id, date, check_out, check_in')
        .in(
          'employee_id',
          people.map((p) => p.id),
        )
        .or(`check_out.is.null,date.eq.${today}`)
        .order('check_in', { ascending: false }),
    )) ?? [];
  return people.map((p) => ({
    id: p.id,
    name: `${p.first_name} ${p.last_name}`.trim(),
    personalNumber: p.personal_number,
    email: p.email,
    records: records.filter((r) => r.employee_id === p.id),
  }));
}

/** Live: a punch (from this card or anywhere) changes what the card offers for a person. */
export function useManualCandidates(text: string, today: string | undefined) {
  return useLiveQueryOf(['attendances'], {
    queryKey: attendanceKeys.manual(text, today),
    queryFn: () => fetchManualCandidates(text, today ?? ''),
    enabled: Boolean(text.trim() && today),
  });
}

export type MissedPunch = RpcResult<'missed_punches'>[number];

/** Missed check-ins (a shift started, nobody punched) and missed check-outs (records left open); live. */
export function useMissedPunches() {
  return useLiveQueryOf(['attendances'], {
    queryKey: attendanceKeys.missed(),
    queryFn: () => rpc('missed_punches', {}),
  });
}

export type HistoryEntry = Omit<RpcResult<'attendance_history'>[number], 'diff'> & {
  diff: Record<string, unknown> & { reason?: string };
};

/** A record's corrections (the audit log's entries for it). */
export function useAttendanceHistory(id: string | undefined) {
  return useQuery({
    queryKey: attendanceKeys.history(id),
    queryFn: async () => (await rpc('attendance_history', { p_attendance_id: id! })) as HistoryEntry[],
    enabled: Boolean(id),
  });
}

/** Correct a record's times with a reason (correct_attendance writes the audit log). */
export function useCorrectAttendance() {
  return useMutation({
    mutationFn: (args: RpcArgs<'correct_attendance'>) => rpc('correct_attendance', args),
  });
}
