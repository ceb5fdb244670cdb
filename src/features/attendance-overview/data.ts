// Attendance at a glance, for the admin's dashboard (everyone) and the manager's portal (their
// departments): today's figures against the same weekday last week and the week's performance
// (computed in SQL, scoped to the caller there), and the latest punches. Live.
import { supabase } from '../../data/client.ts';
import { useLiveQueryOf } from '../../data/live.ts';
import { rpc, run, type RpcResult } from '../../data/rpc.ts';

export type Summary = Omit<RpcResult<'attendance_summary'>[number], never>;
export type Performance = Pick<
  RpcResult<'performance_week'>[number],
  'attendance_rate' | 'productivity' | 'on_time_rate'
>;

export interface Figures {
  today: Summary;
  lastWeek: Summary;
  performance: Performance;
}

const num = <T extends object>(row: T | undefined): T =>
  Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v ?? 0)])) as T;

export const overviewKeys = {
  all: ['attendance-overview'] as const,
  figures: (departmentIds?: string[]) =>
    [...overviewKeys.all, 'figures', departmentIds?.join(',') ?? '*'] as const,
  activities: (limit: number) => [...overviewKeys.all, 'activities', limit] as const,
};

/** Today, the same weekday last week, and the last 7 days (of these departments, or all the caller sees). */
export async function fetchFigures(departmentIds?: string[]): Promise<Figures> {
  const args = departmentIds ? { p_department_ids: departmentIds } : {};
  const [today, lastWeek, performance] = await Promise.all([
    rpc('attendance_summary', { p_date_offset: 0, ...args }),
    rpc('attendance_summary', { p_date_offset: -7, ...args }),
    rpc('performance_week', args),
  ]);
  return { today: num(today[0]), lastWeek: num(lastWeek[0]), performance: num(performance[0]) };
}

/** The figures; `departmentIds` undefined with `enabled` false waits (the manager's departments loading). */
export function useFigures(departmentIds?: string[], enabled = true) {
  const queryKey = overviewKeys.figures(departmentIds);
  return useLiveQueryOf(['attendances', 'employees'], {
    queryKey,
    queryFn: () => fetchFigures(departmentIds),
    enabled,
  });
}

export interface Activity {
  id: string;
  employee_id: string;
  check_in: string;
  check_out: string | null;
  punctuality: 'on_time' | 'late';
  sites?: { time_zone: string } | null;
  employees: { first_name: string; last_name: string } | null;
}

/** The latest punches (a check-in or a check-out), newest first. */
export async function fetchRecentActivities(limit: number): Promise<Activity[]> {
  const rows = await run(
    supabase()
      .from('attendances')
      .select(
        'id, employee_id, check_in, check_out, punctuality, employees!attendances_employee_id_fkey(first_name, last_name)',
      )
      .order('updated_at', { ascending: false })
      .order('check_in', { ascending: false })
      .limit(limit),
  );
  return (rows ?? []) as Activity[];
}

export function useRecentActivities(limit: number) {
  const queryKey = overviewKeys.activities(limit);
  return useLiveQueryOf(['attendances'], { queryKey, queryFn: () => fetchRecentActivities(limit) });
}
