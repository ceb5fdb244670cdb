// The manager portal's reads, all scoped to the manager's team by RLS and the SQL functions.
import { rpcRows } from '../../components/daily/data.ts';
import { supabase } from '../../data/client.ts';

export interface TeamMember {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  position: string | null;
  role: 'employee' | 'manager';
  department_id: string | null;
  site_id: string | null;
}

export interface Team {
  /** The manager's site: where a member they add works. */
  siteId: string | null;
  departments: { id: string; name: string }[];
  members: TeamMember[];
}

/** The departments the manager manages and their first `limit` active people (the manager excluded). */
export async function loadTeam(managerId: string, limit: number): Promise<Team> {
  const { data: managed, error } = await supabase()
    .from('department_managers')
    .select('departments(id, name)')
    .eq('employee_id', managerId);
  if (error) throw new Error(error.message);
  const departments = (managed as unknown as { departments: { id: string; name: string } }[]).map(
    (d) => d.departments,
  );
  const { data: mine } = await supabase()
    .from('employees')
    .select('site_id')
    .eq('id', managerId)
    .maybeSingle();
  const siteId = (mine as { site_id: string | null } | null)?.site_id ?? null;
  if (!departments.length) return { siteId, departments, members: [] };
  const { data, error: e2 } = await supabase()
    .from('employees')
    .select('id, first_name, last_name, email, phone, position, role, department_id, site_id')
    .in(
      'department_id',
      departments.map((d) => d.id),
    )
    .eq('status', 'active')
    .neq('id', managerId)
    .order('first_name')
    .order('last_name')
    .limit(limit);
  if (e2) throw new Error(e2.message);
  return { siteId, departments, members: data as TeamMember[] };
}

export interface TodayState {
  employee_id: string;
  state: 'absent' | 'present' | 'completed';
  late: boolean;
  /** The day of a check-in left open on an earlier day (null: none, or today's). */
  open_since: string | null;
}

export const loadTodayStates = (ids: string[]) =>
  ids.length ? rpcRows<TodayState>('today_status', { p_employee_ids: ids }) : Promise.resolve([]);

export interface TeamSalary {
  id: string;
  employee_id: string;
  gross_salary: number;
  net_salary: number;
  currency: string;
  effective_date: string;
  approval_status: 'pending' | 'approved' | 'rejected';
  payment_status: string;
  employees: { first_name: string; last_name: string } | null;
}

/** The 8 latest salary structures the manager may read (their team's). */
export async function loadTeamPayroll(): Promise<TeamSalary[]> {
  const { data, error } = await supabase()
    .from('salary_structures')
    .select(
      'id, employee_id, gross_salary, net_salary, currency, effective_date, approval_status, payment_status, employees!salary_structures_employee_id_fkey(first_name, last_name)',
    )
    .order('created_at', { ascending: false })
    .limit(8);
  if (error) throw new Error(error.message);
  return data as unknown as TeamSalary[];
}
