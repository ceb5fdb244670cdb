// Payroll test data through the workflow, as the people who would do it: HR proposes a US
// structure and an admin approves it; HR generates a run for a month of the US site.
import type { Org } from './org.ts';

export async function approvedStructure(org: Org, employeeId: string, basic: number): Promise<void> {
  const { data, error } = await org.hr.supabase.rpc('create_salary_structures', {
    p_employee_ids: [employeeId],
    p_fields: { country: 'US', frequency: 'monthly', basic_salary: basic, effective_date: '2026-01-01' },
  });
  if (error) throw error;
  const approved = await org.admin.supabase.rpc('set_salary_approval', {
    p_id: (data as Array<{ id: string }>)[0]!.id,
    p_status: 'approved',
  });
  if (approved.error) throw approved.error;
}

export interface RunRecord {
  id: string;
  employee_id: string;
  net_pay: string;
  gross_pay: string;
}

/** A run for `month` ('2026-01') of the US site, with its records (by employee name). */
export async function newRun(org: Org, month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const { data, error } = await org.hr.supabase.rpc('generate_payroll_run', {
    p_site_id: org.sites.us,
    p_period_start: `${month}-01`,
    p_period_end: end,
  });
  if (error) throw error;
  const run = data as { id: string; employee_count: number };
  const records = (
    await org.db.query<RunRecord>(
      'select id, employee_id, net_pay, gross_pay from public.payroll_records where run_id = $1 order by employee_name',
      [run.id],
    )
  ).rows;
  const of = (employeeId: string) => records.find((r) => r.employee_id === employeeId)!;
  return { id: run.id, employeeCount: run.employee_count, records, of };
}
