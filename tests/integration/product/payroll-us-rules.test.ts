// A Chicago payroll run as an Illinois accountant reads it (issue 29 items 1 and 2): Illinois income
// tax withheld by IL-700-T from the person's IL-W-4 allowances, FLSA overtime of a non-exempt salaried
// person at 1.5 × the regular rate of 29 CFR 778.113 for the hours over 40 of each workweek, none for
// a person exempt by the salary test of 29 CFR 541.600; and the new pay profile fields refused when
// wrong or written by the wrong role, with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;

const structure = async (employeeId: string, basicSalary: number) => {
  const { data, error } = await org.hr.supabase.rpc('create_salary_structures', {
    p_employee_ids: [employeeId],
    p_fields: {
      rule_set: 'us-federal-2026',
      country: 'US',
      frequency: 'monthly',
      pay_basis: 'salaried',
      basic_salary: basicSalary,
      effective_date: '2026-01-01',
    },
  });
  if (error) throw error;
  const approved = await org.admin.supabase.rpc('set_salary_approval', {
    p_id: (data as Array<{ id: string }>)[0]!.id,
    p_status: 'approved',
  });
  if (approved.error) throw approved.error;
};

const day = (employeeId: string, date: string, minutes: number) =>
  org.db.query(
    `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, punctuality, source)
     values ($1, $2, $3, ($3::date + time '08:00') at time zone 'America/Chicago',
       ($3::date + time '08:00') at time zone 'America/Chicago' + make_interval(mins => $4), 'checked_out', 'on_time', 'manual')`,
    [employeeId, org.sites.us, date, minutes],
  );

const profileOf = async (employeeId: string) =>
  (await org.db.query('select * from public.employee_pay_profiles where employee_id = $1', [employeeId]))
    .rows[0];

beforeAll(async () => {
  org = await createOrg();
  await org.db.query(`update public.sites set state = 'IL' where id = $1`, [org.sites.us]);
  // $2,600 a month is $600 a week, under the $684 of 29 CFR 541.600: non-exempt by the salary test.
  await structure(org.employee.employeeId, 2600);
  // $5,350 a month is $1,234.62 a week: exempt by the salary test.
  await structure(org.outsider.employeeId, 5350);
  const saved = await org.hr.supabase.rpc('save_pay_profile', {
    p_employee_id: org.employee.employeeId,
    p_profile: { state_allowances: 1 },
  });
  if (saved.error) throw saved.error;
  // March 2026: the workweek of Monday 2 March has 5 × 10.65 h = 53.25 h (13.25 h over 40), the
  // workweek of 9 March 4 × 9 h = 36 h (none over 40, and it does not offset the first week).
  for (const person of [org.employee.employeeId, org.outsider.employeeId]) {
    for (const d of ['02', '03', '04', '05', '06']) await day(person, `2026-03-${d}`, 639);
    for (const d of ['09', '10', '11', '12']) await day(person, `2026-03-${d}`, 540);
  }
});
afterAll(() => org?.stop());

describe('a Chicago payroll run (us-federal-2026 at an Illinois site)', () => {
  it('withholds Illinois tax (IL-700-T) and pays non-exempt salaried overtime per workweek; none to the exempt', async () => {
    const { data, error } = await org.hr.supabase.rpc('generate_payroll_run', {
      p_site_id: org.sites.us,
      p_period_start: '2026-03-01',
      p_period_end: '2026-03-31',
    });
    expect(error).toBeNull();
    const records = (
      await org.db.query(
        `select employee_id, regular_hours, overtime_hours, overtime_pay, gross_pay, deductions, computation
         from public.payroll_records where run_id = $1`,
        [(data as { id: string }).id],
      )
    ).rows;
    const of = (id: string) => records.find((r) => r.employee_id === id)!;

    const nonExempt = of(org.employee.employeeId);
    expect(nonExempt.overtime_hours).toBe('13.25');
    // 29 CFR 778.113(b): 2600 × 12 / 52 = 600 a week, / 40 h = 15.00 an hour; 1.5 × 15 × 13.25 = 298.125.
    expect(nonExempt.overtime_pay).toBe('298.13');
    expect(nonExempt.gross_pay).toBe('2898.13');
    // IL-700-T: 0.0495 × (2898.13 − 1 × 2925 / 12) = 131.3918… → 131.39.
    expect(nonExempt.deductions.state_income_tax).toBe('131.39');
    expect(nonExempt.computation).toMatchObject({
      flsa_exempt: false,
      state: 'IL',
      overtime_premium: '99.38',
    });

    const exempt = of(org.outsider.employeeId);
    expect(exempt.overtime_hours).toBe('13.25');
    expect(exempt.overtime_pay).toBe('0.00');
    expect(exempt.gross_pay).toBe('5350.00');
    // No allowance claimed: 0.0495 × 5350.00 = 264.825 → 264.83.
    expect(exempt.deductions.state_income_tax).toBe('264.83');
    expect(exempt.computation).toMatchObject({ flsa_exempt: true, state: 'IL' });
  });

  it('follows a stated FLSA status over the salary test, and withholds no state tax where the site has no state', async () => {
    const stated = await org.hr.supabase.rpc('save_pay_profile', {
      p_employee_id: org.outsider.employeeId,
      p_profile: { flsa_exempt: false },
    });
    expect(stated.error).toBeNull();
    await org.db.query(`update public.sites set state = null where id = $1`, [org.sites.us]);
    const { data, error } = await org.hr.supabase.rpc('generate_payroll_run', {
      p_site_id: org.sites.us,
      p_period_start: '2026-04-01',
      p_period_end: '2026-04-30',
    });
    expect(error).toBeNull();
    const [record] = (
      await org.db.query(
        `select overtime_pay, deductions, computation from public.payroll_records where run_id = $1 and employee_id = $2`,
        [(data as { id: string }).id, org.outsider.employeeId],
      )
    ).rows;
    expect(record.computation.flsa_exempt).toBe(false);
    expect(record.deductions).not.toHaveProperty('state_income_tax');
    await org.db.query(`update public.sites set state = 'IL' where id = $1`, [org.sites.us]);
    // Back to the salary test.
    const reset = await org.hr.supabase.rpc('save_pay_profile', {
      p_employee_id: org.outsider.employeeId,
      p_profile: { flsa_exempt: null },
    });
    expect(reset.error).toBeNull();
    expect((await profileOf(org.outsider.employeeId)).flsa_exempt).toBeNull();
  });
});

describe('the new pay profile fields', () => {
  it('audits IL-W-4 allowances and the FLSA status', async () => {
    const audit = await org.db.query<{ action: string; diff: Record<string, unknown> }>(
      `select action, diff from public.audit_logs
       where entity = 'employee_pay_profiles' and entity_id = $1 order by created_at, id`,
      [org.outsider.employeeId],
    );
    const diffs = audit.rows.filter((r) => r.action === 'update').map((r) => r.diff);
    expect(diffs.some((d) => JSON.stringify(d).includes('flsa_exempt'))).toBe(true);
    const first = await org.db.query<{ diff: Record<string, unknown> }>(
      `select diff from public.audit_logs where entity = 'employee_pay_profiles' and entity_id = $1
       order by created_at, id limit 1`,
      [org.employee.employeeId],
    );
    expect(first.rows[0]!.diff).toMatchObject({ state_allowances: 1 });
  });

  it('refuses NaN, Infinity, negative, fractional and huge allowances, and a non-boolean FLSA status', async () => {
    const before = await profileOf(org.employee.employeeId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ state_allowances: -1 }, 'pay_profile.state_allowances'],
      [{ state_allowances: 100 }, 'pay_profile.state_allowances'],
      [{ state_allowances: 1e9 }, 'pay_profile.state_allowances'],
      [{ state_allowances: 1.5 }, 'pay_profile.state_allowances'],
      [{ state_allowances: 'NaN' }, 'pay_profile.state_allowances'],
      [{ state_allowances: 'Infinity' }, 'pay_profile.state_allowances'],
      [{ state_allowances: null }, 'pay_profile.state_allowances'],
      [{ flsa_exempt: 'yes' }, 'pay_profile.not_boolean'],
    ];
    for (const [profile, message] of cases) {
      const { error } = await org.hr.supabase.rpc('save_pay_profile', {
        p_employee_id: org.employee.employeeId,
        p_profile: profile,
      });
      expect(error, JSON.stringify(profile)).toMatchObject({ code: 'P0001', message });
    }
    // The table refuses them too, whoever writes.
    await expect(
      org.db.query('update public.employee_pay_profiles set state_allowances = 100 where employee_id = $1', [
        org.employee.employeeId,
      ]),
    ).rejects.toThrow(/state_allowances_range/);
    expect(await profileOf(org.employee.employeeId)).toEqual(before);
  });

  it('refuses the manager, the employee and the kiosk; nothing changes', async () => {
    const before = await profileOf(org.employee.employeeId);
    for (const caller of [org.manager, org.employee, org.kioskUs]) {
      const { error } = await caller.supabase.rpc('save_pay_profile', {
        p_employee_id: org.employee.employeeId,
        p_profile: { state_allowances: 3, flsa_exempt: true },
      });
      expect(error).toMatchObject({ code: '42501', message: 'pay_profile.staff_only' });
    }
    expect(await profileOf(org.employee.employeeId)).toEqual(before);
  });

  it('refuses bad allowances handed to the computation directly', async () => {
    const input = {
      rule_set: 'us-federal-2026',
      period_date: '2026-03-31',
      frequency: 'monthly',
      pay_basis: 'salaried',
      basic_salary: '5350',
      state: 'IL',
    };
    for (const allowances of [-1, 'NaN', 'Infinity', 1.5, 100]) {
      const { error } = await org.hr.supabase.rpc('preview_pay', {
        p_input: { ...input, profile: { state_allowances: allowances } },
      });
      expect(error, String(allowances)).toMatchObject({ message: 'pay_profile.state_allowances' });
    }
    const { data } = await org.hr.supabase.rpc('preview_pay', {
      p_input: { ...input, profile: { state_allowances: 1 } },
    });
    expect((data as { deductions: Record<string, string> }).deductions.state_income_tax).toBe('252.76');
  });
});

describe('what no pay profile may do (hostile review S7-6, S7-7)', () => {
  it('exempt from overtime only while the salary test passes: $600 a week is refused, $1,234.62 is not', async () => {
    const before = await profileOf(org.employee.employeeId);
    const below = await org.hr.supabase.rpc('save_pay_profile', {
      p_employee_id: org.employee.employeeId,
      p_profile: { flsa_exempt: true },
    });
    expect(below.error).toMatchObject({ code: 'P0001', message: 'pay_profile.flsa_salary_test' });
    expect(JSON.parse(below.error!.details)).toEqual({ weekly: 684 });
    expect(await profileOf(org.employee.employeeId)).toEqual(before);
    const above = await org.hr.supabase.rpc('save_pay_profile', {
      p_employee_id: org.outsider.employeeId,
      p_profile: { flsa_exempt: true },
    });
    expect(above.error).toBeNull();
    const reset = await org.hr.supabase.rpc('save_pay_profile', {
      p_employee_id: org.outsider.employeeId,
      p_profile: { flsa_exempt: null },
    });
    expect(reset.error).toBeNull();
  });

  it('a run that would pay someone a negative net is refused, naming them, and stores nothing', async () => {
    // 100,000 of extra withholding (the column's bound) on a 2,600 salary.
    const saved = await org.hr.supabase.rpc('save_pay_profile', {
      p_employee_id: org.employee.employeeId,
      p_profile: { w4_step4c: 100000 },
    });
    expect(saved.error).toBeNull();
    const runsBefore = await org.db.query('select count(*) from public.payroll_runs');
    const { error } = await org.hr.supabase.rpc('generate_payroll_run', {
      p_site_id: org.sites.us,
      p_period_start: '2026-05-01',
      p_period_end: '2026-05-31',
    });
    expect(error).toMatchObject({ code: 'P0001', message: 'payroll.negative_net' });
    expect(JSON.parse(error!.details)).toEqual({ employee_id: org.employee.employeeId });
    expect(await org.db.query('select count(*) from public.payroll_runs')).toMatchObject({
      rows: runsBefore.rows,
    });
    // Even trusted SQL cannot store one.
    await expect(
      org.db.query(
        `update public.payroll_records set net_pay = -1 where id = (select id from public.payroll_records limit 1)`,
      ),
    ).rejects.toThrow(/payroll\.negative_net/);
    await org.db.query('update public.employee_pay_profiles set w4_step4c = 0 where employee_id = $1', [
      org.employee.employeeId,
    ]);
  });
});
