// A Burkina Faso run splits overtime by premium band per workweek (hours 41–48 at +15 %, beyond 48
// at +35 %) and stores one line per band in the record's computation, adding up to its overtime pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;

beforeAll(async () => {
  org = await createOrg();
  const { data, error } = await org.hr.supabase.rpc('create_salary_structures', {
    p_employee_ids: [org.bfEmployee.employeeId],
    p_fields: {
      rule_set: 'bf-2026',
      country: 'BF',
      frequency: 'monthly',
      basic_salary: 200000,
      hourly_rate: 1200,
      effective_date: '2026-01-01',
    },
  });
  if (error) throw error;
  const approved = await org.admin.supabase.rpc('set_salary_approval', {
    p_id: (data as Array<{ id: string }>)[0]!.id,
    p_status: 'approved',
  });
  if (approved.error) throw approved.error;
  // March 2026: the week of 2 March has 52 h (5 × 10.4 h: 8 h at +15 %, 4 h at +35 %), the week of
  // 9 March 44 h (4 × 11 h: 4 h at +15 %).
  const day = (date: string, hours: number) =>
    org.db.query(
      `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, punctuality, source)
       values ($1, $2, $3, ($3::date + time '07:00') at time zone 'UTC',
         ($3::date + time '07:00') at time zone 'UTC' + make_interval(mins => $4), 'checked_out', 'on_time', 'manual')`,
      [org.bfEmployee.employeeId, org.sites.bf, date, Math.round(hours * 60)],
    );
  for (const d of ['02', '03', '04', '05', '06']) await day(`2026-03-${d}`, 10.4);
  for (const d of ['09', '10', '11', '12']) await day(`2026-03-${d}`, 11);
});
afterAll(() => org?.stop());

describe('bf-2026 overtime bands in a payroll run', () => {
  it('splits each workweek: 41–48 h at +15 %, beyond at +35 %; the lines add up to the overtime pay', async () => {
    const { data, error } = await org.hr.supabase.rpc('generate_payroll_run', {
      p_site_id: org.sites.bf,
      p_period_start: '2026-03-01',
      p_period_end: '2026-03-31',
    });
    expect(error).toBeNull();
    const [record] = (
      await org.db.query(
        `select overtime_hours, overtime_pay, computation from public.payroll_records where run_id = $1`,
        [(data as { id: string }).id],
      )
    ).rows;
    expect(record.overtime_hours).toBe('16.00');
    // 1200 × (12 × 1.15 + 4 × 1.35) = 1200 × 19.2 = 23 040; h15 = 1200 × 13.8 = 16 560, h35 = 6 480.
    expect(record.overtime_pay).toBe('23040.00');
    expect(record.computation.overtime_lines).toEqual([
      { band: 'h15', hours: '12.00', premium: '0.15', amount: '16560' },
      { band: 'h35', hours: '4.00', premium: '0.35', amount: '6480' },
    ]);
    // The period's total split as 8 h × 52 / 12 would have put all 16 h at +15 % (22 080).
    const derived = await org.db.query(
      `select payroll.compute_pay(jsonb_build_object('rule_set', 'bf-2026', 'period_date', '2026-03-31',
         'frequency', 'monthly', 'pay_basis', 'salaried', 'basic_salary', 200000, 'hourly_rate', 1200,
         'overtime_hours', 16)) ->> 'overtime_pay' as pay`,
    );
    expect(derived.rows[0].pay).toBe('22080');
  });
});
