// Process and Mark paid per payroll record, as every role (only HR and admins may), with the run's
// status following its records, audit rows, paystubs, and the changes reaching live subscribers
// (HR sees the run move; an employee hears only of their own record once processed).
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedStructure, newRun as newFixtureRun } from './payroll-fixture.ts';
import { createOrg, type Account, type Org } from './org.ts';

let org: Org;

async function newRun(month: string) {
  const run = await newFixtureRun(org, month);
  return { id: run.id, records: run.records, byEmployee: (id: string) => run.of(id).id };
}

const runStatus = async (id: string) =>
  (await org.db.query<{ status: string }>('select status from public.payroll_runs where id = $1', [id]))
    .rows[0]!.status;
const recordStatus = async (id: string) =>
  (await org.db.query<{ status: string }>('select status from public.payroll_records where id = $1', [id]))
    .rows[0]!.status;

beforeAll(async () => {
  org = await createOrg();
  await approvedStructure(org, org.employee.employeeId, 4000);
  await approvedStructure(org, org.manager.employeeId, 6000);
});
afterAll(() => org?.stop());

async function follow<T extends Record<string, unknown>>(account: Account, table: string) {
  const events: RealtimePostgresChangesPayload<T>[] = [];
  await account.supabase.realtime.setAuth(
    (await account.supabase.auth.getSession()).data.session!.access_token,
  );
  const channel = account.supabase
    .channel(`${table}-${account.email}`)
    .on('postgres_changes', { event: '*', schema: 'public', table }, (p) =>
      events.push(p as RealtimePostgresChangesPayload<T>),
    );
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) =>
      status === 'SUBSCRIBED'
        ? resolve()
        : status === 'CHANNEL_ERROR' || status === 'TIMED_OUT'
          ? reject(error ?? new Error(status))
          : undefined,
    ),
  );
  return { events, stop: () => account.supabase.removeChannel(channel) };
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('per-record payroll steps', () => {
  it('refuses every role but HR and admins, and says why', async () => {
    const run = await newRun('2026-01');
    const record = run.records[0]!.id;
    for (const account of [org.manager, org.employee, org.kioskUs]) {
      for (const fn of ['process_payroll_record', 'mark_payroll_record_paid']) {
        const { error } = await account.supabase.rpc(fn, { p_record_id: record });
        expect(error, `${account.email} ${fn}`).toMatchObject({
          code: '42501',
          message: 'payroll.staff_only',
        });
      }
    }
    const anon = await org.anon.rpc('process_payroll_record', { p_record_id: record });
    expect(anon.error).not.toBeNull();
    expect(await recordStatus(record)).toBe('draft');
  });

  it('refuses wrong states and unknown records with clear messages', async () => {
    const run = await newRun('2026-02');
    const record = run.records[0]!.id;
    const early = await org.hr.supabase.rpc('mark_payroll_record_paid', { p_record_id: record });
    expect(early.error).toMatchObject({
      message: 'payroll.record_transition',
      details: '{"to": "paid", "from": "draft"}',
    });
    expect((await org.hr.supabase.rpc('process_payroll_record', { p_record_id: record })).error).toBeNull();
    const twice = await org.hr.supabase.rpc('process_payroll_record', { p_record_id: record });
    expect(twice.error).toMatchObject({
      message: 'payroll.record_transition',
      details: '{"to": "processed", "from": "processed"}',
    });
    const missing = await org.hr.supabase.rpc('process_payroll_record', {
      p_record_id: '00000000-0000-0000-0000-000000000000',
    });
    expect(missing.error).toMatchObject({ message: 'payroll.record_not_found' });
    // A run with a processed record can no longer be regenerated (that would drop the record).
    const regen = await org.hr.supabase.rpc('generate_payroll_run', {
      p_site_id: org.sites.us,
      p_period_start: '2026-02-01',
      p_period_end: '2026-02-28',
      p_run_id: run.id,
    });
    expect(regen.error).toMatchObject({
      message: 'payroll.run_processed_not_regenerable',
    });
    expect(await recordStatus(record)).toBe('processed');
    // A cancelled run's records cannot be processed.
    expect((await org.hr.supabase.rpc('cancel_payroll_run', { p_run_id: run.id })).error).toBeNull();
    const cancelled = await org.hr.supabase.rpc('mark_payroll_record_paid', { p_record_id: record });
    expect(cancelled.error).toMatchObject({
      message: 'payroll.record_transition',
      details: '{"to": "paid", "from": "cancelled"}',
    });
  });

  it('moves the run with its records: all processed → processed, all paid → paid; audited, paystubs, notified', async () => {
    const run = await newRun('2026-03');
    expect(run.records).toHaveLength(2);
    const mine = run.byEmployee(org.employee.employeeId);
    const theirs = run.byEmployee(org.manager.employeeId);
    const hrRuns = await follow<{ id: string; status: string }>(org.hr, 'payroll_runs');
    const employeeRecords = await follow<{ id: string; status: string; employee_id: string }>(
      org.employee,
      'payroll_records',
    );
    try {
      const first = await org.hr.supabase.rpc('process_payroll_record', { p_record_id: mine });
      expect(first.error).toBeNull();
      expect(first.data).toMatchObject({ id: mine, status: 'processed' });
      expect(await runStatus(run.id)).toBe('draft');
      // The employee hears of their record once it is processed, never of the others'.
      await until(
        () => employeeRecords.events.some((e) => (e.new as { status?: string }).status === 'processed'),
        "the employee's processed record",
      );

      expect(
        (await org.admin.supabase.rpc('process_payroll_record', { p_record_id: theirs })).error,
      ).toBeNull();
      expect(await runStatus(run.id)).toBe('processed');
      await until(
        () => hrRuns.events.some((e) => (e.new as { status?: string }).status === 'processed'),
        'the run processed, live',
      );

      const paid = await org.hr.supabase.rpc('mark_payroll_record_paid', { p_record_id: mine });
      expect(paid.error).toBeNull();
      expect(paid.data).toMatchObject({ status: 'paid' });
      expect(await runStatus(run.id)).toBe('processed');
      const stubs = await org.db.query(
        'select employee_id, net from public.paystubs where payroll_record_id = $1',
        [mine],
      );
      expect(stubs.rows).toEqual([{ employee_id: org.employee.employeeId, net: expect.any(String) }]);
      const notes = await org.employee.supabase
        .from('notifications')
        .select('code')
        .eq('code', 'payroll.payslip_available');
      expect(notes.data?.length).toBeGreaterThan(0);

      // The run's Mark paid settles the rest without a second paystub for the one already paid.
      expect((await org.hr.supabase.rpc('mark_payroll_run_paid', { p_run_id: run.id })).error).toBeNull();
      expect(await runStatus(run.id)).toBe('paid');
      expect(await recordStatus(theirs)).toBe('paid');
      const allStubs = await org.db.query(
        `select payroll_record_id, count(*)::int as n from public.paystubs where payroll_record_id = any ($1)
         group by payroll_record_id`,
        [[mine, theirs]],
      );
      expect(allStubs.rows.map((r) => r.n)).toEqual([1, 1]);
      await until(
        () => hrRuns.events.some((e) => (e.new as { status?: string }).status === 'paid'),
        'the run paid, live',
      );
      expect(
        employeeRecords.events.every(
          (e) => (e.new as { employee_id?: string }).employee_id === org.employee.employeeId,
        ),
      ).toBe(true);

      const audit = await org.db.query<{ entity: string; action: string; actor_employee_id: string }>(
        `select entity, action, actor_employee_id from public.audit_logs
         where (entity = 'payroll_records' and entity_id = any ($1)) or (entity = 'payroll_runs' and entity_id = $2)
         order by created_at, id`,
        [[mine, theirs], run.id],
      );
      expect(audit.rows).toEqual(
        expect.arrayContaining([
          { entity: 'payroll_records', action: 'processed', actor_employee_id: org.hr.employeeId },
          { entity: 'payroll_records', action: 'processed', actor_employee_id: org.admin.employeeId },
          { entity: 'payroll_records', action: 'paid', actor_employee_id: org.hr.employeeId },
          { entity: 'payroll_runs', action: 'processed', actor_employee_id: org.admin.employeeId },
          { entity: 'payroll_runs', action: 'paid', actor_employee_id: org.hr.employeeId },
        ]),
      );
    } finally {
      await hrRuns.stop();
      await employeeRecords.stop();
    }
  });

  it('paying every record one by one pays the run; a run with a paid record cannot be cancelled', async () => {
    const run = await newRun('2026-04');
    for (const r of run.records) {
      expect((await org.hr.supabase.rpc('process_payroll_record', { p_record_id: r.id })).error).toBeNull();
    }
    const [a, b] = run.records as unknown as [{ id: string }, { id: string }];
    expect((await org.hr.supabase.rpc('mark_payroll_record_paid', { p_record_id: a.id })).error).toBeNull();
    const cancel = await org.hr.supabase.rpc('cancel_payroll_run', { p_run_id: run.id });
    expect(cancel.error).toMatchObject({
      message: 'payroll.run_paid_not_cancellable',
    });
    expect((await org.hr.supabase.rpc('mark_payroll_record_paid', { p_record_id: b.id })).error).toBeNull();
    const [row] = (
      await org.db.query('select status, processed_at, paid_at from public.payroll_runs where id = $1', [
        run.id,
      ])
    ).rows;
    expect(row).toMatchObject({ status: 'paid', processed_at: expect.any(Date), paid_at: expect.any(Date) });
  });

  it('a run processed as a whole keeps records processed one by one, and pays them all once', async () => {
    const run = await newRun('2026-05');
    const [a] = run.records as unknown as [{ id: string }];
    expect((await org.hr.supabase.rpc('process_payroll_record', { p_record_id: a.id })).error).toBeNull();
    expect((await org.hr.supabase.rpc('mark_payroll_record_paid', { p_record_id: a.id })).error).toBeNull();
    expect((await org.hr.supabase.rpc('process_payroll_run', { p_run_id: run.id })).error).toBeNull();
    expect(await recordStatus(a.id)).toBe('paid');
    expect((await org.hr.supabase.rpc('mark_payroll_run_paid', { p_run_id: run.id })).error).toBeNull();
    const stubs = await org.db.query(
      `select count(*)::int as n from public.paystubs ps join public.payroll_records r on r.id = ps.payroll_record_id
       where r.run_id = $1`,
      [run.id],
    );
    expect(stubs.rows[0].n).toBe(run.records.length);
  });
});
