// What the admin dashboard reads: figures from the database functions, short lists (≤ 20 rows).
import { supabase } from '../../data/client.ts';
import { rpcRow, rpcRows } from '../../components/daily/data.ts';

export interface Summary {
  total_employees: number;
  present: number;
  absent: number;
  late: number;
  checked_out: number;
  attendance_rate: number;
  on_time_rate: number;
}

export interface Performance {
  attendance_rate: number;
  productivity: number;
  on_time_rate: number;
}

export interface Figures {
  today: Summary;
  lastWeek: Summary;
  performance: Performance;
}

const num = <T extends object>(row: T | undefined): T =>
  Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v ?? 0)])) as T;

/** Today, the same weekday last week, and the last 7 days (scoped to the caller by the database). */
export async function loadFigures(departmentIds?: string[]): Promise<Figures> {
  const args = departmentIds ? { p_department_ids: departmentIds } : {};
  const [today, lastWeek, performance] = await Promise.all([
    rpcRow<Summary>('attendance_summary', { p_date_offset: 0, ...args }),
    rpcRow<Summary>('attendance_summary', { p_date_offset: -7, ...args }),
    rpcRow<Performance>('performance_week', args),
  ]);
  return { today: num(today), lastWeek: num(lastWeek), performance: num(performance) };
}

export interface Activity {
  id: string;
  employee_id: string;
  check_in: string;
  check_out: string | null;
  punctuality: 'on_time' | 'late';
  sites: { time_zone: string } | null;
  employees: { first_name: string; last_name: string } | null;
}

/** The latest punches (a check-in or a check-out), newest first. */
export async function loadRecentActivities(limit: number, employeeIds?: string[]): Promise<Activity[]> {
  let query = supabase()
    .from('attendances')
    .select(
      'id, employee_id, check_in, check_out, punctuality, employees!attendances_employee_id_fkey(first_name, last_name)',
    )
    .order('updated_at', { ascending: false })
    .order('check_in', { ascending: false })
    .limit(limit);
  if (employeeIds) query = query.in('employee_id', employeeIds);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data as unknown as Activity[];
}

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
  const { data, error } = await supabase()
    .from('employees')
    .select('id, first_name, last_name, position, email, departments!employees_department_id_fkey(name)')
    .neq('role', 'kiosk')
    .or(`first_name.ilike.${like},last_name.ilike.${like},email.ilike.${like},position.ilike.${like}`)
    .order('first_name')
    .limit(20);
  if (error) throw new Error(error.message);
  return data as unknown as SearchResult[];
}

export interface QuickPerson {
  id: string;
  first_name: string;
  last_name: string;
  departments: { name: string } | null;
  state: 'absent' | 'present' | 'completed';
  /** The site-local day of a check-in left open on an earlier day (still present; Check Out closes it). */
  open_since: string | null;
}

/** The first 5 active employees (by first name) with their state today. */
export async function loadQuickAttendance(): Promise<QuickPerson[]> {
  const { data, error } = await supabase()
    .from('employees')
    .select('id, first_name, last_name, departments!employees_department_id_fkey(name)')
    .eq('status', 'active')
    .neq('role', 'kiosk')
    .order('first_name')
    .order('last_name')
    .limit(5);
  if (error) throw new Error(error.message);
  const people = data as unknown as Omit<QuickPerson, 'state'>[];
  const states = await rpcRows<Pick<QuickPerson, 'state' | 'open_since'> & { employee_id: string }>(
    'today_status',
    { p_employee_ids: people.map((p) => p.id) },
  );
  const byId = new Map(states.map((s) => [s.employee_id, s]));
  return people.map((p) => ({
    ...p,
    state: byId.get(p.id)?.state ?? 'absent',
    open_since: byId.get(p.id)?.open_since ?? null,
  }));
}

/** Quick Attendance's Check In / Check Out: a manual punch recorded from the dashboard. */
export async function quickPunch(employeeId: string, action: 'in' | 'out') {
  const { error } =
    action === 'in'
      ? await supabase().rpc('check_in', {
          p_employee_id: employeeId,
          p_source: 'manual',
          p_device: 'dashboard',
        })
      : await supabase().rpc('check_out', { p_employee_id: employeeId });
  return error;
}
