// One pay period is paid once (issue 23 §1), through the API as each role: a period must fit its
// frequency; the same period twice, an overlap of a single day and two runs started at the same
// moment give one run and a refusal naming it; paying a record, a run or a salary twice writes one
// paystub, one audit row and one notification; paying needs a two-factor session once the person
// has a verified factor. Every refusal is checked to have changed nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedStructure } from './payroll-fixture.ts';
import { createOrg, type Account, type Org } from './org.ts';

let org: Org;

beforeAll(async () => {
  org = await createOrg();
  await approvedStructure(org, org.employee.employeeId, 4000);
  await approvedStructure(org, org.manager.employeeId, 6000);
});
afterAll(() => org?.stop());

/** Everything a refused call could have written. */
const footprint = async () =>
  (
    await org.db.query(
      `select (select count(*) from public.payroll_runs)::int as runs,
              (select count(*) from public.payroll_records)::int as records,
              (select count(*) from public.paystubs)::int as paystubs,
              (select count(*) from public.audit_logs)::int as audit,
              (select count(*) from public.notifications)::int as notifications,
              (select coalesce(jsonb_agg(to_jsonb(r) order by r.id), '[]') from public.payroll_runs r) as run_rows,
              (select coalesce(jsonb_agg(to_jsonb(r) order by r.id), '[]') from public.payroll_records r) as record_rows`,
    )
  ).rows[0];

const generate = (
  who: Account,
  start: string,
  end: string,
  frequency = 'monthly',
  siteId: string = org.sites.us,
) =>
  who.supabase.rpc('generate_payroll_run', {
    p_site_id: siteId,
    p_period_start: start,
    p_period_end: end,
    p_frequency: frequency,
  });

const count = async (sql: string, params: unknown[]) =>
  Number((await org.db.query<{ n: string }>(sql, params)).rows[0]!.n);

describe('a period fits its frequency', () => {
  it('refuses every role but HR and admins, whatever the period', async () => {
    const before = await footprint();
    for (const who of [org.manager, org.employee, org.outsider, org.kioskUs]) {
      const { error } = await generate(who, '2026-03-01', '2026-03-31');
      expect(error, who.email).toMatchObject({ code: '42501', message: 'payroll.staff_only' });
    }
    const anon = await org.anon.rpc('generate_payroll_run', {
      p_site_id: org.sites.us,
      p_period_start: '2026-03-01',
      p_period_end: '2026-03-31',
    });
    expect(anon.error).not.toBeNull();
    expect(await footprint()).toEqual(before);
  });

  it('refuses periods that are not one period of their frequency, or not real dates, and writes nothing', async () => {
    const before = await footprint();
    const misfits: Array<[string, string, string, string]> = [
      ['2026-03-01', '2026-03-30', 'monthly', 'payroll_period_frequency_mismatch'], // a day short
      ['2026-03-02', '2026-04-01', 'monthly', 'payroll_period_frequency_mismatch'], // not the calendar month
      ['2026-01-01', '2026-12-31', 'monthly', 'payroll_period_frequency_mismatch'], // a year
      ['2026-03-01', '2226-03-31', 'monthly', 'payroll_period_out_of_range'], // centuries
      ['2000-01-01', '2099-12-31', 'monthly', 'payroll_period_frequency_mismatch'], // a century inside the window
      ['2026-03-02', '2026-03-09', 'weekly', 'payroll_period_frequency_mismatch'], // 8 days
      ['2026-03-02', '2026-03-07', 'weekly', 'payroll_period_frequency_mismatch'], // 6 days
      ['2026-03-02', '2026-03-14', 'biweekly', 'payroll_period_frequency_mismatch'], // 13 days
      ['2026-03-01', '2026-03-16', 'semimonthly', 'payroll_period_frequency_mismatch'],
      ['2026-03-16', '2026-03-30', 'semimonthly', 'payroll_period_frequency_mismatch'],
      ['2026-03-31', '2026-03-01', 'monthly', 'payroll_period_order'],
      ['infinity', 'infinity', 'weekly', 'payroll_period_out_of_range'],
      ['-infinity', '2026-03-31', 'monthly', 'payroll_period_out_of_range'],
      ['2026-03-01', 'Infinity', 'monthly', 'payroll_period_out_of_range'],
      ['1900-03-01', '1900-03-31', 'monthly', 'payroll_period_out_of_range'],
      ['9999-12-01', '9999-12-31', 'monthly', 'payroll_period_out_of_range'],
    ];
    for (const [start, end, frequency, hint] of misfits) {
      const { error } = await generate(org.hr, start, end, frequency);
      expect(error, `${frequency} ${start}..${end}`).toMatchObject({ code: 'P0001', hint });
    }
    const weekly = await generate(org.hr, '2026-03-02', '2026-03-09', 'weekly');
    expect(weekly.error).toMatchObject({
      message: 'payroll.weekly_period',
      details: '{"end": "2026-03-08", "start": "2026-03-02"}',
    });
    // Not dates, and a frequency that does not exist: refused before anything runs.
    for (const [start, end, frequency] of [
      ['NaN', '2026-03-31', 'monthly'],
      ['2026-03-01', 'not a date', 'monthly'],
      ['2026-03-01', '2026-03-31', 'yearly'],
    ]) {
      const { error } = await generate(org.admin, start!, end!, frequency);
      expect(error, `${start} ${end} ${frequency}`).not.toBeNull();
    }
    const noFrequency = await org.hr.supabase.rpc('generate_payroll_run', {
      p_site_id: org.sites.us,
      p_period_start: '2026-03-01',
      p_period_end: '2026-03-31',
      p_frequency: null,
    });
    expect(noFrequency.error).toMatchObject({ hint: 'payroll_frequency_required' });
    const unknownSite = await generate(org.hr, '2026-03-01', '2026-03-31', 'monthly', randomUUID());
    expect(unknownSite.error).toMatchObject({ message: 'site.not_found' });
    expect(await footprint()).toEqual(before);
  });

  it('accepts a period of each frequency: a week, two weeks, each half of a month, a calendar month', async () => {
    for (const [start, end, frequency] of [
      ['2026-02-02', '2026-02-08', 'weekly'],
      ['2026-02-02', '2026-02-15', 'biweekly'],
      ['2026-02-01', '2026-02-15', 'semimonthly'],
      ['2026-02-16', '2026-02-28', 'semimonthly'],
      ['2026-02-01', '2026-02-28', 'monthly'],
    ]) {
      const { data, error } = await generate(org.hr, start!, end!, frequency);
      expect(error, `${frequency} ${start}..${end}`).toBeNull();
      expect(data).toMatchObject({ period_start: start, period_end: end, frequency });
    }
    // Only the monthly run pays these two (their structures are monthly).
    expect(
      await count(
        `select count(*) as n from public.payroll_records where pay_period_start >= '2026-02-01' and pay_period_end <= '2026-02-28'`,
        [],
      ),
    ).toBe(2);
  });
});

describe('a period is paid once', () => {
  it('refuses the same period twice and names the run that pays it; a draft regenerates instead', async () => {
    const first = await generate(org.hr, '2026-04-01', '2026-04-30');
    expect(first.error).toBeNull();
    const runId = (first.data as { id: string }).id;
    const before = await footprint();
    for (const who of [org.hr, org.admin]) {
      const { error } = await generate(who, '2026-04-01', '2026-04-30');
      expect(error).toMatchObject({ code: 'P0001', hint: 'payroll_period_overlap' });
      expect(error!.message).toBe('payroll.period_paid_by_run');
      expect(JSON.parse(error!.details)).toMatchObject({
        employee: expect.stringMatching(/^(Employee|Manager) Test$/),
        from: '2026-04-01',
        to: '2026-04-30',
        run: runId,
        site: 'Chicago',
        run_from: '2026-04-01',
        run_to: '2026-04-30',
        run_status: 'draft',
      });
    }
    expect(await footprint()).toEqual(before);
    const regenerated = await org.hr.supabase.rpc('generate_payroll_run', {
      p_site_id: org.sites.us,
      p_period_start: '2026-04-01',
      p_period_end: '2026-04-30',
      p_run_id: runId,
    });
    expect(regenerated.error).toBeNull();
    expect(regenerated.data).toMatchObject({ id: runId, employee_count: 2 });
  });

  it('refuses an overlap of a single day with a record of someone the run would pay; a cancelled record frees it', async () => {
    // The employee moves to weekly pay from 27 April; April's monthly run already pays them to the 30th.
    const [current] = (
      await org.db.query<{ id: string }>(
        `select id from public.salary_structures where employee_id = $1 and approval_status = 'approved' and is_active`,
        [org.employee.employeeId],
      )
    ).rows;
    const revised = await org.hr.supabase.rpc('revise_salary_structure', {
      p_id: current!.id,
      p_fields: { frequency: 'weekly', effective_date: '2026-04-27' },
    });
    expect(revised.error).toBeNull();
    const approved = await org.admin.supabase.rpc('set_salary_approval', {
      p_id: (revised.data as { id: string }).id,
      p_status: 'approved',
    });
    expect(approved.error).toBeNull();
    const april = (
      await org.db.query<{ id: string; run_id: string }>(
        `select id, run_id from public.payroll_records where employee_id = $1 and pay_period_start = '2026-04-01'
         and status <> 'cancelled'`,
        [org.employee.employeeId],
      )
    ).rows[0]!;

    const before = await footprint();
    const overlap = await generate(org.hr, '2026-04-30', '2026-05-06', 'weekly');
    expect(overlap.error).toMatchObject({ code: 'P0001', hint: 'payroll_period_overlap' });
    expect(overlap.error!.message).toBe('payroll.period_paid_by_run');
    expect(JSON.parse(overlap.error!.details)).toEqual({
      employee: 'Employee Test',
      from: '2026-04-01',
      to: '2026-04-30',
      run: april.run_id,
      site: 'Chicago',
      run_from: '2026-04-01',
      run_to: '2026-04-30',
      run_status: 'draft',
    });
    expect(await footprint()).toEqual(before);
    // The week after April is free.
    expect((await generate(org.hr, '2026-05-01', '2026-05-07', 'weekly')).error).toBeNull();

    // Cancelling the person's April record frees its days for the weekly run.
    const cancelled = await org.hr.supabase.rpc('cancel_payroll_record', {
      p_record_id: april.id,
      p_reason: 'Paid weekly from 27 April',
    });
    expect(cancelled.error).toBeNull();
    const weekly = await generate(org.hr, '2026-04-24', '2026-04-30', 'weekly');
    expect(weekly.error).toBeNull();
    expect(weekly.data).toMatchObject({ employee_count: 1 });
  });

  it('holds in the table itself: a one-day record in another run is refused even from trusted SQL', async () => {
    const [record] = (
      await org.db.query(
        `select * from public.payroll_records where employee_id = $1 and pay_period_start = '2026-02-01' and status <> 'cancelled'`,
        [org.manager.employeeId],
      )
    ).rows;
    await expect(
      org.db.query(
        `insert into public.payroll_records (run_id, employee_id, employee_name, salary_structure_id, pay_period_start,
           pay_period_end, basic_pay, overtime_pay, allowances, gross_pay, deductions, total_deductions, net_pay, currency, computation)
         select (select id from public.payroll_runs where period_start = '2026-02-16'), employee_id, employee_name,
           salary_structure_id, '2026-02-28', '2026-02-28', basic_pay, overtime_pay,
           allowances, gross_pay, deductions, total_deductions, net_pay, currency, computation
         from public.payroll_records where id = $1`,
        [record.id],
      ),
    ).rejects.toMatchObject({ code: '23P01' });
  });

  it('two runs of the same period started at once: exactly one is made, the other is refused naming it', async () => {
    const before = await footprint();
    const results = await Promise.all([
      generate(org.hr, '2026-06-01', '2026-06-30'),
      generate(org.admin, '2026-06-01', '2026-06-30'),
    ]);
    const made = results.filter((r) => r.error === null);
    const refused = results.filter((r) => r.error !== null);
    expect(made).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const winner = made[0]!.data as { id: string; employee_count: number };
    expect(refused[0]!.error).toMatchObject({ code: 'P0001', hint: 'payroll_period_overlap' });
    expect(refused[0]!.error!.message).toBe('payroll.period_paid_by_run');
    expect(JSON.parse(refused[0]!.error!.details)).toMatchObject({
      run: winner.id,
      site: 'Chicago',
      run_from: '2026-06-01',
      run_to: '2026-06-30',
    });
    const after = await footprint();
    expect(after.runs).toBe(before.runs + 1);
    expect(after.records).toBe(before.records + winner.employee_count);
    expect(
      await count(
        `select count(*) as n from public.audit_logs where entity = 'payroll_runs' and action = 'generate'
                   and entity_id = $1`,
        [winner.id],
      ),
    ).toBe(1);
  });
});

describe('paying twice changes nothing', () => {
  const paidTrail = async (recordIds: string[], employeeIds: string[]) => ({
    stubs: await count('select count(*) as n from public.paystubs where payroll_record_id = any ($1)', [
      recordIds,
    ]),
    audit: await count(
      `select count(*) as n from public.audit_logs where entity = 'payroll_records' and entity_id = any ($1) and action = 'paid'`,
      [recordIds],
    ),
    notes: await count(
      `select count(*) as n from public.notifications where employee_id = any ($1) and code = 'payroll.payslip_available'`,
      [employeeIds],
    ),
  });

  it('a record marked paid twice, and a run marked paid twice at once: one paystub, audit row and notification each', async () => {
    const run = await generate(org.hr, '2026-07-01', '2026-07-31');
    expect(run.error).toBeNull();
    const runId = (run.data as { id: string }).id;
    const records = (
      await org.db.query<{ id: string; employee_id: string }>(
        'select id, employee_id from public.payroll_records where run_id = $1 order by employee_name',
        [runId],
      )
    ).rows;
    expect(records).toHaveLength(1); // the manager; the employee is paid weekly now
    const [only] = records;
    const notesBefore = await paidTrail([only!.id], [only!.employee_id]);
    expect((await org.hr.supabase.rpc('process_payroll_record', { p_record_id: only!.id })).error).toBeNull();
    const first = await org.hr.supabase.rpc('mark_payroll_record_paid', { p_record_id: only!.id });
    expect(first.error).toBeNull();
    const afterFirst = await footprint();
    const second = await org.admin.supabase.rpc('mark_payroll_record_paid', { p_record_id: only!.id });
    expect(second.error).toBeNull();
    expect(second.data).toMatchObject({ id: only!.id, status: 'paid', pay_date: first.data.pay_date });
    expect(await footprint()).toEqual(afterFirst);
    expect(await paidTrail([only!.id], [only!.employee_id])).toEqual({
      stubs: 1,
      audit: 1,
      notes: notesBefore.notes + 1,
    });
    // The run followed its only record: paid; marking it paid again changes nothing.
    const again = await org.hr.supabase.rpc('mark_payroll_run_paid', { p_run_id: runId });
    expect(again.error).toBeNull();
    expect(again.data).toMatchObject({ id: runId, status: 'paid' });
    expect(await footprint()).toEqual(afterFirst);

    // A whole run, marked paid by two people at the same moment.
    const august = await generate(org.hr, '2026-08-01', '2026-08-31');
    const augustId = (august.data as { id: string }).id;
    expect((await org.hr.supabase.rpc('process_payroll_run', { p_run_id: augustId })).error).toBeNull();
    const augustRecords = (
      await org.db.query<{ id: string }>('select id from public.payroll_records where run_id = $1', [
        augustId,
      ])
    ).rows.map((r) => r.id);
    const notesAugust = await count(
      `select count(*) as n from public.notifications where employee_id = $1 and code = 'payroll.payslip_available'`,
      [org.manager.employeeId],
    );
    const both = await Promise.all([
      org.hr.supabase.rpc('mark_payroll_run_paid', { p_run_id: augustId }),
      org.admin.supabase.rpc('mark_payroll_run_paid', { p_run_id: augustId }),
    ]);
    expect(both.map((r) => r.error)).toEqual([null, null]);
    expect(both.map((r) => (r.data as { status: string }).status)).toEqual(['paid', 'paid']);
    expect(
      await count(
        `select count(*) as n from public.audit_logs where entity = 'payroll_runs' and entity_id = $1 and action = 'paid'`,
        [augustId],
      ),
    ).toBe(1);
    expect(
      await count('select count(*) as n from public.paystubs where payroll_record_id = any ($1)', [
        augustRecords,
      ]),
    ).toBe(augustRecords.length);
    expect(
      await count(
        `select count(*) as n from public.notifications where employee_id = $1 and code = 'payroll.payslip_available'`,
        [org.manager.employeeId],
      ),
    ).toBe(notesAugust + 1);
  });

  describe('salary payments', () => {
    const structure = async (effective: string) => {
      const { data, error } = await org.hr.supabase.rpc('create_salary_structures', {
        p_employee_ids: [org.bfEmployee.employeeId],
        p_fields: { country: 'BF', frequency: 'monthly', basic_salary: 150000, effective_date: effective },
      });
      if (error) throw error;
      const id = (data as Array<{ id: string }>)[0]!.id;
      const approved = await org.admin.supabase.rpc('set_salary_approval', {
        p_id: id,
        p_status: 'approved',
      });
      if (approved.error) throw approved.error;
      return id;
    };
    const trail = async (id: string, action: string, code: string) => ({
      audit: await count(
        `select count(*) as n from public.audit_logs where entity = 'salary_structures' and entity_id = $1 and action = $2`,
        [id, action],
      ),
      notes: await count(
        `select count(*) as n from public.notifications where employee_id = $1 and code = $2`,
        [org.bfEmployee.employeeId, code],
      ),
      stubs: await count('select count(*) as n from public.paystubs where salary_structure_id = $1', [id]),
      row: (await org.db.query('select * from public.salary_structures where id = $1', [id])).rows[0],
    });

    it('queued twice (at once): one queue entry, one audit row; the row is unchanged by the second', async () => {
      const id = await structure('2099-02-02');
      const [a, b] = await Promise.all([
        org.hr.supabase.rpc('set_salary_payment', { p_id: id, p_status: 'paid', p_reference: 'TX-A' }),
        org.admin.supabase.rpc('set_salary_payment', { p_id: id, p_status: 'paid', p_reference: 'TX-B' }),
      ]);
      expect([a.error, b.error]).toEqual([null, null]);
      expect([a.data.payment_status, b.data.payment_status]).toEqual(['processing', 'processing']);
      const after = await trail(id, 'payment_queued', 'salary.released');
      expect(after).toMatchObject({ audit: 1, stubs: 0 });
      expect(after.row.payment_notes.match(/Queued until/g)).toHaveLength(1);
      const third = await org.hr.supabase.rpc('set_salary_payment', {
        p_id: id,
        p_status: 'paid',
        p_reference: 'TX-C',
      });
      expect(third.error).toBeNull();
      expect(await trail(id, 'payment_queued', 'salary.released')).toEqual(after);
    });

    it('paid twice: one paystub, one audit row, one notification; failed twice: one of each too', async () => {
      const id = await structure('2026-01-05');
      const notesBefore = (await trail(id, 'payment_released', 'salary.released')).notes;
      const first = await org.hr.supabase.rpc('set_salary_payment', {
        p_id: id,
        p_status: 'paid',
        p_reference: 'TX-1',
      });
      expect(first.data).toMatchObject({ payment_status: 'paid', payment_reference: 'TX-1' });
      const afterFirst = await trail(id, 'payment_released', 'salary.released');
      expect(afterFirst).toMatchObject({ audit: 1, stubs: 1, notes: notesBefore + 1 });
      const second = await org.admin.supabase.rpc('set_salary_payment', {
        p_id: id,
        p_status: 'paid',
        p_reference: 'TX-2',
      });
      expect(second.error).toBeNull();
      expect(second.data).toMatchObject({ payment_status: 'paid', payment_reference: 'TX-1' });
      expect(await trail(id, 'payment_released', 'salary.released')).toEqual(afterFirst);
      // A paid salary cannot be marked failed afterwards.
      const failed = await org.hr.supabase.rpc('set_salary_payment', { p_id: id, p_status: 'failed' });
      expect(failed.error).toMatchObject({
        message: 'salary.already_paid',
        hint: 'salary_already_paid',
      });
      expect(await trail(id, 'payment_released', 'salary.released')).toEqual(afterFirst);

      const other = await structure('2026-02-02');
      const failNotes = (await trail(other, 'payment_failed', 'salary.payment_failed')).notes;
      expect(
        (await org.hr.supabase.rpc('set_salary_payment', { p_id: other, p_status: 'failed' })).error,
      ).toBeNull();
      const onceFailed = await trail(other, 'payment_failed', 'salary.payment_failed');
      expect(onceFailed).toMatchObject({ audit: 1, notes: failNotes + 1 });
      expect(
        (await org.hr.supabase.rpc('set_salary_payment', { p_id: other, p_status: 'failed' })).error,
      ).toBeNull();
      expect(await trail(other, 'payment_failed', 'salary.payment_failed')).toEqual(onceFailed);
    });

    it('refuses other statuses, roles and unknown ids, changing nothing', async () => {
      const id = await structure('2026-03-02');
      const before = await trail(id, 'payment_released', 'salary.released');
      for (const status of ['PAID', 'pending', '', 'NaN']) {
        const { error } = await org.hr.supabase.rpc('set_salary_payment', { p_id: id, p_status: status });
        expect(error, status).toMatchObject({ message: 'salary.payment_status_invalid' });
      }
      const nullStatus = await org.hr.supabase.rpc('set_salary_payment', { p_id: id, p_status: null });
      expect(nullStatus.error).toMatchObject({ message: 'salary.payment_status_invalid' });
      for (const who of [org.manager, org.employee, org.bfEmployee, org.kioskBf]) {
        const { error } = await who.supabase.rpc('set_salary_payment', { p_id: id, p_status: 'paid' });
        expect(error, who.email).toMatchObject({ code: '42501' });
      }
      const missing = await org.hr.supabase.rpc('set_salary_payment', {
        p_id: randomUUID(),
        p_status: 'paid',
      });
      expect(missing.error).toMatchObject({ message: 'salary.not_found' });
      expect(await trail(id, 'payment_released', 'salary.released')).toEqual(before);
    });
  });
});

describe('paying needs a two-factor session once the person has a verified factor', () => {
  it('refuses an aal1 session of HR and of an admin with a verified factor, changing nothing', async () => {
    const september = await generate(org.hr, '2026-09-01', '2026-09-30');
    const runId = (september.data as { id: string }).id;
    expect((await org.hr.supabase.rpc('process_payroll_run', { p_run_id: runId })).error).toBeNull();
    const [record] = (
      await org.db.query<{ id: string }>('select id from public.payroll_records where run_id = $1', [runId])
    ).rows;
    const { data: created } = await org.hr.supabase.rpc('create_salary_structures', {
      p_employee_ids: [org.bfEmployee.employeeId],
      p_fields: { country: 'BF', basic_salary: 100000, effective_date: '2026-03-02' },
    });
    const structureId = (created as Array<{ id: string }>)[0]!.id;
    expect(
      (await org.admin.supabase.rpc('set_salary_approval', { p_id: structureId, p_status: 'approved' }))
        .error,
    ).toBeNull();

    const factors = [randomUUID(), randomUUID()];
    for (const [i, who] of [org.hr, org.admin].entries()) {
      await org.db.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, 'phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
        [factors[i], who.userId],
      );
    }
    try {
      const before = await footprint();
      for (const who of [org.hr, org.admin]) {
        for (const [fn, args] of [
          ['mark_payroll_record_paid', { p_record_id: record!.id }],
          ['mark_payroll_run_paid', { p_run_id: runId }],
          ['set_salary_payment', { p_id: structureId, p_status: 'paid' }],
          ['release_due_payments', {}],
        ] as const) {
          const { error } = await who.supabase.rpc(fn, args);
          expect(error, `${who.email} ${fn}`).toMatchObject({ code: '42501', hint: 'mfa_required' });
        }
      }
      expect(await footprint()).toEqual(before);
      expect(
        (
          await org.db.query('select payment_status from public.salary_structures where id = $1', [
            structureId,
          ])
        ).rows[0].payment_status,
      ).toBe('pending');
    } finally {
      await org.db.query('delete from auth.mfa_factors where id = any ($1)', [factors]);
    }
    // Without the factor the same session may pay.
    expect((await org.hr.supabase.rpc('mark_payroll_run_paid', { p_run_id: runId })).error).toBeNull();
  });
});

describe('a period is paid once whichever path pays it (structure payment, payroll run, revision)', () => {
  const structureRow = async (id: string) =>
    (await org.db.query('select * from public.salary_structures where id = $1', [id])).rows[0];
  const approve = async (id: string) => {
    const { error } = await org.admin.supabase.rpc('set_salary_approval', { p_id: id, p_status: 'approved' });
    if (error) throw error;
  };
  const propose = async (employeeId: string, fields: Record<string, unknown>) => {
    const { data, error } = await org.hr.supabase.rpc('create_salary_structures', {
      p_employee_ids: [employeeId],
      p_fields: { country: 'US', frequency: 'monthly', basic_salary: 5000, ...fields },
    });
    if (error) throw error;
    const id = (data as Array<{ id: string }>)[0]!.id;
    await approve(id);
    return id;
  };
  const pay = (id: string) => org.hr.supabase.rpc('set_salary_payment', { p_id: id, p_status: 'paid' });

  it('structure first: the run for that month and a revision with the same effective date are refused', async () => {
    // The fixture's approved monthly structure of the manager, effective 2026-01-01, in force in January.
    const [fixture] = (
      await org.db.query<{ id: string }>(
        `select id from public.salary_structures where employee_id = $1 and effective_date = '2026-01-01'`,
        [org.manager.employeeId],
      )
    ).rows;
    expect((await pay(fixture!.id)).error).toBeNull();
    expect(
      (
        await org.db.query(
          `select period_start::text as s, period_end::text as e from public.paystubs where salary_structure_id = $1`,
          [fixture!.id],
        )
      ).rows,
    ).toEqual([{ s: '2026-01-01', e: '2026-01-31' }]);

    const before = await footprint();
    const run = await generate(org.hr, '2026-01-01', '2026-01-31');
    expect(run.error).toMatchObject({ code: 'P0001', hint: 'payroll_period_overlap' });
    expect(run.error!.message).toBe('salary.period_paid');
    expect(JSON.parse(run.error!.details)).toMatchObject({ structure: fixture!.id, state: 'paid' });
    expect(await footprint()).toEqual(before);

    const { data: revised, error } = await org.hr.supabase.rpc('revise_salary_structure', {
      p_id: fixture!.id,
      p_fields: { basic_salary: 4100 },
    });
    expect(error).toBeNull();
    const revisedId = (revised as { id: string }).id;
    await approve(revisedId);
    const rowBefore = await structureRow(revisedId);
    const beforePay = await footprint();
    const again = await pay(revisedId);
    expect(again.error).toMatchObject({ code: 'P0001', hint: 'payroll_period_overlap' });
    expect(again.error!.message).toBe('salary.period_paid');
    expect(JSON.parse(again.error!.details)).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
      structure: expect.any(String),
      version: 1,
      state: 'paid',
    });
    expect(await structureRow(revisedId)).toEqual(rowBefore);
    expect(await footprint()).toEqual(beforePay);
  });

  it('run first: a structure payment of the same month, or of one day of it, is refused; the run still pays', async () => {
    const march = await generate(org.hr, '2026-03-01', '2026-03-31');
    expect(march.error).toBeNull();
    const runId = (march.data as { id: string }).id;
    expect((await org.hr.supabase.rpc('process_payroll_run', { p_run_id: runId })).error).toBeNull();
    const monthly = await propose(org.manager.employeeId, { effective_date: '2026-03-01' });
    const oneDay = await propose(org.manager.employeeId, {
      frequency: 'weekly',
      effective_date: '2026-03-31',
    });
    const before = await footprint();
    for (const id of [monthly, oneDay]) {
      const rowBefore = await structureRow(id);
      const { error } = await pay(id);
      expect(error, id).toMatchObject({ code: 'P0001', hint: 'payroll_period_overlap' });
      expect(error!.message).toBe('salary.period_paid_by_run');
      expect(JSON.parse(error!.details)).toMatchObject({ run: runId, run_status: 'processed' });
      expect(await structureRow(id)).toEqual(rowBefore);
    }
    expect(await footprint()).toEqual(before);
    expect((await org.hr.supabase.rpc('mark_payroll_run_paid', { p_run_id: runId })).error).toBeNull();
    expect((await pay(monthly)).error).toMatchObject({ hint: 'payroll_period_overlap' });
  });

  it('holds in the table itself: an overlapping paystub is refused even from trusted SQL', async () => {
    const before = await footprint();
    await expect(
      org.db.query(
        `insert into public.paystubs (employee_id, period_start, period_end, gross, net, currency)
         values ($1, '2026-01-31', '2026-01-31', 1, 1, 'USD')`,
        [org.manager.employeeId],
      ),
    ).rejects.toMatchObject({ code: '23P01' });
    expect(await footprint()).toEqual(before);
  });
});

describe('an approval status the RPC does not know is refused', () => {
  it("refuses 'APPROVED', 'Approved', ' approved', 'approve' and others, changing nothing", async () => {
    const { data } = await org.hr.supabase.rpc('create_salary_structures', {
      p_employee_ids: [org.employee.employeeId],
      p_fields: { country: 'US', basic_salary: 4200, effective_date: '2026-12-01' },
    });
    const id = (data as Array<{ id: string }>)[0]!.id;
    expect(
      (await org.admin.supabase.rpc('set_salary_approval', { p_id: id, p_status: 'approved' })).error,
    ).toBeNull();
    const row = async () =>
      (await org.db.query('select * from public.salary_structures where id = $1', [id])).rows[0];
    const before = { row: await row(), all: await footprint() };
    for (const status of ['APPROVED', 'Approved', ' approved', 'approve', '', 'NaN', 'Infinity', null]) {
      const { error } = await org.admin.supabase.rpc('set_salary_approval', { p_id: id, p_status: status });
      expect(error, String(status)).toMatchObject({ code: 'P0001', hint: 'salary_status_unknown' });
    }
    expect({ row: await row(), all: await footprint() }).toEqual(before);
  });
});
