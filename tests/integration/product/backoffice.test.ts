// The back-office functions: salary and payroll cards per currency, the preview's pay context and
// the payslip data, as every role (including the refused ones).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
let recordId: string;
let bfRecordId: string;
let paidStructureId: string;

async function approvedStructure(employeeId: string, fields: Record<string, unknown>) {
  const { data, error } = await org.hr.supabase.rpc('create_salary_structures', {
    p_employee_ids: [employeeId],
    p_fields: { frequency: 'monthly', effective_date: '2026-01-01', ...fields },
  });
  if (error) throw error;
  const id = (data as Array<{ id: string }>)[0]!.id;
  const approved = await org.admin.supabase.rpc('set_salary_approval', { p_id: id, p_status: 'approved' });
  if (approved.error) throw approved.error;
  return id;
}

async function paidRun(siteId: string) {
  const run = await org.hr.supabase.rpc('generate_payroll_run', {
    p_site_id: siteId,
    p_period_start: '2026-03-01',
    p_period_end: '2026-03-31',
  });
  if (run.error) throw run.error;
  const runId = (run.data as { id: string }).id;
  expect((await org.hr.supabase.rpc('process_payroll_run', { p_run_id: runId })).error).toBeNull();
  expect((await org.hr.supabase.rpc('mark_payroll_run_paid', { p_run_id: runId })).error).toBeNull();
  return runId;
}

beforeAll(async () => {
  org = await createOrg();
  await approvedStructure(org.employee.employeeId, { country: 'US', basic_salary: 4000, hourly_rate: 25 });
  await approvedStructure(org.bfEmployee.employeeId, {
    rule_set: 'bf-2026',
    basic_salary: 250000,
    hourly_rate: 1500,
  });
  // A pending one for the summary, and a paid one (same-day release) for the structure payslip.
  await org.hr.supabase.rpc('create_salary_structures', {
    p_employee_ids: [org.outsider.employeeId],
    p_fields: { country: 'US', basic_salary: 1000, effective_date: '2026-02-01' },
  });
  await org.db.query('update public.employees set same_day_enabled = true where id = $1', [
    org.manager.employeeId,
  ]);
  paidStructureId = await approvedStructure(org.manager.employeeId, { country: 'US', basic_salary: 2000 });
  const paid = await org.hr.supabase.rpc('set_salary_payment', { p_id: paidStructureId, p_status: 'paid' });
  if (paid.error) throw paid.error;
  const usRun = await paidRun(org.sites.us);
  const bfRun = await paidRun(org.sites.bf);
  recordId = (
    await org.db.query('select id from public.payroll_records where run_id = $1 and employee_id = $2', [
      usRun,
      org.employee.employeeId,
    ])
  ).rows[0].id;
  bfRecordId = (await org.db.query('select id from public.payroll_records where run_id = $1', [bfRun]))
    .rows[0].id;
});
afterAll(() => org?.stop());

describe('salary_summary', () => {
  it('gives one row per currency, never mixing USD and XOF', async () => {
    const { data, error } = await org.hr.supabase.rpc('salary_summary', {});
    expect(error).toBeNull();
    const expected = (
      await org.db.query(
        `select currency, count(*)::int as total, count(*) filter (where approval_status = 'pending')::int as pending,
                sum(net_salary) filter (where approval_status = 'approved') as net
         from public.salary_structures group by currency order by currency`,
      )
    ).rows;
    expect(data.map((r: { currency: string }) => r.currency)).toEqual(['USD', 'XOF']);
    for (const [i, row] of expected.entries()) {
      expect(data[i]).toMatchObject({
        currency: row.currency,
        total: row.total,
        pending_approval: row.pending,
        total_net_approved: Number(row.net),
      });
    }
  });

  it('follows the filters', async () => {
    const { data } = await org.admin.supabase.rpc('salary_summary', { p_approval: 'pending' });
    expect(data).toEqual([expect.objectContaining({ currency: 'USD', total: 1, pending_approval: 1 })]);
  });

  it('is scoped by role: the manager counts only the team, the employee only their approved ones, kiosks nothing', async () => {
    const manager = await org.manager.supabase.rpc('salary_summary', {});
    const managerTotal = manager.data.reduce((n: number, r: { total: number }) => n + r.total, 0);
    const visible = await org.manager.supabase.from('salary_structures').select('id');
    expect(managerTotal).toBe(visible.data!.length);
    const employee = await org.employee.supabase.rpc('salary_summary', {});
    expect(employee.data).toEqual([expect.objectContaining({ total: 1, approved: 1 })]);
    expect((await org.kioskUs.supabase.rpc('salary_summary', {})).data).toEqual([]);
    expect((await org.anon.rpc('salary_summary', {})).error).not.toBeNull();
  });
});

describe('salary_pay_context', () => {
  it('gives HR and the managing manager the profile and year to date; refuses others', async () => {
    await org.db.query(
      `insert into public.employee_pay_profiles (employee_id, dependants, abatement_rate) values ($1, 2, 0.25)`,
      [org.bfEmployee.employeeId],
    );
    const hr = await org.hr.supabase.rpc('salary_pay_context', {
      p_employee_id: org.bfEmployee.employeeId,
      p_date: '2026-04-01',
    });
    expect(hr.error).toBeNull();
    expect(hr.data).toMatchObject({ profile: { dependants: 2, abatement_rate: 0.25 }, site_country: 'BF' });
    const ytd = await org.admin.supabase.rpc('salary_pay_context', {
      p_employee_id: org.employee.employeeId,
      p_date: '2026-04-01',
    });
    const paidGross = (
      await org.db.query(`select sum(gross) as g from public.paystubs where employee_id = $1`, [
        org.employee.employeeId,
      ])
    ).rows[0].g;
    expect(ytd.data.ytd.ss_wages).toBe(Number(paidGross));
    const manager = await org.manager.supabase.rpc('salary_pay_context', {
      p_employee_id: org.employee.employeeId,
      p_date: '2026-04-01',
    });
    expect(manager.error).toBeNull();
    for (const who of [org.outsider, org.employee, org.kioskUs]) {
      const refused = await who.supabase.rpc('salary_pay_context', {
        p_employee_id: org.bfEmployee.employeeId,
        p_date: '2026-04-01',
      });
      expect(refused.error?.code).toBe('42501');
    }
  });
});

describe('payroll_summary', () => {
  it('gives cards per currency from the records, with filters', async () => {
    const { data, error } = await org.hr.supabase.rpc('payroll_summary', {});
    expect(error).toBeNull();
    const expected = (
      await org.db.query(
        `select currency, count(*)::int as n, sum(net_pay) filter (where status = 'paid') as paid
         from public.payroll_records group by currency order by currency`,
      )
    ).rows;
    expect(data).toEqual(
      expected.map((r) =>
        expect.objectContaining({
          currency: r.currency,
          total_records: r.n,
          total_paid: Number(r.paid),
          pending: 0,
        }),
      ),
    );
    expect((await org.hr.supabase.rpc('payroll_summary', { p_month: 4 })).data).toEqual([]);
    expect((await org.hr.supabase.rpc('payroll_summary', { p_status: 'draft' })).data).toEqual([]);
    const byName = await org.hr.supabase.rpc('payroll_summary', { p_search: 'awa' });
    expect(byName.data).toEqual([expect.objectContaining({ currency: 'XOF', total_records: 1 })]);
  });

  it('shows an employee only their own processed or paid records; a manager and a kiosk nothing', async () => {
    const own = await org.employee.supabase.rpc('payroll_summary', {});
    expect(own.data).toEqual([expect.objectContaining({ currency: 'USD', total_records: 1 })]);
    expect((await org.kioskBf.supabase.rpc('payroll_summary', {})).data).toEqual([]);
  });
});

describe('payslip_data', () => {
  it('gives HR and admin a record with employer, employee, profile and year to date', async () => {
    for (const who of [org.hr, org.admin]) {
      const { data, error } = await who.supabase.rpc('payslip_data', { p_record_id: recordId });
      expect(error).toBeNull();
      const stored = (await org.db.query('select * from public.payroll_records where id = $1', [recordId]))
        .rows[0];
      expect(data).toMatchObject({
        kind: 'payroll_record',
        currency: 'USD',
        period_start: '2026-03-01',
        period_end: '2026-03-31',
        computation: { net: stored.computation.net },
        employer: { country: 'US' },
        employee: { id: org.employee.employeeId },
      });
    }
    const bf = await org.hr.supabase.rpc('payslip_data', { p_record_id: bfRecordId });
    expect(bf.data).toMatchObject({ currency: 'XOF', rule_set: 'bf-2026', employer: { country: 'BF' } });
  });

  it('lets an employee fetch only their own', async () => {
    const own = await org.employee.supabase.rpc('payslip_data', { p_record_id: recordId });
    expect(own.error).toBeNull();
    for (const who of [org.bfEmployee, org.manager, org.kioskUs, org.outsider]) {
      const refused = await who.supabase.rpc('payslip_data', { p_record_id: recordId });
      expect(refused.error?.message).toBe('payroll.payslip_not_found');
    }
    expect((await org.anon.rpc('payslip_data', { p_record_id: recordId })).error).not.toBeNull();
  });

  it('gives a paid salary structure to HR and its employee, and refuses one not paid', async () => {
    const mine = await org.manager.supabase.rpc('payslip_data', { p_structure_id: paidStructureId });
    expect(mine.error).toBeNull();
    expect(mine.data).toMatchObject({ kind: 'salary_structure', status: 'paid', currency: 'USD' });
    expect(
      (await org.employee.supabase.rpc('payslip_data', { p_structure_id: paidStructureId })).error?.message,
    ).toBe('payroll.payslip_not_found');
    const unpaid = (
      await org.db.query(`select id from public.salary_structures where payment_status = 'pending' limit 1`)
    ).rows[0].id;
    expect((await org.hr.supabase.rpc('payslip_data', { p_structure_id: unpaid })).error?.message).toBe(
      'payroll.payslip_not_found',
    );
    expect((await org.hr.supabase.rpc('payslip_data', {})).error?.message).toBe('payroll.payslip_choose_one');
  });
});

describe('payroll_run_summary', () => {
  it('sums each line of a run, gross to net, for HR; nothing for others', async () => {
    const runId = (await org.db.query('select run_id from public.payroll_records where id = $1', [recordId]))
      .rows[0].run_id;
    const { data, error } = await org.hr.supabase.rpc('payroll_run_summary', { p_run_id: runId });
    expect(error).toBeNull();
    const run = (await org.db.query('select * from public.payroll_runs where id = $1', [runId])).rows[0];
    const line = (name: string) => Number(data.find((r: { line: string }) => r.line === name).amount);
    expect(line('gross')).toBe(Number(run.total_gross));
    expect(line('net')).toBe(Number(run.total_net));
    const deductionLines = data.filter((r: { line: string }) => r.line.startsWith('deduction:'));
    expect(deductionLines.map((r: { line: string }) => r.line)).toEqual([
      'deduction:social_security',
      'deduction:medicare',
      'deduction:federal_tax',
    ]);
    const sumDeductions = deductionLines.reduce(
      (s: number, r: { amount: number }) => s + Number(r.amount) * 100,
      0,
    );
    expect(Math.round(sumDeductions)).toBe(Math.round(Number(run.total_deductions) * 100));
    const employee = await org.employee.supabase.rpc('payroll_run_summary', { p_run_id: runId });
    expect(employee.data.find((r: { line: string }) => r.line === 'net').employees).toBe(1);
    const kiosk = await org.kioskUs.supabase.rpc('payroll_run_summary', { p_run_id: runId });
    expect(Number(kiosk.data.find((r: { line: string }) => r.line === 'net').amount)).toBe(0);
  });
});
