// Issue 29 item 5: payment accounts (validated, private, masked, audited) and the files that pay a
// processed run (NACHA ACH, Burkina Faso bank transfer, mobile-money bulk, cash sheet): generated
// once, reconciled with the run to the cent and the franc, re-read by a parser, and linked to the
// records when the run is marked paid. Each step is also tried by the roles that must be refused.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, parseNacha } from '../../nacha.ts';
import { approvedStructure } from './payroll-fixture.ts';
import { createOrg, type Org } from './org.ts';

let org: Org;
/** A second Ouagadougou employee (no account of their own), paid by Orange Money. */
let moussa: string;

const US_ROUTING = '071000013';
const BF_IBAN = 'BF42BF0840101300463574000390';

beforeAll(async () => {
  org = await createOrg();
  for (const [id, basic] of [
    [org.employee.employeeId, 4000],
    [org.manager.employeeId, 6000.5],
    [org.outsider.employeeId, 3000],
  ] as const)
    await approvedStructure(org, id, basic);
  moussa = (
    await org.db.query<{ id: string }>(
      `insert into public.employees (first_name, last_name, email, site_id, role) values ('Moussa', 'Ouédraogo', 'moussa@org.test', $1, 'employee') returning id`,
      [org.sites.bf],
    )
  ).rows[0]!.id;
  for (const [id, basic] of [
    [org.bfEmployee.employeeId, 200000],
    [moussa, 150000],
  ] as const) {
    const { data, error } = await org.hr.supabase.rpc('create_salary_structures', {
      p_employee_ids: [id],
      p_fields: { country: 'BF', frequency: 'monthly', basic_salary: basic, effective_date: '2026-01-01' },
    });
    if (error) throw error;
    const approved = await org.admin.supabase.rpc('set_salary_approval', {
      p_id: data[0].id,
      p_status: 'approved',
    });
    if (approved.error) throw approved.error;
  }
});
afterAll(() => org?.stop());

const accountRows = async (employeeId: string) =>
  (
    await org.db.query(
      'select * from public.payment_accounts where employee_id = $1 order by created_at, id',
      [employeeId],
    )
  ).rows;

/** A processed run of March 2026 for a site, with its records. */
async function processedRun(site: string) {
  const { data: run, error } = await org.hr.supabase.rpc('generate_payroll_run', {
    p_site_id: site,
    p_period_start: '2026-03-01',
    p_period_end: '2026-03-31',
  });
  if (error) throw error;
  const processed = await org.hr.supabase.rpc('process_payroll_run', { p_run_id: run.id });
  if (processed.error) throw processed.error;
  const records = (
    await org.db.query<{ id: string; employee_id: string; net_pay: string }>(
      'select id, employee_id, net_pay from public.payroll_records where run_id = $1',
      [run.id],
    )
  ).rows;
  return { id: run.id as string, totalNet: run.total_net as number, records };
}

describe('payment accounts', () => {
  it('HR saves a US bank account; screens read it masked', async () => {
    const { error } = await org.hr.supabase.rpc('save_payment_account', {
      p_employee_id: org.employee.employeeId,
      p_method: 'bank_account',
      p_routing_number: '0710-0001 3',
      p_account_number: '000 123 456 789',
      p_account_type: 'checking',
    });
    expect(error).toBeNull();
    const [row] = await accountRows(org.employee.employeeId);
    expect(row).toMatchObject({ routing_number: US_ROUTING, account_number: '000123456789', country: 'US' });
    const { data } = await org.hr.supabase.rpc('payment_account_summary', {
      p_employee_id: org.employee.employeeId,
    });
    expect(data).toEqual([
      expect.objectContaining({
        method: 'bank_account',
        last4: '6789',
        account_type: 'checking',
        site_country: 'US',
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain('000123456789');
  });

  it('refuses bad numbers with a code and changes nothing', async () => {
    const before = await accountRows(org.employee.employeeId);
    const save = (args: Record<string, unknown>) =>
      org.hr.supabase.rpc('save_payment_account', { p_employee_id: org.employee.employeeId, ...args });
    const us = { p_method: 'bank_account', p_account_type: 'checking', p_routing_number: US_ROUTING };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...us, p_routing_number: '071000014', p_account_number: '123456' }, 'payment.routing_invalid'],
      [{ ...us, p_routing_number: '000000000', p_account_number: '123456' }, 'payment.routing_invalid'],
      [{ ...us, p_routing_number: 'NaN', p_account_number: '123456' }, 'payment.routing_invalid'],
      [{ ...us, p_account_number: '-1234' }, 'payment.account_number_invalid'],
      [{ ...us, p_account_number: 'Infinity' }, 'payment.account_number_invalid'],
      [{ ...us, p_account_number: '1e5' }, 'payment.account_number_invalid'],
      [{ ...us, p_account_number: '9'.repeat(18) }, 'payment.account_number_invalid'],
      [{ ...us, p_account_number: '123456', p_account_type: null }, 'payment.account_type_required'],
      [
        { p_method: 'mobile_money', p_operator: 'orange_money', p_msisdn: '70123456' },
        'payment.method_not_at_site',
      ],
    ];
    for (const [args, code] of cases) {
      const { error } = await save(args);
      expect(error?.message, JSON.stringify(args)).toBe(code);
    }
    const bf = (args: Record<string, unknown>) =>
      org.hr.supabase.rpc('save_payment_account', { p_employee_id: org.bfEmployee.employeeId, ...args });
    const bfCases: Array<[Record<string, unknown>, string]> = [
      [
        { p_method: 'bank_account', p_iban: BF_IBAN.slice(0, -1) + '1', p_bank_name: 'Coris Bank' },
        'payment.iban_invalid',
      ],
      // The form, before the check digits (payment.iban_form): another country, too short, too long,
      // a letter where the RIB has digits, a bank code without its letter, nothing.
      [
        { p_method: 'bank_account', p_iban: 'FR1420041010050500013M02606', p_bank_name: 'BNP' },
        'payment.iban_form',
      ],
      [
        { p_method: 'bank_account', p_iban: BF_IBAN.slice(0, -1), p_bank_name: 'Coris Bank' },
        'payment.iban_form',
      ],
      [{ p_method: 'bank_account', p_iban: `${BF_IBAN}0`, p_bank_name: 'Coris Bank' }, 'payment.iban_form'],
      [
        { p_method: 'bank_account', p_iban: 'BF42BF084010130046357400A390', p_bank_name: 'Coris Bank' },
        'payment.iban_form',
      ],
      [
        { p_method: 'bank_account', p_iban: 'BF421208401013004635740003 90', p_bank_name: 'Coris Bank' },
        'payment.iban_form',
      ],
      [{ p_method: 'bank_account', p_iban: null, p_bank_name: 'Coris Bank' }, 'payment.iban_form'],
      // Spaces and small letters are how people type it: accepted as the same IBAN's form, and then a
      // changed check digit is the check digits' refusal.
      [
        { p_method: 'bank_account', p_iban: 'bf24 bf08 4010 1300 4635 7400 0390', p_bank_name: 'Coris Bank' },
        'payment.iban_invalid',
      ],
      [{ p_method: 'bank_account', p_iban: BF_IBAN, p_bank_name: ' ' }, 'payment.bank_name_required'],
      [
        { p_method: 'mobile_money', p_operator: 'orange_money', p_msisdn: '25 30 66 00' },
        'payment.mobile_invalid',
      ],
      [
        { p_method: 'mobile_money', p_operator: 'orange_money', p_msisdn: '7012345' },
        'payment.mobile_invalid',
      ],
      [{ p_method: 'mobile_money', p_msisdn: '70123456' }, 'payment.operator_required'],
    ];
    for (const [args, code] of bfCases) {
      const { error } = await bf(args);
      expect(error?.message, JSON.stringify(args)).toBe(code);
    }
    // The form's refusal says how many characters were typed (the text says 28 are needed).
    const short = await bf({
      p_method: 'bank_account',
      p_iban: BF_IBAN.slice(0, -1),
      p_bank_name: 'Coris Bank',
    });
    expect(short.error?.message).toBe('payment.iban_form');
    expect(JSON.parse(short.error?.details ?? '{}')).toEqual({ length: 27 });
    // The trigger checks the same form whoever writes the row (no way around the RPC's checks).
    await expect(
      org.db.query(
        `insert into public.payment_accounts (employee_id, method, country, iban, bank_name)
         values ($1, 'bank_account', 'BF', 'BF42BF084010130046357400A390', 'Coris Bank')`,
        [org.bfEmployee.employeeId],
      ),
    ).rejects.toMatchObject({ message: 'payment.iban_form' });
    expect(await accountRows(org.employee.employeeId)).toEqual(before);
    expect(await accountRows(org.bfEmployee.employeeId)).toEqual([]);
  });

  it('refuses managers and employees, even for themselves, and keeps accounts private', async () => {
    const args = {
      p_employee_id: org.employee.employeeId,
      p_method: 'cash',
    };
    for (const who of [org.manager, org.employee, org.kioskUs]) {
      const { error } = await who.supabase.rpc('save_payment_account', args);
      expect(error).toMatchObject({ code: '42501', message: 'payment.staff_only' });
    }
    const own = await org.employee.supabase.rpc('save_payment_account', {
      p_employee_id: org.employee.employeeId,
      p_method: 'cash',
    });
    expect(own.error?.message).toBe('payment.staff_only');
    expect((await accountRows(org.employee.employeeId)).map((r) => r.method)).toEqual(['bank_account']);

    // The person reads their own (masked); nobody else but admin and HR reads it, managers included.
    expect(
      (await org.employee.supabase.rpc('payment_account_summary', { p_employee_id: org.employee.employeeId }))
        .data,
    ).toEqual([expect.objectContaining({ last4: '6789' })]);
    for (const who of [org.manager, org.outsider, org.kioskUs]) {
      const { error } = await who.supabase.rpc('payment_account_summary', {
        p_employee_id: org.employee.employeeId,
      });
      expect(error).toMatchObject({ code: '42501', message: 'payment.account_private' });
      const rows = await who.supabase.from('payment_accounts').select('*');
      expect(rows.data ?? []).toEqual([]);
    }
    expect((await org.employee.supabase.from('payment_accounts').select('employee_id')).data).toEqual([
      { employee_id: org.employee.employeeId },
    ]);
    // Nobody writes the table directly, admin included.
    const insert = await org.admin.supabase
      .from('payment_accounts')
      .insert({ employee_id: org.outsider.employeeId, method: 'cash', country: 'US' });
    expect(insert.error?.code).toBe('42501');
  });

  it('keeps the history of a change and audits it with the last four only', async () => {
    const save = () =>
      org.admin.supabase.rpc('save_payment_account', {
        p_employee_id: org.manager.employeeId,
        p_method: 'bank_account',
        p_routing_number: '081904808',
        p_account_number: '5550001',
        p_account_type: 'savings',
      });
    await org.hr.supabase.rpc('save_payment_account', {
      p_employee_id: org.manager.employeeId,
      p_method: 'cash',
    });
    expect((await save()).error).toBeNull();
    expect((await save()).error).toBeNull(); // the same details again: no new row
    const rows = await accountRows(org.manager.employeeId);
    expect(rows.map((r) => [r.method, r.replaced_at === null])).toEqual([
      ['cash', false],
      ['bank_account', true],
    ]);
    const audit = (
      await org.db.query(
        `select action, diff from public.audit_logs where entity = 'payment_accounts' and entity_id = $1 order by created_at, id`,
        [org.manager.employeeId],
      )
    ).rows;
    expect(audit).toEqual([
      expect.objectContaining({ action: 'insert', diff: expect.objectContaining({ method: 'cash' }) }),
      expect.objectContaining({
        action: 'update',
        diff: expect.objectContaining({ method: 'bank_account', last4: '0001', previous_method: 'cash' }),
      }),
    ]);
    expect(JSON.stringify(audit)).not.toContain('5550001');
  });

  // Hostile review S7-5: one account pays one person; the unique index decides, the RPC names it.
  it('refuses an account that already pays someone else, however it is written, and changes nothing', async () => {
    const before = await accountRows(org.outsider.employeeId);
    const { error } = await org.hr.supabase.rpc('save_payment_account', {
      p_employee_id: org.outsider.employeeId,
      p_method: 'bank_account',
      p_routing_number: US_ROUTING,
      p_account_number: '0001-2345-6789',
      p_account_type: 'savings',
    });
    expect(error).toMatchObject({ code: 'P0001', message: 'payment.account_in_use' });
    expect(JSON.parse(error!.details)).toEqual({ last4: '6789' });
    expect(await accountRows(org.outsider.employeeId)).toEqual(before);
  });
});

describe('payment files', () => {
  let usRun: Awaited<ReturnType<typeof processedRun>>;

  it('are refused before the run is processed, and while a payee has no account (named by count)', async () => {
    const { data: draft } = await org.hr.supabase.rpc('generate_payroll_run', {
      p_site_id: org.sites.us,
      p_period_start: '2026-02-01',
      p_period_end: '2026-02-28',
    });
    const early = await org.hr.supabase.rpc('generate_payment_file', { p_run_id: draft.id, p_kind: 'ach' });
    expect(early.error).toMatchObject({
      message: 'payment.run_not_processed',
      details: '{"status": "draft"}',
    });
    await org.hr.supabase.rpc('cancel_payroll_run', { p_run_id: draft.id });

    usRun = await processedRun(org.sites.us);
    const blocked = await org.hr.supabase.rpc('generate_payment_file', { p_run_id: usRun.id, p_kind: 'ach' });
    expect(blocked.error).toMatchObject({ message: 'payment.accounts_missing', details: '{"count": 1}' });
    const missing = await org.hr.supabase.rpc('payment_accounts_missing', { p_run_id: usRun.id });
    expect(missing.data).toEqual([{ employee_id: org.outsider.employeeId, employee_name: 'Outsider Test' }]);
    expect(Number((await org.db.query('select count(*) from public.payment_files')).rows[0].count)).toBe(0);
  });

  it('refuses managers and employees; HR generates the NACHA file, which re-reads and reconciles', async () => {
    await org.hr.supabase.rpc('save_payment_account', {
      p_employee_id: org.outsider.employeeId,
      p_method: 'cash',
    });
    for (const who of [org.manager, org.employee]) {
      const { error } = await who.supabase.rpc('generate_payment_file', {
        p_run_id: usRun.id,
        p_kind: 'ach',
      });
      expect(error).toMatchObject({ code: '42501', message: 'payroll.staff_only' });
      expect((await who.supabase.rpc('payment_file_plan', { p_run_id: usRun.id })).error?.code).toBe('42501');
    }
    const noOrigin = await org.hr.supabase.rpc('generate_payment_file', {
      p_run_id: usRun.id,
      p_kind: 'ach',
    });
    expect(noOrigin.error?.message).toBe('payment.originator_missing');
    const origin = await org.admin.supabase.from('payment_originators').insert({
      site_id: org.sites.us,
      company_name: 'Pointage Inc',
      company_id: '1364123456',
      odfi_routing: US_ROUTING,
      odfi_name: 'JPMorgan Chase Bank',
    });
    expect(origin.error).toBeNull();
    const badOrigin = await org.admin.supabase
      .from('payment_originators')
      .update({ odfi_routing: '071000014' })
      .eq('site_id', org.sites.us);
    expect(badOrigin.error?.code).toBe('23514');

    const { data: file, error } = await org.hr.supabase.rpc('generate_payment_file', {
      p_run_id: usRun.id,
      p_kind: 'ach',
    });
    expect(error).toBeNull();
    expect(file.sha256).toBe(createHash('sha256').update(file.content, 'utf8').digest('hex'));
    const ach = parseNacha(file.content);
    expect(ach).toMatchObject({
      secCode: 'PPD',
      serviceClass: '220',
      companyId: '1364123456',
      odfi: '07100001',
    });
    expect(ach.companyName).toBe('POINTAGE INC');
    const net = (employeeId: string) => usRun.records.find((r) => r.employee_id === employeeId)!.net_pay;
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    expect(ach.entries.map((e) => [e.name, e.transactionCode, e.routing, e.account, e.cents])).toEqual([
      ['EMPLOYEE TEST', '22', US_ROUTING, '000123456789', cents(net(org.employee.employeeId))],
      ['MANAGER TEST', '32', '081904808', '5550001', cents(net(org.manager.employeeId))],
    ]);
    expect(ach.totalCreditCents).toBe(cents(file.total));

    // A second request returns the same file; another kind pays the rest; together the run's net.
    const again = await org.hr.supabase.rpc('generate_payment_file', { p_run_id: usRun.id, p_kind: 'ach' });
    expect(again.data).toEqual(file);
    const { data: cash } = await org.admin.supabase.rpc('generate_payment_file', {
      p_run_id: usRun.id,
      p_kind: 'cash_sheet',
    });
    expect(parseCsv(cash.content)).toEqual([
      expect.objectContaining({
        NAME: 'Outsider Test',
        AMOUNT: net(org.outsider.employeeId),
        CURRENCY: 'USD',
      }),
    ]);
    const { data: plan } = await org.hr.supabase.rpc('payment_file_plan', { p_run_id: usRun.id });
    expect(plan.map((p: { kind: string; entry_count: number }) => [p.kind, p.entry_count])).toEqual([
      ['ach', 2],
      ['cash_sheet', 1],
    ]);
    const planned = plan.reduce((sum: number, p: { total: number }) => sum + cents(String(p.total)), 0);
    expect(planned).toBe(cents(String(usRun.totalNet)));
    const mobile = await org.hr.supabase.rpc('generate_payment_file', {
      p_run_id: usRun.id,
      p_kind: 'orange_money',
    });
    expect(mobile.error?.message).toBe('payment.nobody_to_pay');
    // Files hold account numbers: admin and HR only.
    for (const who of [org.manager, org.employee])
      expect((await who.supabase.from('payment_files').select('id')).data ?? []).toEqual([]);
    const download = await org.manager.supabase.rpc('payment_file_content', { p_file_id: file.id });
    expect(download.error?.code).toBe('42501');
  });

  it('marking the run paid records which file paid whom', async () => {
    const paid = await org.hr.supabase.rpc('mark_payroll_run_paid', { p_run_id: usRun.id });
    expect(paid.error).toBeNull();
    const { rows } = await org.db.query(
      `select f.kind, e.employee_id, e.amount, e.paid_at is not null as paid
       from public.payment_file_entries e join public.payment_files f on f.id = e.file_id
       where f.run_id = $1 order by f.kind, e.employee_id`,
      [usRun.id],
    );
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.paid)).toBe(true);
    for (const r of rows)
      expect(r.amount).toBe(usRun.records.find((x) => x.employee_id === r.employee_id)!.net_pay);
    const { data: plan } = await org.hr.supabase.rpc('payment_file_plan', { p_run_id: usRun.id });
    expect(plan.map((p: { paid_count: number }) => p.paid_count)).toEqual([2, 1]);
    // A paid run's files stay what they were.
    const after = await org.hr.supabase.rpc('generate_payment_file', { p_run_id: usRun.id, p_kind: 'ach' });
    expect(after.data.sha256).toBe(plan[0].sha256);
  });

  it('Burkina Faso: bank transfer and Orange Money files in whole francs; a record in a file is not cancelled', async () => {
    expect(
      (
        await org.hr.supabase.rpc('save_payment_account', {
          p_employee_id: org.bfEmployee.employeeId,
          p_method: 'bank_account',
          p_iban: 'bf42 bf08 4010 1300 4635 7400 0390',
          p_bank_name: 'Bank of Africa Burkina Faso',
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await org.hr.supabase.rpc('save_payment_account', {
          p_employee_id: moussa,
          p_method: 'mobile_money',
          p_operator: 'orange_money',
          p_msisdn: '+226 76 12 34 56',
        })
      ).error,
    ).toBeNull();
    const bfRun = await processedRun(org.sites.bf);
    const net = (employeeId: string) => bfRun.records.find((r) => r.employee_id === employeeId)!.net_pay;
    const { data: bank, error } = await org.hr.supabase.rpc('generate_payment_file', {
      p_run_id: bfRun.id,
      p_kind: 'bank_transfer',
    });
    expect(error).toBeNull();
    const bankRows = parseCsv(bank.content);
    expect(bankRows).toEqual([
      expect.objectContaining({
        BENEFICIAIRE: 'AWA TEST',
        IBAN: BF_IBAN,
        BANQUE: 'BANK OF AFRICA BURKINA FASO',
        MONTANT: String(Number(net(org.bfEmployee.employeeId))),
        DEVISE: 'XOF',
      }),
    ]);
    expect(bankRows[0]!.MONTANT).toMatch(/^[0-9]+$/);
    const { data: orange } = await org.hr.supabase.rpc('generate_payment_file', {
      p_run_id: bfRun.id,
      p_kind: 'orange_money',
    });
    expect(parseCsv(orange.content)).toEqual([
      expect.objectContaining({
        MSISDN: '22676123456',
        NOM: 'MOUSSA OUEDRAOGO',
        MONTANT: String(Number(net(moussa))),
      }),
    ]);
    expect(Number(bank.total) + Number(orange.total)).toBe(Number(bfRun.totalNet));
    const moov = await org.hr.supabase.rpc('generate_payment_file', {
      p_run_id: bfRun.id,
      p_kind: 'moov_money',
    });
    expect(moov.error?.message).toBe('payment.nobody_to_pay');

    const cancel = await org.hr.supabase.rpc('cancel_payroll_run', { p_run_id: bfRun.id });
    expect(cancel.error?.message).toBe('payment.record_in_file');
    expect(
      (await org.db.query('select status from public.payroll_runs where id = $1', [bfRun.id])).rows[0].status,
    ).toBe('processed');
  });
});
