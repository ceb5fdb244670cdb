// What the admin dashboard reads (figures and latest punches: the attendance-overview feature):
// employee search, Quick Attendance's people, the calendar and the analytics. Short lists (≤ 20
// rows), figures computed in SQL. Quick Attendance punches through the punch feature.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { supabase } from '../../data/client.ts';
import { useLiveQueryOf } from '../../data/live.ts';
import { rpc, run, type RpcResult } from '../../data/rpc.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  search: (text: string) => [...dashboardKeys.all, 'search', text] as const,
  quick: () => [...dashboardKeys.all, 'quick'] as const,
  analytics: () => [...dashboardKeys.all, 'analytics'] as const,
  sites: () => [...dashboardKeys.all, 'sites'] as const,
  calendar: (month: string, site: string | null) => [...dashboardKeys.all, 'calendar', month, site] as const,
  holidays: () => [...dashboardKeys.all, 'holidays-today'] as const,
};

export interface SearchResult {
  id: string;
  first_name: string | null;
  last_name: string | null;
  position: string | null;
  email: string | null;
  departments: { name: string } | null;
}

export async function searchEmployees(text: string): Promise<SearchResult[]> {
  const term = text.replace(/[,()*%\\]/g, ' ').trim();
  if (!term) return [];
  const like = `%${term}%`;
  const rows = await run(
    supabase()
      .from('employees')
      .select('id, first_name, last_name, position, email, departments!employees_department_id_fkey(name)')
      .neq('role', 'kiosk')
      .or(`first_name.ilike.${like},last_name.ilike.${like},email.ilike.${like},position.ilike.${like}`)
      .order('first_name')
      .limit(20),
  );
  return (rows ?? []) as SearchResult[];
}

/** Results only once something is typed. */
export function useEmployeeSearch(text: string) {
  return useQuery({
    queryKey: dashboardKeys.search(text),
    queryFn: () => searchEmployees(text),
    enabled: text.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

export interface QuickPerson {
  id: string;
  first_name: string;
  last_name: string;
  departments: { name: string } | null;
  /** Without a record today, why: absent, or (the one definition of expected presence) on leave, a holiday, not a working day. */
  state: 'absent' | 'present' | 'completed' | 'on_leave' | 'holiday' | 'off';
  holiday_name: string | null;
  leave_type: string | null;
  /** The site-local day of a check-in left open on an earlier day (still present; Check Out closes it). */
  open_since: string | null;
}

/** The first 5 active employees (by first name) with their state today. */
export async function fetchQuickAttendance(): Promise<QuickPerson[]> {
  const people = ((await run(
    supabase()
      .from('employees')
      .select('id, first_name, last_name, departments!employees_department_id_fkey(name)')
      .eq('status', 'active')
      .neq('role', 'kiosk')
      .order('first_name')
      .order('last_name')
      .limit(5),
  )) ?? []) as Omit<QuickPerson, 'state' | 'open_since' | 'holiday_name' | 'leave_type'>[];
  const states = await rpc('today_status', { p_employee_ids: people.map((p) => p.id) });
  const byId = new Map(states.map((s) => [s.employee_id, s]));
  return people.map((p) => ({
    ...p,
    state: (byId.get(p.id)?.state ?? 'absent') as QuickPerson['state'],
    open_since: byId.get(p.id)?.open_since ?? null,
    holiday_name: byId.get(p.id)?.holiday_name ?? null,
    leave_type: byId.get(p.id)?.leave_type ?? null,
  }));
}

export function useQuickAttendance() {
  return useLiveQueryOf(['attendances'], { queryKey: dashboardKeys.quick(), queryFn: fetchQuickAttendance });
}

export type AnalyticsPoint = Omit<RpcResult<'attendance_analytics'>[number], 'series'> & {
  series: 'rate_by_day' | 'leave_by_day' | 'late_by_department' | 'hours_by_week';
};

/** Attendance rate and people on leave by day, lateness by department, hours by week over 30 days. */
export function useAnalytics() {
  return useQuery({
    queryKey: dashboardKeys.analytics(),
    queryFn: async () => (await rpc('attendance_analytics', { p_days: 30 })) as AnalyticsPoint[],
  });
}

export function useSites() {
  return useQuery({
    queryKey: dashboardKeys.sites(),
    queryFn: async () => (await run(supabase().from('sites').select('id, name').order('name'))) ?? [],
  });
}

export type CalendarDay = RpcResult<'attendance_calendar'>[number];

/** A month per site-local day (`month`: its first day, YYYY-MM-DD), of one site or all; live. */
export function useCalendar(month: string, site: string | null) {
  const queryKey = dashboardKeys.calendar(month, site);
  return useLiveQueryOf(['attendances'], {
    queryKey,
    queryFn: () => rpc('attendance_calendar', { p_month: month, ...(site ? { p_site_id: site } : {}) }),
    placeholderData: keepPreviousData,
  });
}

/** A day as YYYY-MM-DD in a time zone (en-CA writes ISO dates). */
const dayIn = (at: Date, timeZone: string) => at.toLocaleDateString('en-CA', { timeZone });

export interface TodayHoliday {
  name: string;
  country: string;
}

/** The public holidays of today at each site (its own local day): read as their names, not as absences. */
export async function fetchTodayHolidays(now = new Date()): Promise<TodayHoliday[]> {
  const sites = (await run(supabase().from('sites').select('country, time_zone'))) ?? [];
  const todays = new Map(sites.map((s) => [`${s.country}|${dayIn(now, s.time_zone)}`, s.country]));
  if (todays.size === 0) return [];
  const days = [...new Set([...todays.keys()].map((k) => k.split('|')[1]!))];
  const rows =
    (await run(
      supabase().from('holidays').select('name, country, date').in('date', days).order('country'),
    )) ?? [];
  return rows
    .filter((h) => todays.has(`${h.country}|${h.date}`))
    .map((h) => ({ name: h.name, country: h.country }));
}

export function useTodayHolidays() {
  return useQuery({
    queryKey: dashboardKeys.holidays(),
    queryFn: () => fetchTodayHolidays(),
    staleTime: 10 * 60_000,
  });
}
