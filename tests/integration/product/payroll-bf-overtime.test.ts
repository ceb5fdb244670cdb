// A Burkina Faso run splits overtime by premium band per workweek (hours 41–48 at +15 %, beyond 48
// at +35 %) and stores one line per band in the record's computation, adding up to its overtime pay.
// The night (22:00–05:00, Loi 028-2008/AN art. 145), Sunday and public-holiday bands come from the
// punches too (Arrêté 2007-003: +50 %, +60 %, +120 % for a Sunday or holiday night).
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
  // May 2026, the workweek of Monday 11: 4 × 10 h (07:00–17:00) reach 40 h on Thursday; then Friday
  // 15 May, a public holiday (Journée des coutumes et traditions), 08:00–14:00; Saturday 18:00 to
  // midnight (4 h of day, 2 h of night); Sunday 17 May 20:00–23:30 (2 h of day, 1.5 h of night).
  const shift = (date: string, from: string, minutes: number) =>
    org.db.query(
      `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, punctuality, source)
       values ($1, $2, $3, ($3::date + $4::time) at time zone 'Africa/Ouagadougou',
         ($3::date + $4::time) at time zone 'Africa/Ouagadougou' + make_interval(mins => $5), 'checked_out', 'on_time', 'manual')`,
      [org.bfEmployee.employeeId, org.sites.bf, date, from, minutes],
    );
  for (const d of ['11', '12', '13', '14']) await shift(`2026-05-${d}`, '07:00', 600);
  await shift('2026-05-15', '08:00', 360);
  await shift('2026-05-16', '18:00', 360);
  await shift('2026-05-17', '20:00', 210);
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

  it('derives night, Sunday and public-holiday overtime from the punches, each at its premium', async () => {
    const { data, error } = await org.hr.supabase.rpc('generate_payroll_run', {
      p_site_id: org.sites.bf,
      p_period_start: '2026-05-01',
      p_period_end: '2026-05-31',
    });
    expect(error).toBeNull();
    const [record] = (
      await org.db.query(
        `select overtime_hours, overtime_pay, computation from public.payroll_records where run_id = $1`,
        [(data as { id: string }).id],
      )
    ).rows;
    // 55.5 h in the week: 15.5 over 40 = 4 h weekday day (+15 %), 2 h weekday night (+50 %),
    // 6 + 2 = 8 h of holiday and Sunday daytime (+60 %), 1.5 h of Sunday night (+120 %).
    expect(record.overtime_hours).toBe('15.50');
    // 1200 × (4 × 1.15 + 2 × 1.5 + 8 × 1.6 + 1.5 × 2.2) = 1200 × 23.7 = 28 440.
    expect(record.overtime_pay).toBe('28440.00');
    expect(record.computation.overtime_lines).toEqual([
      { band: 'h15', hours: '4.00', premium: '0.15', amount: '5520' },
      { band: 'night', hours: '2.00', premium: '0.50', amount: '3600' },
      { band: 'sunday', hours: '8.00', premium: '0.60', amount: '15360' },
      { band: 'sunday_night', hours: '1.50', premium: '1.20', amount: '3960' },
    ]);
  });

  it('keeps the same bands however the function is called, and an empty period gives none', async () => {
    const params = (await org.db.query(`select payroll.rule_set_params('bf-2026', '2026-05-31') as p`))
      .rows[0].p;
    expect(params).toMatchObject({ night_start: '22:00', night_end: '05:00' });
    const bands = async (start: string, end: string) =>
      (
        await org.db.query('select payroll.bf_overtime_bands($1, $2, $3, $4) as b', [
          org.bfEmployee.employeeId,
          start,
          end,
          params,
        ])
      ).rows[0].b;
    expect(await bands('2026-05-01', '2026-05-31')).toEqual({
      h15: 4,
      h35: 0,
      night: 2,
      sunday: 8,
      sunday_night: 1.5,
    });
    expect(await bands('2026-06-01', '2026-06-30')).toEqual({
      h15: 0,
      h35: 0,
      night: 0,
      sunday: 0,
      sunday_night: 0,
    });
    // March (weekdays only): the weekday bands as before, per workweek.
    expect(await bands('2026-03-01', '2026-03-31')).toEqual({
      h15: 12,
      h35: 4,
      night: 0,
      sunday: 0,
      sunday_night: 0,
    });
    // Not callable by signed-in people: the run calls it.
    const direct = await org.hr.supabase.rpc('bf_overtime_bands' as never, {} as never);
    expect(direct.error).not.toBeNull();
  });
});
