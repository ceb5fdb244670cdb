// The manager portal's data, all scoped to the manager's team by RLS and the SQL functions: the
// team, its members' state today, its salary structures; archiving a member and notifying one. Live.
// The team's figures and latest punches come from the attendance-overview feature.
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../data/client.ts';
import type { Database } from '../../data/database.types.ts';
import { useLiveQueryOf } from '../../data/live.ts';
import { rpc, run } from '../../data/rpc.ts';
import type { SalaryStructure } from '../../features/salary-form/index.ts';

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
  return useLiveQueryOf(
    ['employees'],
    {
      queryKey: managerKeys.team(managerId, limit),
      queryFn: () => fetchTeam(managerId!, limit),
      enabled: on,
    },
    managerKeys.team(managerId, limit),
  );
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
  return useLiveQueryOf(['attendances'], {
    queryKey: managerKeys.states(ids),
    queryFn: async () =>
      ids.length ? ((await rpc('today_status', { p_employee_ids: ids })) as TodayState[]) : [],
    enabled,
  });
}

/** A team member's structure, whole: the manager amends their own pending proposals in the salary form. */
export type TeamSalary = SalaryStructure & { employees: { first_name: string; last_name: string } | null };

/** The 8 latest salary structures the manager may read (their team's). */
export async function fetchTeamPayroll(): Promise<TeamSalary[]> {
  const rows = await run(
    supabase()
      .from('salary_structures')
      .select('*, employees!salary_structures_employee_id_fkey(first_name, last_name)')
      .order('created_at', { ascending: false })
      .limit(8),
  );
  // jsonb columns: the shapes payroll.compute_pay writes (SalaryStructure).
  return (rows ?? []) as unknown as TeamSalary[];
}

export function useTeamPayroll() {
  return useLiveQueryOf(['salary_structures'], {
    queryKey: managerKeys.payroll(),
    queryFn: fetchTeamPayroll,
  });
}

/** Archive a member (archive_employee: their account closes, their history stays). */
export function useArchiveEmployee() {
  return useMutation({
    mutationFn: (employeeId: string) => rpc('archive_employee', { p_employee_id: employeeId }),
  });
}

/** Who a notification goes to: one person, the manager's whole team, or one department. */
export type Audience =
  { kind: 'person'; employeeId: string } | { kind: 'team' } | { kind: 'department'; departmentId: string };

/** Sends a titled notification (send_notification: a manager reaches their team only); how many received it. */
export function useSendNotification() {
  return useMutation({
    mutationFn: ({ audience, title, message }: { audience: Audience; title: string; message: string }) =>
      rpc('send_notification', {
        p_audience: audience.kind,
        p_title: title,
        p_message: message,
        ...(audience.kind === 'person' && { p_target: audience.employeeId }),
        ...(audience.kind === 'department' && { p_target: audience.departmentId }),
      }),
  });
}

/** Withdraws the manager's own pending proposal (withdraw_salary_proposal: audited; refused otherwise). */
export const useWithdrawProposal = () =>
  useMutation({ mutationFn: (id: string) => rpc('withdraw_salary_proposal', { p_id: id }) });
