// Hostile review of session 5's capabilities (leave, payment accounts and files, pay-profile
// fields, proposals edited by managers, notifications to groups): each attack is made through
// supabase-js as the role that would try it, must be refused, and must change nothing, which the
// superuser checks. The clock is pinned at Wednesday 2026-11-18 (tests/clock.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, PASSWORD } from '../helpers.ts';
import { enrolTotp } from '../totp.ts';
import { approvedStructure } from './payroll-fixture.ts';
import { createOrg, type Account, type Org } from './org.ts';

let org: Org;
let runId: string;
let fileId: string;
const ACCOUNT_NUMBER = '000123456789';

beforeAll(async () => {
  org = await createOrg();
  await org.db.query(`update public.employees set joining_date = '2025-01-05' where id = any ($1)`, [
    [org.employee.employeeId, org.outsider.employeeId, org.manager.employeeId, org.hr.employeeId],
  ]);
  // A processed US run of March 2026 paying the employee by ACH, and its file.
  await approvedStructure(org, org.employee.employeeId, 4000);
  const saved = await org.hr.supabase.rpc('save_payment_account', {
    p_employee_id: org.employee.employeeId,
    p_method: 'bank_account',
    p_routing_number: '071000013',
    p_account_number: ACCOUNT_NUMBER,
    p_account_type: 'checking',
  });
  if (saved.error) throw saved.error;
  await org.admin.supabase.from('payment_originators').insert({
    site_id: org.sites.us,
    company_name: 'Pointage Inc',
    company_id: '1234567890',
    odfi_routing: '071000013',
    odfi_name: 'First Bank',
  });
  const run = await org.hr.supabase.rpc('generate_payroll_run', {
    p_site_id: org.sites.us,
    p_period_start: '2026-03-01',
    p_period_end: '2026-03-31',
  });
  if (run.error) throw run.error;
  runId = run.data.id;
  const processed = await org.hr.supabase.rpc('process_payroll_run', { p_run_id: runId });
  if (processed.error) throw processed.error;
  // Two requests at once for the same file: one file, the same row for both.
  const [a, b] = await Promise.all([
    org.hr.supabase.rpc('generate_payment_file', { p_run_id: runId, p_kind: 'ach' }),
    org.hr.supabase.rpc('generate_payment_file', { p_run_id: runId, p_kind: 'ach' }),
  ]);
  if (a.error || b.error) throw a.error ?? b.error;
  expect(a.data.id).toBe(b.data.id);
  fileId = a.data.id;
  // HR and the manager have a verified factor: their own clients are aal2, a password sign-in is aal1.
  await enrolTotp(org.hr.supabase);
  await enrolTotp(org.manager.supabase);
}, 180_000);
afterAll(() => org?.stop());

const rows = async <T extends object = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await org.db.query<T & Record<string, unknown>>(sql, params)).rows;
const count = async (sql: string, params: unknown[] = []) =>
  Number((await rows<{ count: string }>(sql, params))[0]!.count);

async function signIn(account: Pick<Account, 'email'>): Promise<SupabaseClient> {
  const supabase = client(org.stack);
  const { error } = await supabase.auth.signInWithPassword({ email: account.email, password: PASSWORD });
  if (error) throw error;
  return supabase;
}

/** Everything the attacks below could change. */
const snapshot = async () => ({
  leave: await rows('select id, status, amount, decided_by from public.leave_requests order by id'),
  adjustments: await count('select count(*) from public.leave_adjustments'),
  accounts: await rows('select id, account_number, replaced_at from public.payment_accounts order by id'),
  files: await rows('select id, sha256 from public.payment_files order by id'),
  entries: await count('select count(*) from public.payment_file_entries'),
  structures: await rows(
    'select id, approval_status, basic_salary from public.salary_structures order by id',
  ),
  notifications: await count('select count(*) from public.notifications'),
  audit: await count('select count(*) from public.audit_logs'),
});

const MFA_REQUIRED = { code: '42501', message: 'access.mfa_required' };

/** A pending request of `who` for one day, made through the RPC. */
async function pendingLeave(who: Account, day: string, type = 'unpaid') {
  const { data, error } = await who.supabase.rpc('request_leave', {
    p_leave_type: type,
    p_start: day,
    p_end: day,
  });
  if (error) throw error;
  return data.id as string;
}

describe('an aal1 session of a person with a verified factor (a stolen password)', () => {
  it('HR at aal1 reads no bank numbers: not the payment file, its plan, the summary nor who is missing', async () => {
    const aal1 = await signIn(org.hr);
    const before = await snapshot();
    const attempts = {
      content: await aal1.rpc('payment_file_content', { p_file_id: fileId }),
      plan: await aal1.rpc('payment_file_plan', { p_run_id: runId }),
      missing: await aal1.rpc('payment_accounts_missing', { p_run_id: runId }),
      summary: await aal1.rpc('payment_account_summary', { p_employee_id: org.employee.employeeId }),
    };
    for (const [name, { data, error }] of Object.entries(attempts)) {
      expect(error, name).toMatchObject(MFA_REQUIRED);
      expect(JSON.stringify(data ?? null)).not.toContain(ACCOUNT_NUMBER);
    }
    // Not even a 'download' audit row: nothing was read.
    expect(await snapshot()).toEqual(before);
    // The same person verified (aal2) reads the file.
    const ok = await org.hr.supabase.rpc('payment_file_content', { p_file_id: fileId });
    expect(ok.error).toBeNull();
    expect(ok.data![0]!.content).toContain(ACCOUNT_NUMBER);
  });

  it('HR at aal1 neither adjusts a balance, nor decides, records or reads anyone’s leave', async () => {
    const requestId = await pendingLeave(org.employee, '2026-12-07');
    const aal1 = await signIn(org.hr);
    const before = await snapshot();
    const attempts = {
      adjust: await aal1.rpc('adjust_leave_balance', {
        p_employee_id: org.employee.employeeId,
        p_leave_type: 'annual',
        p_amount: 500,
        p_reason: 'gift',
      }),
      decide: await aal1.rpc('decide_leave', { p_request_id: requestId, p_approve: true }),
      record: await aal1.rpc('request_leave', {
        p_leave_type: 'unpaid',
        p_start: '2026-12-08',
        p_end: '2026-12-08',
        p_employee_id: org.outsider.employeeId,
      }),
      cancel: await aal1.rpc('cancel_leave', { p_request_id: requestId }),
      balances: await aal1.rpc('leave_balances', { p_employee_id: org.employee.employeeId }),
      ledger: await aal1.rpc('leave_ledger', {
        p_employee_id: org.employee.employeeId,
        p_leave_type: 'annual',
      }),
      quote: await aal1.rpc('leave_quote', {
        p_leave_type: 'annual',
        p_start: '2026-12-08',
        p_end: '2026-12-08',
        p_employee_id: org.employee.employeeId,
      }),
    };
    for (const [name, { error }] of Object.entries(attempts)) expect(error, name).toMatchObject(MFA_REQUIRED);
    expect(await snapshot()).toEqual(before);
    // Verified, HR decides it.
    const ok = await org.hr.supabase.rpc('decide_leave', {
      p_request_id: requestId,
      p_approve: false,
      p_reason: 'x',
    });
    expect(ok.error).toBeNull();
  });

  it('HR at aal1 changes no one’s pay profile (W-4, Illinois allowances, FLSA status)', async () => {
    const aal1 = await signIn(org.hr);
    const before = await rows('select * from public.employee_pay_profiles order by employee_id');
    const { error } = await aal1.rpc('save_pay_profile', {
      p_employee_id: org.employee.employeeId,
      p_profile: { state_allowances: 99, flsa_exempt: true, w4_step4c: '9999999999' },
    });
    expect(error).toMatchObject(MFA_REQUIRED);
    expect(await rows('select * from public.employee_pay_profiles order by employee_id')).toEqual(before);
  });

  it('a manager at aal1 neither edits nor withdraws their pending salary proposal', async () => {
    const { data, error } = await org.manager.supabase.rpc('create_salary_structures', {
      p_employee_ids: [org.employee.employeeId],
      p_fields: { country: 'US', basic_salary: 4100, frequency: 'monthly', effective_date: '2026-12-01' },
    });
    if (error) throw error;
    const id = (data as Array<{ id: string }>)[0]!.id;
    const aal1 = await signIn(org.manager);
    const before = await snapshot();
    const edit = await aal1.rpc('update_salary_proposal', { p_id: id, p_fields: { basic_salary: 999_999 } });
    const withdraw = await aal1.rpc('withdraw_salary_proposal', { p_id: id });
    expect(edit.error).toMatchObject(MFA_REQUIRED);
    expect(withdraw.error).toMatchObject(MFA_REQUIRED);
    expect(await snapshot()).toEqual(before);
    expect((await org.manager.supabase.rpc('withdraw_salary_proposal', { p_id: id })).error).toBeNull();
  });
});

describe('leave', () => {
  it('three requests at once cannot spend the same balance twice', async () => {
    // 16 hours available: two days of 8 hours, asked for three times at once.
    const adjusted = await org.hr.supabase.rpc('adjust_leave_balance', {
      p_employee_id: org.outsider.employeeId,
      p_leave_type: 'annual',
      p_amount: 16,
      p_reason: 'Transfer from the previous system',
    });
    expect(adjusted.error).toBeNull();
    const results = await Promise.all(
      ['2026-11-23', '2026-11-24', '2026-11-25'].map((day) =>
        org.outsider.supabase.rpc('request_leave', { p_leave_type: 'annual', p_start: day, p_end: day }),
      ),
    );
    expect(results.filter((r) => !r.error)).toHaveLength(2);
    expect(results.filter((r) => r.error).map((r) => r.error!.message)).toEqual(['leave.over_balance_hours']);
    const { data } = await org.outsider.supabase.rpc('leave_balances', {});
    const balances = data as Array<{ leave_type: string; balance: number; pending: number }>;
    const annual = balances.find((b) => b.leave_type === 'annual')!;
    expect(Number(annual.balance) - Number(annual.pending)).toBe(0);
  });

  it('the same half day twice overlaps; the other half does not; a day over a half day overlaps', async () => {
    await org.outsider.supabase.rpc('request_leave', {
      p_leave_type: 'unpaid',
      p_start: '2026-12-02',
      p_end: '2026-12-02',
      p_half_day: 'am',
    });
    const before = await snapshot();
    for (const args of [
      { p_start: '2026-12-02', p_end: '2026-12-02', p_half_day: 'am' },
      { p_start: '2026-12-01', p_end: '2026-12-02' },
      { p_start: '2026-12-02', p_end: '2026-12-04' },
    ]) {
      const { error } = await org.outsider.supabase.rpc('request_leave', { p_leave_type: 'unpaid', ...args });
      expect(error?.message, JSON.stringify(args)).toBe('leave.overlaps');
    }
    expect(await snapshot()).toEqual(before);
    const pm = await org.outsider.supabase.rpc('request_leave', {
      p_leave_type: 'unpaid',
      p_start: '2026-12-02',
      p_end: '2026-12-02',
      p_half_day: 'pm',
    });
    expect(pm.error).toBeNull();
  });

  it('absurd dates, half days and amounts are refused with a code', async () => {
    const before = await snapshot();
    for (const [start, end, half] of [
      ['9999-12-31', '9999-12-31', null],
      ['1900-01-01', '1900-01-02', null],
      ['infinity', 'infinity', null],
      ['2026-12-10', 'infinity', null],
      ['2026-12-10', '2026-12-10', 'evening'],
    ] as const) {
      const { error } = await org.employee.supabase.rpc('request_leave', {
        p_leave_type: 'unpaid',
        p_start: start,
        p_end: end,
        p_half_day: half ?? undefined,
      });
      expect(error?.message, `${start} ${end} ${half}`).toMatch(
        /^leave\.(dates_out_of_range|half_day_single_day|in_the_past)$/,
      );
    }
    for (const amount of ['NaN', 'Infinity', '-Infinity', '1e30', '-1001', '0']) {
      const { error } = await org.hr.supabase.rpc('adjust_leave_balance', {
        p_employee_id: org.employee.employeeId,
        p_leave_type: 'annual',
        p_amount: amount as unknown as number,
        p_reason: 'test',
      });
      expect(error?.message, amount).toBe('leave.adjustment_out_of_range');
    }
    for (const day of ['9999-01-01', '1900-01-01', 'infinity', '-infinity']) {
      const { error } = await org.hr.supabase.rpc('adjust_leave_balance', {
        p_employee_id: org.employee.employeeId,
        p_leave_type: 'annual',
        p_amount: 8,
        p_reason: 'test',
        p_day: day,
      });
      expect(error?.message, day).toBe('leave.dates_out_of_range');
    }
    for (const asOf of ['9999-01-01', 'infinity']) {
      const { error } = await org.employee.supabase.rpc('leave_ledger', {
        p_employee_id: org.employee.employeeId,
        p_leave_type: 'annual',
        p_as_of: asOf,
      });
      expect(error?.message, asOf).toBe('leave.dates_out_of_range');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('nobody decides their own leave, nor the leave of someone outside their team', async () => {
    const managers = await pendingLeave(org.manager, '2026-12-14');
    const outsiders = await pendingLeave(org.outsider, '2026-12-14');
    const employees = await pendingLeave(org.employee, '2026-12-14');
    const hrs = await pendingLeave(org.hr, '2026-12-14');
    const before = await snapshot();
    const attempts: [Account, string, string][] = [
      [org.manager, managers, 'leave.own_request'],
      [org.hr, hrs, 'leave.own_request'],
      [org.manager, outsiders, 'leave.request_not_found'],
      [org.employee, employees, 'leave.own_request'],
      [org.employee, outsiders, 'leave.request_not_found'],
      [org.outsider, employees, 'leave.request_not_found'],
      [org.kioskUs, employees, 'leave.request_not_found'],
    ];
    for (const [who, id, code] of attempts) {
      const { error } = await who.supabase.rpc('decide_leave', { p_request_id: id, p_approve: true });
      expect(error?.message, `${who.email} on ${id}`).toBe(code);
      // Cancelling someone else's request is refused too (one's own is allowed, HR's is their job).
      const owner = { [managers]: org.manager, [hrs]: org.hr, [employees]: org.employee }[id];
      if (owner !== who && who !== org.hr) {
        const cancel = await who.supabase.rpc('cancel_leave', { p_request_id: id });
        expect(cancel.error, `${who.email} cancels`).not.toBeNull();
      }
    }
    const anon = await org.anon.rpc('decide_leave', { p_request_id: employees, p_approve: true });
    expect(anon.error).not.toBeNull();
    // HR recording leave for themselves is a request like anyone's, not an approval.
    const own = await org.hr.supabase.rpc('request_leave', {
      p_leave_type: 'unpaid',
      p_start: '2026-12-15',
      p_end: '2026-12-15',
      p_employee_id: org.hr.employeeId,
    });
    expect(own.data?.status).toBe('pending');
    await org.db.query('delete from public.leave_requests where id = $1', [own.data!.id]);
    await org.db.query(
      `delete from public.notifications where code = 'leave.requested' and params ->> 'request_id' = $1`,
      [own.data!.id],
    );
    await org.db.query(`delete from public.audit_logs where entity_id = $1`, [own.data!.id]);
    expect(await snapshot()).toEqual(before);
  });

  it('others read no one’s leave, balance or ledger through REST or the RPCs', async () => {
    for (const [who, target] of [
      [org.employee, org.outsider],
      [org.outsider, org.employee],
      [org.manager, org.outsider],
      [org.kioskUs, org.employee],
    ] as const) {
      const direct = await who.supabase
        .from('leave_requests')
        .select('id')
        .eq('employee_id', target.employeeId);
      expect(direct.data ?? [], who.email).toEqual([]);
      const adjustments = await who.supabase
        .from('leave_adjustments')
        .select('id')
        .eq('employee_id', target.employeeId);
      expect(adjustments.data ?? [], who.email).toEqual([]);
      for (const [fn, args] of [
        ['leave_balances', { p_employee_id: target.employeeId }],
        ['leave_ledger', { p_employee_id: target.employeeId, p_leave_type: 'annual' }],
        [
          'leave_quote',
          {
            p_leave_type: 'unpaid',
            p_start: '2026-12-21',
            p_end: '2026-12-21',
            p_employee_id: target.employeeId,
          },
        ],
      ] as const) {
        const { error } = await who.supabase.rpc(fn, args as never);
        expect(error?.message, `${who.email} ${fn}`).toBe('leave.request_not_found');
      }
    }
  });
});

describe('payment accounts and files', () => {
  it('no one but admin, HR and the person reads an account, and no one reads a file, by REST or RPC', async () => {
    for (const who of [org.manager, org.outsider, org.kioskUs]) {
      for (const table of [
        'payment_accounts',
        'payment_files',
        'payment_file_entries',
        'payment_originators',
      ]) {
        const { data } = await who.supabase.from(table).select('*');
        expect(data ?? [], `${who.email} ${table}`).toEqual([]);
      }
      const summary = await who.supabase.rpc('payment_account_summary', {
        p_employee_id: org.employee.employeeId,
      });
      expect(summary.error?.message).toBe('payment.account_private');
      for (const [fn, args] of [
        ['payment_file_content', { p_file_id: fileId }],
        ['payment_file_plan', { p_run_id: runId }],
        ['payment_accounts_missing', { p_run_id: runId }],
      ] as const) {
        const { data, error } = await who.supabase.rpc(fn, args as never);
        expect(error?.code, `${who.email} ${fn}`).toBe('42501');
        expect(JSON.stringify(data ?? null)).not.toContain(ACCOUNT_NUMBER);
      }
    }
    for (const table of ['payment_accounts', 'payment_files', 'payment_file_entries']) {
      const { data } = await org.anon.from(table).select('*');
      expect(data ?? []).toEqual([]);
    }
    // The employee reads their own account, no one else's; no file.
    const own = await org.employee.supabase.from('payment_files').select('id');
    expect(own.data).toEqual([]);
  });

  it('no one saves an account but admin and HR, not even the person their own', async () => {
    const before = await snapshot();
    for (const who of [org.employee, org.manager, org.kioskUs]) {
      const { error } = await who.supabase.rpc('save_payment_account', {
        p_employee_id: org.employee.employeeId,
        p_method: 'bank_account',
        p_routing_number: '071000013',
        p_account_number: '99999999',
        p_account_type: 'checking',
      });
      expect(error?.code, who.email).toBe('42501');
      const direct = await who.supabase
        .from('payment_accounts')
        .update({ account_number: '99999999' })
        .eq('employee_id', org.employee.employeeId)
        .select('id');
      expect(direct.data ?? []).toEqual([]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('no audit row, realtime publication or notification carries an account number in full', async () => {
    expect(
      await count(`select count(*) from public.audit_logs where row_to_json(audit_logs)::text like $1`, [
        `%${ACCOUNT_NUMBER}%`,
      ]),
    ).toBe(0);
    expect(
      await count(
        `select count(*) from public.notifications where row_to_json(notifications)::text like $1`,
        [`%${ACCOUNT_NUMBER}%`],
      ),
    ).toBe(0);
    const published = (
      await rows<{ tablename: string }>(
        `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and tablename like 'payment%'`,
      )
    ).map((r) => r.tablename);
    expect(published).toEqual([]);
  });

  it('the person is told when someone else changes where their pay goes; HR’s own change tells no one', async () => {
    const told = await rows<{ params: Record<string, unknown>; created_by: string }>(
      `select params, created_by from public.notifications where employee_id = $1 and code = 'payment.account_changed'`,
      [org.employee.employeeId],
    );
    expect(told).toEqual([{ params: { day: '2026-11-18', last4: '6789' }, created_by: org.hr.employeeId }]);
    const own = await org.hr.supabase.rpc('save_payment_account', {
      p_employee_id: org.hr.employeeId,
      p_method: 'cash',
    });
    expect(own.error).toBeNull();
    expect(
      await count(
        `select count(*) from public.notifications where employee_id = $1 and code = 'payment.account_changed'`,
        [org.hr.employeeId],
      ),
    ).toBe(0);
  });

  it('a run is paid once: a second file of another kind holds no one already in a file', async () => {
    const before = await snapshot();
    const again = await org.hr.supabase.rpc('generate_payment_file', { p_run_id: runId, p_kind: 'ach' });
    expect(again.data?.id).toBe(fileId);
    // Moving the person to cash after the ACH file leaves no one for a cash sheet.
    const cash = await org.hr.supabase.rpc('save_payment_account', {
      p_employee_id: org.employee.employeeId,
      p_method: 'cash',
    });
    expect(cash.error).toBeNull();
    const sheet = await org.hr.supabase.rpc('generate_payment_file', {
      p_run_id: runId,
      p_kind: 'cash_sheet',
    });
    expect(sheet.error?.message).toBe('payment.nobody_to_pay');
    expect((await snapshot()).files).toEqual(before.files);
    expect((await snapshot()).entries).toBe(before.entries);
    // A record in a file cannot be cancelled back out of it.
    const { error } = await org.hr.supabase.rpc('cancel_payroll_run', { p_run_id: runId });
    expect(error).not.toBeNull();
    expect(
      await count(`select count(*) from public.payroll_records where run_id = $1 and status = 'processed'`, [
        runId,
      ]),
    ).toBe(1);
  });
});

describe('salary proposals and notifications', () => {
  it('a manager edits no decided proposal, no one else’s, and no figure out of range', async () => {
    const { data } = await org.manager.supabase.rpc('create_salary_structures', {
      p_employee_ids: [org.employee.employeeId],
      p_fields: { country: 'US', basic_salary: 4200, frequency: 'monthly', effective_date: '2026-12-15' },
    });
    const id = (data as Array<{ id: string }>)[0]!.id;
    const hrs = await org.hr.supabase.rpc('create_salary_structures', {
      p_employee_ids: [org.employee.employeeId],
      p_fields: { country: 'US', basic_salary: 4300, frequency: 'monthly', effective_date: '2026-12-16' },
    });
    const hrId = (hrs.data as Array<{ id: string }>)[0]!.id;
    const before = await snapshot();
    for (const fields of [
      { overtime_rate: 'NaN' },
      { overtime_rate: 'Infinity' },
      { basic_salary: 'NaN' },
      { basic_salary: -1 },
      { basic_salary: 1e20 },
      { effective_date: '9999-01-01' },
      { effective_date: '1900-01-01' },
      { allowances: { housing: 'NaN' } },
      { allowances: [1, 2] },
      { country: 'FR' },
    ]) {
      const { error } = await org.manager.supabase.rpc('update_salary_proposal', {
        p_id: id,
        p_fields: fields,
      });
      expect(error, JSON.stringify(fields)).not.toBeNull();
    }
    const other = await org.manager.supabase.rpc('update_salary_proposal', {
      p_id: hrId,
      p_fields: { basic_salary: 1 },
    });
    expect(other.error?.message).toBe('salary.proposal_not_yours');
    expect(await snapshot()).toEqual(before);
    const approved = await org.admin.supabase.rpc('set_salary_approval', { p_id: id, p_status: 'approved' });
    expect(approved.error).toBeNull();
    const after = await snapshot();
    const edit = await org.manager.supabase.rpc('update_salary_proposal', {
      p_id: id,
      p_fields: { basic_salary: 9000 },
    });
    expect(edit.error?.message).toBe('salary.already_decided');
    const withdraw = await org.manager.supabase.rpc('withdraw_salary_proposal', { p_id: id });
    expect(withdraw.error?.message).toBe('salary.already_decided');
    expect(await snapshot()).toEqual(after);
  });

  it('no one forges a sender, reaches another department as a manager, or sends as an employee', async () => {
    const before = await snapshot();
    const attempts: [Account, Record<string, unknown>, string][] = [
      [
        org.manager,
        { p_audience: 'department', p_target: org.departments.operations },
        'notification.audience_denied',
      ],
      [
        org.manager,
        { p_audience: 'person', p_target: org.outsider.employeeId },
        'notification.audience_denied',
      ],
      [org.manager, { p_audience: 'everyone' }, 'notification.audience_unknown'],
      [org.employee, { p_audience: 'team' }, 'notification.send_denied'],
      [org.kioskUs, { p_audience: 'team' }, 'notification.send_denied'],
    ];
    for (const [who, args, code] of attempts) {
      const { error } = await who.supabase.rpc('send_notification', {
        p_title: 'Hi',
        p_message: 'Hello',
        ...args,
      } as never);
      expect(error?.message, `${who.email} ${JSON.stringify(args)}`).toBe(code);
    }
    expect(await snapshot()).toEqual(before);
    // A direct insert naming someone else as the sender is stamped with the real one.
    const { data, error } = await org.manager.supabase
      .from('notifications')
      .insert({
        employee_id: org.employee.employeeId,
        title: 'From HR',
        message: 'x',
        created_by: org.hr.employeeId,
        sender_name: 'Hr Test',
      } as never)
      .select('id, created_by, sender_name')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ created_by: org.manager.employeeId, sender_name: 'Manager Test' });
    // Neither the recipient nor an admin rewrites who sent it.
    for (const who of [org.employee, org.admin]) {
      const rewrite = await who.supabase
        .from('notifications')
        .update({ sender_name: 'Hr Test', created_by: org.hr.employeeId } as never)
        .eq('id', data!.id)
        .select('id');
      expect(rewrite.error?.code, who.email).toBe('42501');
    }
    expect(
      (await rows('select created_by, sender_name from public.notifications where id = $1', [data!.id]))[0],
    ).toEqual({
      created_by: org.manager.employeeId,
      sender_name: 'Manager Test',
    });
  });
});

describe('a signed-out caller', () => {
  it('may execute two public functions only (whether the scanner simulator is on, the published biometric policy); new ones lose the default grant', async () => {
    const { rows } = await org.db.query(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute') order by 1`,
    );
    expect(rows.map((r: { proname: string }) => r.proname)).toEqual([
      'biometric_policy_public',
      'scanner_simulator_enabled',
    ]);
    // What the fingerprint service alone calls is not for a signed-in person either.
    const { rows: service } = await org.db.query(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname in ('kiosk_verification_templates', 'record_kiosk_verification')
          and has_function_privilege('authenticated', p.oid, 'execute')`,
    );
    expect(service).toEqual([]);
    const anon = await org.anon.rpc('today_status', { p_employee_ids: [org.employee.employeeId] });
    expect(anon.error).not.toBeNull();
  });
});
