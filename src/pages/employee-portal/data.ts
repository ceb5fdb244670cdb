// The employee portal's reads: the person's own rows only (RLS), short lists, figures from SQL;
// live. Punches go through the punch feature.
import { supabase } from '../../data/client.ts';
import type { Database } from '../../data/database.types.ts';
import { useLiveQueryOf } from '../../data/live.ts';
import { rpc, run, type RpcResult } from '../../data/rpc.ts';

type Attendance = Database['public']['Tables']['attendances']['Row'];

export type MyRecord = Pick<
  Attendance,
  'id' | 'date' | 'check_in' | 'check_out' | 'total_hours' | 'punctuality' | 'source'
> & { sites?: { time_zone: string } | null };

export type MyDay = RpcResult<'my_day_summary'>[number];

export interface MyPortal {
  today: string;
  records: MyRecord[];
  summary: MyDay | undefined;
}

export const portalKeys = {
  all: ['employee-portal'] as const,
  day: (employeeId: string | undefined) => [...portalKeys.all, 'day', employeeId] as const,
  shifts: (employeeId: string | undefined) => [...portalKeys.all, 'shifts', employeeId] as const,
  payslips: (employeeId: string | undefined) => [...portalKeys.all, 'payslips', employeeId] as const,
};

/** Today's (site-local) date, the last 10 records and Today's Summary. */
export async function fetchMyPortal(employeeId: string): Promise<MyPortal> {
  const [today, records, summary] = await Promise.all([
    rpc('my_local_day'),
    run(
      supabase()
        .from('attendances')
        .select('id, date, check_in, check_out, total_hours, punctuality, source, sites(time_zone)')
        .eq('employee_id', employeeId)
        .order('check_in', { ascending: false })
        .limit(10),
    ),
    rpc('my_day_summary'),
  ]);
  return { today: String(today ?? ''), records: records ?? [], summary: summary[0] };
}

export function useMyPortal(employeeId: string | undefined) {
  return useLiveQueryOf(['attendances'], {
    queryKey: portalKeys.day(employeeId),
    queryFn: () => fetchMyPortal(employeeId!),
    enabled: Boolean(employeeId),
  });
}

export interface MyShift {
  shift_id: string;
  shifts: Pick<
    Database['public']['Tables']['shifts']['Row'],
    'name' | 'start_time' | 'end_time' | 'days_of_week' | 'break_duration'
  > | null;
}

export async function fetchMyShifts(employeeId: string): Promise<MyShift[]> {
  const rows = await run(
    supabase()
      .from('shift_assignments')
      .select('shift_id, shifts(name, start_time, end_time, days_of_week, break_duration)')
      .eq('employee_id', employeeId)
      .limit(20),
  );
  return (rows ?? []) as MyShift[];
}

export function useMyShifts(employeeId: string | undefined) {
  return useLiveQueryOf(['shift_assignments', 'shifts'], {
    queryKey: portalKeys.shifts(employeeId),
    queryFn: () => fetchMyShifts(employeeId!),
    enabled: Boolean(employeeId),
  });
}

export type Payslip = Pick<
  Database['public']['Tables']['paystubs']['Row'],
  | 'id'
  | 'payroll_record_id'
  | 'salary_structure_id'
  | 'period_start'
  | 'period_end'
  | 'gross'
  | 'net'
  | 'currency'
>;

export async function fetchMyPayslips(employeeId: string): Promise<Payslip[]> {
  const rows = await run(
    supabase()
      .from('paystubs')
      .select('id, payroll_record_id, salary_structure_id, period_start, period_end, gross, net, currency')
      .eq('employee_id', employeeId)
      .order('period_end', { ascending: false })
      .limit(12),
  );
  return rows ?? [];
}

export function useMyPayslips(employeeId: string | undefined) {
  return useLiveQueryOf(['paystubs'], {
    queryKey: portalKeys.payslips(employeeId),
    queryFn: () => fetchMyPayslips(employeeId!),
    enabled: Boolean(employeeId),
  });
}
