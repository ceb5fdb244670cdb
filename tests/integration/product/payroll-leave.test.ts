// Leave in payroll (issue 27 item 5): a payroll run across a leave period, read back from the record
// and the payslip, to the cent and the franc. Chicago (us-federal-2026): a salaried person's unpaid
// days withhold salary / the period's working days each, their paid leave is shown inside the salary;
// an hourly person's paid leave is paid at the regular rate for the policy's day hours (a half day
// half), unpaid leave not at all. Ouagadougou (bf-2026): unpaid leave withholds 1/30 of the monthly
// salary per calendar day; annual leave is paid by the allocation de congé, the average monthly pay
// of the twelve months before (here the one processed September record). Pending and rejected
// requests are not counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payslipContent } from '../../../src/features/payslip/content.ts';
import type { PayslipData } from '../../../src/features/payslip/data.ts';
import { createOrg, type Org } from './org.ts';

let org: Org;

const structure = async (employeeId: string, fields: Record<string, unknown>) => {
  const { data, error } = await org.hr.supabase.rpc('create_salary_structures', {
    p_employee_ids: [employeeId],
    p_fields: { frequency: 'monthly', effective_date: '2026-01-01', ...fields },
  });
  if (error) throw error;
  const approved = await org.admin.supabase.rpc('set_salary_approval', {
    p_id: (data as Array<{ id: string }>)[0]!.id,
    p_status: 'approved',
  });
  if (approved.error) throw approved.error;
};

const leave = (
  employeeId: string,
  type: string,
  from: string,
  to: string,
  status: 'approved' | 'pending' | 'rejected',
  half: 'am' | null = null,
) =>
  org.db.query(
    `insert into public.leave_requests (employee_id, leave_type, start_date, end_date, half_day, amount, unit, status)
     values ($1, $2, $3, $4, $5, 1, 'days', $6)`,
    [employeeId, type, from, to, half, status],
  );

const attend = (employeeId: string, site: string, date: string, minutes: number) =>
  org.db.query(
    `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, punctuality, source)
     values ($1, $2, $3, ($3::date + time '07:00') at time zone 'UTC',
       ($3::date + time '07:00') at time zone 'UTC' + make_interval(mins => $4), 'checked_out', 'on_time', 'manual')`,
    [employeeId, site, date, minutes],
  );

const run = async (site: string, start: string, end: string) => {
  const { data, error } = await org.hr.supabase.rpc('generate_payroll_run', {
    p_site_id: site,
    p_period_start: start,
    p_period_end: end,
  });
  if (error) throw error;
  return (data as { id: string }).id;
};

const recordOf = async (runId: string, employeeId: string) =>
  (
    await org.db.query(
      `select id, basic_pay, gross_pay, net_pay, total_deductions, computation
       from public.payroll_records where run_id = $1 and employee_id = $2`,
      [runId, employeeId],
    )
  ).rows[0];

let usRun: string;
let bfRun: string;

beforeAll(async () => {
  org = await createOrg();
  await org.db.query(`update public.sites set state = 'IL' where id = $1`, [org.sites.us]);
  await structure(org.employee.employeeId, {
    rule_set: 'us-federal-2026',
    country: 'US',
    pay_basis: 'salaried',
    basic_salary: 5000,
  });
  await structure(org.outsider.employeeId, {
    rule_set: 'us-federal-2026',
    country: 'US',
    pay_basis: 'hourly',
    hourly_rate: 20,
  });
  await structure(org.bfEmployee.employeeId, {
    rule_set: 'bf-2026',
    country: 'BF',
    pay_basis: 'salaried',
    basic_salary: 300000,
    hourly_rate: 1500,
  });

  // Chicago, October 2026: 22 weekdays less Columbus Day (12 October) = 21 working days.
  const salaried = org.employee.employeeId;
  await leave(salaried, 'unpaid', '2026-10-20', '2026-10-21', 'approved');
  await leave(salaried, 'annual', '2026-10-22', '2026-10-22', 'approved');
  await leave(salaried, 'unpaid', '2026-10-26', '2026-10-26', 'pending');
  await leave(salaried, 'unpaid', '2026-10-27', '2026-10-27', 'rejected');
  const hourly = org.outsider.employeeId;
  for (const d of ['05', '06', '07', '08', '09', '13', '14', '19', '20', '21']) {
    await attend(hourly, org.sites.us, `2026-10-${d}`, 480);
  }
  await leave(hourly, 'annual', '2026-10-15', '2026-10-15', 'approved', 'am');
  await leave(hourly, 'unpaid', '2026-10-16', '2026-10-16', 'approved');
  await leave(hourly, 'annual', '2026-10-22', '2026-10-23', 'rejected');

  // Ouagadougou: September processed with 10 h of overtime in the week of 7 September
  // (8 h × 1.15 + 2 h × 1.35) × 1,500 = 17,850, so September's pay is 317,850.
  const bf = org.bfEmployee.employeeId;
  for (const d of ['07', '08', '09', '10', '11']) await attend(bf, org.sites.bf, `2026-09-${d}`, 600);
  const september = await run(org.sites.bf, '2026-09-01', '2026-09-30');
  const processed = await org.hr.supabase.rpc('process_payroll_run', { p_run_id: september });
  if (processed.error) throw processed.error;
  // October: 2 unpaid days (Monday 5, Tuesday 6), 9 calendar days of annual leave (Saturday 17 to
  // Sunday 25), and a rejected request that counts for nothing.
  await leave(bf, 'unpaid', '2026-10-05', '2026-10-06', 'approved');
  await leave(bf, 'annual', '2026-10-17', '2026-10-25', 'approved');
  await leave(bf, 'unpaid', '2026-10-28', '2026-10-29', 'rejected');

  usRun = await run(org.sites.us, '2026-10-01', '2026-10-31');
  bfRun = await run(org.sites.bf, '2026-10-01', '2026-10-31');
});
afterAll(() => org?.stop());

describe('a Chicago payroll run across leave', () => {
  it('counts 21 working days and only the approved requests', async () => {
    const { rows } = await org.db.query(
      `select payroll.leave_input($1, '2026-10-01', '2026-10-31', 'us-federal-2026') as i`,
      [org.employee.employeeId],
    );
    expect(rows[0].i).toEqual({
      working_days: '21',
      leave: [
        { type: 'annual', paid: true, days: '1', hours: '8' },
        { type: 'unpaid', paid: false, days: '2', hours: '16' },
      ],
    });
  });

  it('salaried: 2 unpaid days withhold 5,000.00 × 2 / 21 = 476.19; the paid day is shown inside the salary', async () => {
    const record = await recordOf(usRun, org.employee.employeeId);
    expect(record.basic_pay).toBe('5000.00');
    expect(record.gross_pay).toBe('4523.81');
    expect(record.computation.leave_lines).toEqual([
      { type: 'annual', kind: 'included', days: '1', hours: '8', pay: '238.10', withheld: '0.00' },
      { type: 'unpaid', kind: 'unpaid', days: '2', hours: '16', pay: '0.00', withheld: '476.19' },
    ]);
    expect(record.computation.leave_withheld).toBe('476.19');
    // Illinois withholds on the reduced wages: 4.95 % × 4,523.81 = 223.93.
    expect(record.computation.deductions.state_income_tax).toBe('223.93');
  });

  it('hourly: half a day of paid leave is 4 h × $20.00 = $80.00; the unpaid day and the rejected request pay nothing', async () => {
    const record = await recordOf(usRun, org.outsider.employeeId);
    expect(record.basic_pay).toBe('1600.00');
    expect(record.gross_pay).toBe('1680.00');
    expect(record.computation.leave_lines).toEqual([
      { type: 'annual', kind: 'paid_time', days: '0.5', hours: '4', pay: '80.00', withheld: '0.00' },
      { type: 'unpaid', kind: 'unpaid', days: '1', hours: '8', pay: '0.00', withheld: '0.00' },
    ]);
  });

  it('prints the leave lines on the statement the employee reads', async () => {
    expect((await org.hr.supabase.rpc('process_payroll_run', { p_run_id: usRun })).error).toBeNull();
    const record = await recordOf(usRun, org.employee.employeeId);
    const { data, error } = await org.employee.supabase.rpc('payslip_data', { p_record_id: record.id });
    expect(error).toBeNull();
    const rows = payslipContent(data as unknown as PayslipData).sections.flatMap((s) => s.rows);
    expect(rows).toContainEqual(['Paid leave (1 day, included in salary)', '', '', '$238.10']);
    expect(rows).toContainEqual(['Unpaid leave (2 days, salary withheld)', '', '', '-$476.19']);
    expect(rows.find((r) => r[0] === 'Gross wages')?.[3]).toBe('$4,523.81');
  });
});

describe('an Ouagadougou payroll run across leave', () => {
  it('withholds 1/30 a calendar day and pays the allowance from the twelve months before', async () => {
    const record = await recordOf(bfRun, org.bfEmployee.employeeId);
    expect(record.basic_pay).toBe('300000.00');
    // Allowance: 317,850 × 9 / 30 = 95,355 for 300,000 × 9 / 30 = 90,000 of salary; unpaid 300,000 × 2 / 30 = 20,000.
    expect(record.computation.leave_lines).toEqual([
      { type: 'annual', kind: 'allowance', days: '9', hours: '40', pay: '95355', withheld: '90000' },
      { type: 'unpaid', kind: 'unpaid', days: '2', hours: '16', pay: '0', withheld: '20000' },
    ]);
    expect(record.gross_pay).toBe('285355.00');
  });

  it('prints the allowance and the unpaid days on the bulletin de paie, in French', async () => {
    expect((await org.hr.supabase.rpc('process_payroll_run', { p_run_id: bfRun })).error).toBeNull();
    const record = await recordOf(bfRun, org.bfEmployee.employeeId);
    const { data, error } = await org.bfEmployee.supabase.rpc('payslip_data', { p_record_id: record.id });
    expect(error).toBeNull();
    const rows = payslipContent(data as unknown as PayslipData).sections.flatMap((s) => s.rows);
    expect(rows).toContainEqual(['Congé payé (9 jours, salaire des jours retenu)', '', '', '-90 000 XOF']);
    expect(rows).toContainEqual(['Allocation de congé (Congé payé, 9 jours)', '', '', '95 355 XOF']);
    expect(rows).toContainEqual(['Congé sans solde (2 jours, retenue sur salaire)', '', '', '-20 000 XOF']);
    expect(rows.find((r) => r[0] === 'Salaire brut')?.[3]).toBe('285 355 XOF');
  });
});

// Hostile review L5: a day of paid leave on which an hourly person also punched was paid twice. The
// leave of a day now tops up what was worked to the policy's hours a day (RULES.md "Leave"):
// leave hours paid = max(0, day_hours × fraction − hours worked that day). A salary is unaffected.
describe('paid leave on a day that was also worked (November runs)', () => {
  let usNovember: string;
  let bfNovember: string;

  beforeAll(async () => {
    // Chicago, hourly at $20.00: Monday 2 November a full day of paid leave on which 10 h were
    // punched (capped at the day's 8), Tuesday 3 a paid half day with 3 h punched, Wednesday 4 a paid
    // day not worked. The salaried person punched 8 h on their paid day (Thursday 5).
    const hourly = org.outsider.employeeId;
    await attend(hourly, org.sites.us, '2026-11-02', 600);
    await attend(hourly, org.sites.us, '2026-11-03', 180);
    await leave(hourly, 'annual', '2026-11-02', '2026-11-02', 'approved');
    await leave(hourly, 'annual', '2026-11-03', '2026-11-03', 'approved', 'am');
    await leave(hourly, 'annual', '2026-11-04', '2026-11-04', 'approved');
    const salaried = org.employee.employeeId;
    await attend(salaried, org.sites.us, '2026-11-05', 480);
    await leave(salaried, 'annual', '2026-11-05', '2026-11-05', 'approved');

    // Ouagadougou: paid by the hour from November (1,500 XOF), annual leave Monday 2 to Friday 6
    // November with Monday fully worked.
    const bf = org.bfEmployee.employeeId;
    await structure(bf, {
      rule_set: 'bf-2026',
      country: 'BF',
      pay_basis: 'hourly',
      hourly_rate: 1500,
      effective_date: '2026-11-01',
    });
    await attend(bf, org.sites.bf, '2026-11-02', 480);
    await leave(bf, 'annual', '2026-11-02', '2026-11-06', 'approved');

    usNovember = await run(org.sites.us, '2026-11-01', '2026-11-30');
    bfNovember = await run(org.sites.bf, '2026-11-01', '2026-11-30');
  });

  it('passes what was worked of the leave, each day capped at its leave: 8 + 3 h, 1 + 0.375 days', async () => {
    const { rows } = await org.db.query(
      `select payroll.leave_input($1, '2026-11-01', '2026-11-30', 'us-federal-2026') as i`,
      [org.outsider.employeeId],
    );
    // November 2026: 21 weekdays less Veterans Day and Thanksgiving = 19 working days.
    expect(rows[0].i).toEqual({
      working_days: '19',
      leave: [
        { type: 'annual', paid: true, days: '2.5', hours: '20.0', worked_days: '1.38', worked_hours: '11' },
      ],
    });
  });

  it('hourly: pays the leave hours not worked, (20 − 11) h × $20.00 = $180.00, and every punched hour once', async () => {
    const record = await recordOf(usNovember, org.outsider.employeeId);
    // Worked 10 + 3 = 13 h × $20.00 = $260.00; before the fix the leave added 20 h ($400.00): $660.00.
    expect(record.basic_pay).toBe('260.00');
    expect(record.computation.leave_lines).toEqual([
      {
        type: 'annual',
        kind: 'paid_time',
        days: '2.5',
        hours: '20',
        worked_days: '1.38',
        worked_hours: '11',
        pay: '180.00',
        withheld: '0.00',
      },
    ]);
    expect(record.gross_pay).toBe('440.00');
  });

  it('salaried: the worked leave day changes nothing, the salary pays it once', async () => {
    const record = await recordOf(usNovember, org.employee.employeeId);
    expect(record.computation.leave_lines).toEqual([
      { type: 'annual', kind: 'included', days: '1', hours: '8', pay: '263.16', withheld: '0.00' },
    ]);
    expect(record.gross_pay).toBe('5000.00');
  });

  it('prints the hours worked and the leave hours paid on the statement', async () => {
    expect((await org.hr.supabase.rpc('process_payroll_run', { p_run_id: usNovember })).error).toBeNull();
    const record = await recordOf(usNovember, org.outsider.employeeId);
    const { data, error } = await org.outsider.supabase.rpc('payslip_data', { p_record_id: record.id });
    expect(error).toBeNull();
    const rows = payslipContent(data as unknown as PayslipData).sections.flatMap((s) => s.rows);
    expect(rows).toContainEqual(['Paid leave (2.5 days, 11.00 h worked)', '9.00', '$20.00', '$180.00']);
  });

  it('Burkina Faso by the hour: the allocation de congé is paid for the 4 leave days not worked', async () => {
    const record = await recordOf(bfNovember, org.bfEmployee.employeeId);
    const { rows } = await org.db.query(`select payroll.leave_reference_pay($1, '2026-11-01', 12) as r`, [
      org.bfEmployee.employeeId,
    ]);
    const reference = Number(rows[0].r);
    expect(reference).toBeGreaterThan(0);
    // R × (5 − 1) / 30, not R × 5 / 30: Monday's 8 h are paid as worked hours (8 × 1,500 = 12,000).
    const allowance = Math.round((reference * 4) / 30);
    expect(record.basic_pay).toBe('12000.00');
    expect(record.computation.leave_lines).toEqual([
      {
        type: 'annual',
        kind: 'allowance',
        days: '5',
        hours: '40',
        worked_days: '1',
        worked_hours: '8',
        pay: String(allowance),
        withheld: '0',
      },
    ]);
    expect(record.gross_pay).toBe(`${12000 + allowance}.00`);
  });
});
