// Payroll runs: records from approved structures and the period's attendance; draft → processed → paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
/** The March run: generated once, then regenerated, processed and paid (a period is paid once). */
let marchRunId: string;
const PERIOD = { p_period_start: '2026-03-01', p_period_end: '2026-03-31' };

beforeAll(async () => {
  org = await createOrg();
  // Approved monthly structures for the US site's employee and manager (the HR account creates, the admin approves).
  for (const [employeeId, basic] of [
    [org.employee.employeeId, 4000],
    [org.manager.employeeId, 6000],
  ] as const) {
    const { data, error } = await org.hr.supabase.rpc('create_salary_structures', {
      p_employee_ids: [employeeId],
      p_fields: {
        country: 'US',
        frequency: 'monthly',
        basic_salary: basic,
        hourly_rate: 25,
        effective_date: '2026-01-01',
      },
    });
    if (error) throw error;
    await org.admin.supabase.rpc('set_salary_approval', { p_id: data[0].id, p_status: 'approved' });
  }
  // March attendance for the employee: the week of 2 March has 45 hours (5 overtime), another 38.
  await org.db.query(
    `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, source)
     select $1, $2, d::date, d + time '14:00', d + time '14:00' + make_interval(hours => h), 'checked_out', 'manual'
     from (values ('2026-03-02'::date, 9), ('2026-03-03', 9), ('2026-03-04', 9), ('2026-03-05', 9), ('2026-03-06', 9),
                  ('2026-03-09', 8), ('2026-03-10', 8), ('2026-03-11', 8), ('2026-03-12', 8), ('2026-03-13', 6)) as v(d, h)`,
    [org.employee.employeeId, org.sites.us],
  );
});
afterAll(() => org?.stop());

const runRow = async (id: string) =>
  (await org.db.query('select * from public.payroll_runs where id = $1', [id])).rows[0];

describe('payroll runs', () => {
  it('splits hours per workweek: overtime is what exceeds 40', async () => {
    const { data, error } = await org.hr.supabase.rpc('weekly_hours', {
      p_start: PERIOD.p_period_start,
      p_end: PERIOD.p_period_end,
      p_employee_ids: [org.employee.employeeId],
    });
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        week_start: '2026-03-02',
        total_hours: 45,
        regular_hours: 40,
        overtime_hours: 5,
      }),
      expect.objectContaining({
        week_start: '2026-03-09',
        total_hours: 38,
        regular_hours: 38,
        overtime_hours: 0,
      }),
    ]);
    const month = await org.hr.supabase.rpc('hours_worked_in_month', { p_month: '2026-03-15' });
    expect(month.data).toEqual([{ employee_id: org.employee.employeeId, hours: 83 }]);
  });

  it('generates one record per employee with an approved structure, totals equal to the sum of its records', async () => {
    const { data: run, error } = await org.hr.supabase.rpc('generate_payroll_run', {
      p_site_id: org.sites.us,
      ...PERIOD,
    });
    expect(error).toBeNull();
    expect(run).toMatchObject({ status: 'draft', currency: 'USD', employee_count: 2 });
    marchRunId = run.id;
    const { rows } = await org.db.query(
      'select * from public.payroll_records where run_id = $1 order by employee_name',
      [run.id],
    );
    const employee = rows.find((r) => r.employee_id === org.employee.employeeId);
    expect(employee).toMatchObject({
      regular_hours: '78.00',
      overtime_hours: '5.00',
      overtime_pay: '187.50',
      gross_pay: '4187.50',
    });
    const sum = (key: string) => rows.reduce((total, r) => total + Math.round(Number(r[key]) * 100), 0) / 100;
    expect(Number(run.total_gross)).toBe(sum('gross_pay'));
    expect(Number(run.total_net)).toBe(sum('net_pay'));
    expect(Number(run.total_deductions)).toBe(sum('total_deductions'));
    // Who was left out, and why.
    expect(run.skipped.map((s: { reason: string }) => s.reason)).toContain('no approved salary structure');
  });

  it('regenerates a draft run, then freezes it once processed; paid writes paystubs and tells each employee', async () => {
    const run = { id: marchRunId };
    // A second run of the same period is refused: the draft is regenerated instead.
    const second = await org.hr.supabase.rpc('generate_payroll_run', { p_site_id: org.sites.us, ...PERIOD });
    expect(second.error).toMatchObject({ code: 'P0001', hint: 'payroll_period_overlap' });
    const again = await org.hr.supabase.rpc('generate_payroll_run', {
      p_site_id: org.sites.us,
      ...PERIOD,
      p_run_id: run.id,
    });
    expect(again.error).toBeNull();
    expect(
      Number(
        (await org.db.query('select count(*) from public.payroll_records where run_id = $1', [run.id]))
          .rows[0].count,
      ),
    ).toBe(2);

    expect((await org.hr.supabase.rpc('process_payroll_run', { p_run_id: run.id })).data).toMatchObject({
      status: 'processed',
    });
    const frozen = await org.hr.supabase.rpc('generate_payroll_run', {
      p_site_id: org.sites.us,
      ...PERIOD,
      p_run_id: run.id,
    });
    expect(frozen.error).toMatchObject({ message: 'payroll.run_locked', details: '{"status": "processed"}' });
    const before = await runRow(run.id);
    const reprocess = await org.hr.supabase.rpc('process_payroll_run', { p_run_id: run.id });
    expect(reprocess.error).toMatchObject({
      message: 'payroll.run_transition',
      details: '{"to": "processed", "from": "processed"}',
    });
    expect(await runRow(run.id)).toEqual(before);

    expect((await org.admin.supabase.rpc('mark_payroll_run_paid', { p_run_id: run.id })).data).toMatchObject({
      status: 'paid',
    });
    const stubs = await org.db.query(
      'select employee_id from public.paystubs where payroll_record_id in (select id from public.payroll_records where run_id = $1)',
      [run.id],
    );
    expect(stubs.rowCount).toBe(2);
    const { data: own } = await org.employee.supabase.from('payroll_records').select('employee_id, status');
    expect(own!.some((r) => r.status === 'paid')).toBe(true);
    expect(own!.every((r) => r.employee_id === org.employee.employeeId)).toBe(true);
  });

  it('lets only admins and HR run payroll; a manager gets team totals and no one’s pay; a kiosk nothing', async () => {
    for (const who of [org.manager, org.employee, org.kioskUs]) {
      const { error } = await who.supabase.rpc('generate_payroll_run', {
        p_site_id: org.sites.us,
        ...PERIOD,
      });
      expect(error).toMatchObject({ code: '42501', message: 'payroll.staff_only' });
      expect((await who.supabase.from('payroll_runs').select('id')).data).toEqual([]);
    }
    const totals = await org.manager.supabase.rpc('payroll_team_totals', PERIOD);
    expect(totals.data).toEqual([expect.objectContaining({ currency: 'USD', employees: 2 })]);
    expect(
      (await org.manager.supabase.from('payroll_records').select('net_pay')).data!.length,
    ).toBeLessThanOrEqual(1);
    expect((await org.kioskUs.supabase.rpc('payroll_team_totals', PERIOD)).data).toEqual([]);
  });
});
