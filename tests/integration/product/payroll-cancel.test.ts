// Cancel one payroll record with a reason, as every role (only HR and admins may), with clear
// errors for a paid or already cancelled record, an audit row, the run following its records
// (others processed → processed, others paid → paid, all cancelled → cancelled), the run's
// totals and the cards leaving cancelled records out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedStructure, newRun as newFixtureRun } from './payroll-fixture.ts';
import { createOrg, type Org } from './org.ts';

let org: Org;

async function newRun(month: string) {
  const run = await newFixtureRun(org, month);
  return {
    id: run.id,
    records: run.records,
    mine: run.of(org.employee.employeeId),
    theirs: run.of(org.manager.employeeId),
  };
}

const row = async (table: 'payroll_runs' | 'payroll_records', id: string) =>
  (await org.db.query(`select * from public.${table} where id = $1`, [id])).rows[0] as Record<
    string,
    unknown
  >;

const cancel = (who: Org['hr'], id: string, reason: string | null = 'Left before the period') =>
  who.supabase.rpc('cancel_payroll_record', { p_record_id: id, p_reason: reason });

beforeAll(async () => {
  org = await createOrg();
  await approvedStructure(org, org.employee.employeeId, 4000);
  await approvedStructure(org, org.manager.employeeId, 6000);
});
afterAll(() => org?.stop());

describe('cancel_payroll_record', () => {
  it('refuses every role but HR and admins, and anonymous callers', async () => {
    const run = await newRun('2026-01');
    for (const account of [org.manager, org.employee, org.outsider, org.kioskUs]) {
      const { error } = await cancel(account, run.mine.id);
      expect(error, account.email).toMatchObject({
        code: '42501',
        message: 'payroll.staff_only',
      });
    }
    expect(
      (await org.anon.rpc('cancel_payroll_record', { p_record_id: run.mine.id, p_reason: 'x' })).error,
    ).not.toBeNull();
    expect((await row('payroll_records', run.mine.id)).status).toBe('draft');
  });

  it('needs a reason, refuses a paid or cancelled record and unknown ids with clear messages', async () => {
    const run = await newRun('2026-02');
    expect((await cancel(org.hr, run.mine.id, '   ')).error).toMatchObject({
      message: 'payroll.cancel_reason_required',
    });
    expect((await cancel(org.hr, run.mine.id, null)).error).toMatchObject({
      message: 'payroll.cancel_reason_required',
    });
    expect((await cancel(org.hr, '00000000-0000-0000-0000-000000000000')).error).toMatchObject({
      message: 'payroll.record_not_found',
    });
    expect(
      (await org.hr.supabase.rpc('process_payroll_record', { p_record_id: run.mine.id })).error,
    ).toBeNull();
    expect(
      (await org.hr.supabase.rpc('mark_payroll_record_paid', { p_record_id: run.mine.id })).error,
    ).toBeNull();
    expect((await cancel(org.admin, run.mine.id)).error).toMatchObject({
      message: 'payroll.paid_not_cancellable',
    });
    expect((await row('payroll_records', run.mine.id)).status).toBe('paid');
    expect((await cancel(org.hr, run.theirs.id)).error).toBeNull();
    expect((await cancel(org.hr, run.theirs.id)).error).toMatchObject({
      message: 'payroll.already_cancelled',
    });
    // A cancelled record cannot be processed or paid afterwards.
    expect(
      (await org.hr.supabase.rpc('process_payroll_record', { p_record_id: run.theirs.id })).error,
    ).toMatchObject({
      message: 'payroll.record_transition',
      details: '{"to": "processed", "from": "cancelled"}',
    });
  });

  it('cancels a draft with its reason, audited; the run settles with its other records and its totals drop', async () => {
    const run = await newRun('2026-03');
    const before = await row('payroll_runs', run.id);
    expect(Number(before.total_net)).toBeCloseTo(Number(run.mine.net_pay) + Number(run.theirs.net_pay), 2);

    const { data, error } = await cancel(org.hr, run.theirs.id, '  Left the company in February  ');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: run.theirs.id,
      status: 'cancelled',
      cancel_reason: 'Left the company in February',
    });
    const after = await row('payroll_runs', run.id);
    expect(after).toMatchObject({ status: 'draft', employee_count: 1 });
    expect(Number(after.total_net)).toBeCloseTo(Number(run.mine.net_pay), 2);
    expect(Number(after.total_gross)).toBeCloseTo(Number(run.mine.gross_pay), 2);

    // The run's summary and the cards leave the cancelled record out.
    const summary = await org.hr.supabase.rpc('payroll_run_summary', { p_run_id: run.id });
    const net = (summary.data as Array<{ line: string; amount: number; employees: number }>).find(
      (l) => l.line === 'net',
    )!;
    expect(net.employees).toBe(1);
    expect(Number(net.amount)).toBeCloseTo(Number(run.mine.net_pay), 2);
    const cards = await org.hr.supabase.rpc('payroll_summary', { p_month: 3 });
    expect(cards.data).toEqual([
      expect.objectContaining({ currency: 'USD', total_records: 2, pending: 1, total_paid: 0 }),
    ]);
    expect(Number((cards.data as Array<{ average_pay: number }>)[0]!.average_pay)).toBeCloseTo(
      Number(run.mine.net_pay),
      2,
    );
    // With only the cancelled record in view there is no average to show (not 0).
    const onlyCancelled = await org.hr.supabase.rpc('payroll_summary', { p_month: 3, p_status: 'cancelled' });
    expect(onlyCancelled.data).toEqual([
      expect.objectContaining({ currency: 'USD', total_records: 1, pending: 0, average_pay: null }),
    ]);

    // Processing the other record processes the run; paying it pays the run.
    expect(
      (await org.hr.supabase.rpc('process_payroll_record', { p_record_id: run.mine.id })).error,
    ).toBeNull();
    expect((await row('payroll_runs', run.id)).status).toBe('processed');
    expect((await org.hr.supabase.rpc('mark_payroll_run_paid', { p_run_id: run.id })).error).toBeNull();
    expect((await row('payroll_runs', run.id)).status).toBe('paid');
    expect((await row('payroll_records', run.theirs.id)).status).toBe('cancelled');
    const stubs = await org.db.query(
      'select payroll_record_id from public.paystubs where payroll_record_id = any ($1)',
      [[run.mine.id, run.theirs.id]],
    );
    expect(stubs.rows).toEqual([{ payroll_record_id: run.mine.id }]);

    const audit = await org.db.query(
      `select action, actor_employee_id, diff ->> 'reason' as reason from public.audit_logs
       where entity = 'payroll_records' and entity_id = $1`,
      [run.theirs.id],
    );
    expect(audit.rows).toEqual([
      { action: 'cancelled', actor_employee_id: org.hr.employeeId, reason: 'Left the company in February' },
    ]);
  });

  it('a processed record can be cancelled: the run of paid and cancelled records is paid; all cancelled → cancelled', async () => {
    const run = await newRun('2026-04');
    expect((await org.hr.supabase.rpc('process_payroll_run', { p_run_id: run.id })).error).toBeNull();
    expect(
      (await org.hr.supabase.rpc('mark_payroll_record_paid', { p_record_id: run.mine.id })).error,
    ).toBeNull();
    expect((await row('payroll_runs', run.id)).status).toBe('processed');
    // The employee saw their processed record; once cancelled it is no longer theirs to see.
    expect((await cancel(org.admin, run.theirs.id, 'Paid by hand')).error).toBeNull();
    expect((await row('payroll_runs', run.id)).status).toBe('paid');

    const other = await newRun('2026-05');
    expect((await cancel(org.hr, other.mine.id)).error).toBeNull();
    expect((await row('payroll_runs', other.id)).status).toBe('draft');
    expect((await cancel(org.admin, other.theirs.id)).error).toBeNull();
    const run2 = await row('payroll_runs', other.id);
    expect(run2.status).toBe('cancelled');
    // A run left with no record to pay keeps its last totals, as a run cancelled as a whole does.
    expect(Number(run2.total_net)).toBeGreaterThan(0);
    const runAudit = await org.db.query(
      `select action from public.audit_logs where entity = 'payroll_runs' and entity_id = $1 and action = 'cancelled'`,
      [other.id],
    );
    expect(runAudit.rows).toHaveLength(1);
    const seen = await org.employee.supabase.from('payroll_records').select('id').eq('run_id', other.id);
    expect(seen.data).toEqual([]);
  });
});
