// The manager portal's data, all scoped to the manager's team by RLS and the SQL functions: the
// team, its members' state today, its salary structures; archiving a member and notifying one. Live.
// The team's figures and latest punches come from the attendance-overview feature.
import { useMutation, useQuery } from '@tanstack/react-query';
import { supabase } from '../../data/client.ts';
import type { Database } from '../../data/database.types.ts';
import { useLiveQuery } from '../../data/live.ts';
import { rpc, run } from '../../data/rpc.ts';

type Employee = Database['public']['Tables']['employees']['Row'];

export type TeamMember = Pick<
  Employee,
  'id' | 'first_name' | 'last_name' | 'email' | 'phone' | 'position' | 'department_id' | 'site_id'
> & { role: 'employee' | 'manager' };

export interface Team {
  /** The manager's site: where a member they add works. */
  siteId: string | null;
  departments: { id: string; name: string }[];
  members: TeamMember[];
}

export const managerKeys = {
  all: ['manager-portal'] as const,
  team: (managerId: string | undefined, limit: number) =>
    [...managerKeys.all, 'team', managerId, limit] as const,
  states: (ids: string[]) => [...managerKeys.all, 'states', ids.join(',')] as const,
  payroll: () => [...managerKeys.all, 'payroll'] as const,
};

/** The departments the manager manages and their first `limit` active people (the manager excluded). */
export async function fetchTeam(managerId: string, limit: number): Promise<Team> {
  const managed = await run(
    supabase().from('department_managers').select('departments(id, name)').eq('employee_id', managerId),
  );
  const departments = (managed ?? []).flatMap((d) => (d.departments ? [d.departments] : []));
  const mine = await run(
    supabase().from('employees').select('site_id').eq('id', managerId).maybeSingle(),
  ).catch(() => null);
  const siteId = mine?.site_id ?? null;
  if (!departments.length) return { siteId, departments, members: [] };
  const members = await run(
    supabase()
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
      .limit(limit),
  );
  return { siteId, departments, members: (members ?? []) as TeamMember[] };
}

/** The team (the overview shows 5; the dialogs' pickers ask for up to 200 once one opens). */
export function useTeam(managerId: string | undefined, limit: number, enabled = true) {
  const on = Boolean(managerId) && enabled;
  useLiveQuery(['employees'], managerKeys.team(managerId, limit), on);
  return useQuery({
    queryKey: managerKeys.team(managerId, limit),
    queryFn: () => fetchTeam(managerId!, limit),
    enabled: on,
  });
}

export interface TodayState {
  employee_id: string;
  /** Without a record today, why: absent, or (the one definition of expected presence) on leave, a holiday, not a working day. */
  state: 'absent' | 'present' | 'completed' | 'on_leave' | 'holiday' | 'off';
  late: boolean;
  /** The day of a check-in left open on an earlier day (null: none, or today's). */
  open_since: string | null;
  holiday_name: string | null;
  leave_type: string | null;
}

/** Each member's state today (absent, present, completed; late; a check-in left open). */
export function useTodayStates(ids: string[], enabled: boolean) {
  useLiveQuery(['attendances'], managerKeys.states(ids), enabled);
  return useQuery({
    queryKey: managerKeys.states(ids),
    queryFn: async () =>
      ids.length ? ((await rpc('today_status', { p_employee_ids: ids })) as TodayState[]) : [],
    enabled,
  });
}

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
export async function fetchTeamPayroll(): Promise<TeamSalary[]> {
  const rows = await run(
    supabase()
      .from('salary_structures')
      .select(
        'id, employee_id, gross_salary, net_salary, currency, effective_date, approval_status, payment_status, employees!salary_structures_employee_id_fkey(first_name, last_name)',
      )
      .order('created_at', { ascending: false })
      .limit(8),
  );
  return (rows ?? []) as TeamSalary[];
}

export function useTeamPayroll() {
  useLiveQuery(['salary_structures'], managerKeys.payroll());
  return useQuery({ queryKey: managerKeys.payroll(), queryFn: fetchTeamPayroll });
}

/** Archive a member (archive_employee: their account closes, their history stays). */
export function useArchiveEmployee() {
  return useMutation({
    mutationFn: (employeeId: string) => rpc('archive_employee', { p_employee_id: employeeId }),
  });
}

/** Send a notification to a team member (the database lets a manager notify their team only). */
export function useSendNotification() {
  return useMutation({
    mutationFn: ({ employeeId, message }: { employeeId: string; message: string }) =>
      run(supabase().from('notifications').insert({ employee_id: employeeId, message })),
  });
}
