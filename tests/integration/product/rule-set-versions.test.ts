// Dated versions of a payroll rule set: only admins add one (add_rule_set_version), from a future
// date, keeping the parameters' shape, audited; a computation dated on or after it uses the new
// figures (preview and a stored salary structure), one dated before keeps the old; a scheduled
// version can be withdrawn, one in force cannot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
let today: string;
let inAMonth: string;
let current: Record<string, unknown>;

const day = async (offset: number) =>
  (await org.db.query<{ d: string }>('select (app.today() + $1::int)::text as d', [offset])).rows[0]!.d;
const versions = async () =>
  (
    await org.db.query<{ effective_from: string; amu_rate: string }>(
      `select effective_from::text, params ->> 'amu_rate' as amu_rate from public.payroll_rule_sets
       where rule_set = 'bf-2026' order by effective_from`,
    )
  ).rows;

beforeAll(async () => {
  org = await createOrg();
  today = await day(0);
  inAMonth = await day(30);
  current = (
    await org.db.query(
      `select params from public.payroll_rule_sets where rule_set = 'bf-2026' order by effective_from desc limit 1`,
    )
  ).rows[0].params;
});
afterAll(() => org?.stop());

describe('add_rule_set_version', () => {
  it('refuses every role but admins, and anonymous callers; HR cannot insert one directly either', async () => {
    const before = await versions();
    for (const account of [org.hr, org.manager, org.employee, org.kioskBf]) {
      const { error } = await account.supabase.rpc('add_rule_set_version', {
        p_rule_set: 'bf-2026',
        p_effective_from: inAMonth,
      });
      expect(error, account.email).toMatchObject({
        code: '42501',
        message: 'rule_set.admin_only',
      });
      const del = await account.supabase.rpc('delete_rule_set_version', {
        p_rule_set: 'bf-2026',
        p_effective_from: before[0]!.effective_from,
      });
      expect(del.error, account.email).toMatchObject({ code: '42501' });
    }
    const direct = await org.hr.supabase
      .from('payroll_rule_sets')
      .insert({ rule_set: 'bf-2026', effective_from: inAMonth, params: current });
    expect(direct.error).not.toBeNull();
    const anon = await org.anon.rpc('add_rule_set_version', {
      p_rule_set: 'bf-2026',
      p_effective_from: inAMonth,
    });
    expect(anon.error).not.toBeNull();
    expect(await versions()).toEqual(before);
  });

  it('refuses a date not after today, another shape, an unknown rule set and a taken date, clearly', async () => {
    const add = (p_effective_from: string, p_params?: unknown, p_rule_set = 'bf-2026') =>
      org.admin.supabase.rpc('add_rule_set_version', { p_rule_set, p_effective_from, p_params });
    expect((await add(today)).error).toMatchObject({
      message: 'rule_set.version_after_today',
    });
    expect((await add(inAMonth, { ...current, amu_rate: 'a lot' })).error).toMatchObject({
      message: 'rule_set.invalid_params',
    });
    expect((await add(inAMonth, { ...current, surprise: '1' })).error).toMatchObject({
      message: 'rule_set.invalid_params',
    });
    expect((await add(inAMonth, undefined, 'fr-2026')).error).toMatchObject({
      message: 'rule_set.unknown',
      details: '{"rule_set": "fr-2026"}',
    });
    // Inserting straight into the table is held to the same rules.
    const direct = await org.admin.supabase
      .from('payroll_rule_sets')
      .insert({ rule_set: 'bf-2026', effective_from: today, params: current });
    expect(direct.error).toMatchObject({ message: 'rule_set.version_after_today' });
    const first = (await versions())[0]!.effective_from;
    expect((await add(first)).error).toMatchObject({
      message: 'rule_set.version_exists',
      details: JSON.stringify({ date: first, rule_set: 'bf-2026' })
        .replace(/":/g, '": ')
        .replace(/,"/g, ', "'),
    });
    expect((await versions()).every((v) => v.effective_from < inAMonth)).toBe(true);
  });

  it('adds a future version (audited); computations dated from it use it, earlier ones keep the old', async () => {
    const oldRate = String(current.amu_rate);
    const { data, error } = await org.admin.supabase.rpc('add_rule_set_version', {
      p_rule_set: 'bf-2026',
      p_effective_from: inAMonth,
      p_params: { ...current, amu_rate: '0.02' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      rule_set: 'bf-2026',
      effective_from: inAMonth,
      updated_by: org.admin.employeeId,
    });
    expect((await versions()).at(-1)).toEqual({ effective_from: inAMonth, amu_rate: '0.02' });
    const taken = await org.admin.supabase.rpc('add_rule_set_version', {
      p_rule_set: 'bf-2026',
      p_effective_from: inAMonth,
    });
    expect(taken.error).toMatchObject({
      message: 'rule_set.version_exists',
      details: JSON.stringify({ date: inAMonth, rule_set: 'bf-2026' })
        .replace(/":/g, '": ')
        .replace(/,"/g, ', "'),
    });

    const audit = await org.db.query(
      `select action, actor_employee_id, diff -> 'new' ->> 'amu_rate' as amu from public.audit_logs
       where entity = 'payroll_rule_sets' and entity_id = $1`,
      [`bf-2026@${inAMonth}`],
    );
    expect(audit.rows).toEqual([{ action: 'insert', actor_employee_id: org.admin.employeeId, amu: '0.02' }]);

    // The preview: gross 300000, AMU = rate × gross.
    const preview = async (period_date: string) =>
      (
        await org.hr.supabase.rpc('preview_pay', {
          p_input: {
            rule_set: 'bf-2026',
            period_date,
            frequency: 'monthly',
            pay_basis: 'salaried',
            basic_salary: '300000',
          },
        })
      ).data as { deductions: { amu: string } };
    expect((await preview(await day(29))).deductions.amu).toBe(String(Math.round(300000 * Number(oldRate))));
    expect((await preview(inAMonth)).deductions.amu).toBe('6000');

    // A salary structure effective after the new version is stored with its figures.
    const structures = async (effective_date: string) => {
      const res = await org.hr.supabase.rpc('create_salary_structures', {
        p_employee_ids: [org.bfEmployee.employeeId],
        p_fields: {
          rule_set: 'bf-2026',
          country: 'BF',
          frequency: 'monthly',
          basic_salary: 300000,
          effective_date,
        },
      });
      if (res.error) throw res.error;
      return (res.data as Array<{ computation: { deductions: { amu: string } } }>)[0]!.computation;
    };
    expect((await structures(await day(45))).deductions.amu).toBe('6000');
    expect((await structures(await day(10))).deductions.amu).toBe(
      String(Math.round(300000 * Number(oldRate))),
    );
  });

  it('copies the version in force when no parameters are given; a scheduled version can be withdrawn, one in force cannot', async () => {
    const later = await day(60);
    const copy = await org.admin.supabase.rpc('add_rule_set_version', {
      p_rule_set: 'bf-2026',
      p_effective_from: later,
    });
    expect(copy.error).toBeNull();
    // The copy is of the version in force the day before: the one added above (AMU 2 %).
    expect((copy.data as { params: { amu_rate: string } }).params.amu_rate).toBe('0.02');

    const withdraw = await org.admin.supabase.rpc('delete_rule_set_version', {
      p_rule_set: 'bf-2026',
      p_effective_from: later,
    });
    expect(withdraw.error).toBeNull();
    expect((await versions()).map((v) => v.effective_from)).not.toContain(later);
    const audit = await org.db.query(
      `select action from public.audit_logs where entity = 'payroll_rule_sets' and entity_id = $1 order by id`,
      [`bf-2026@${later}`],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['insert', 'delete']);

    const first = (await versions())[0]!.effective_from;
    const inForce = await org.admin.supabase.rpc('delete_rule_set_version', {
      p_rule_set: 'bf-2026',
      p_effective_from: first,
    });
    expect(inForce.error).toMatchObject({ message: 'rule_set.in_force_not_deletable' });
    const direct = await org.admin.supabase
      .from('payroll_rule_sets')
      .delete()
      .eq('rule_set', 'bf-2026')
      .eq('effective_from', first);
    expect(direct.error).toMatchObject({ message: 'rule_set.in_force_not_deletable' });
    const missing = await org.admin.supabase.rpc('delete_rule_set_version', {
      p_rule_set: 'bf-2026',
      p_effective_from: later,
    });
    expect(missing.error).toMatchObject({ message: 'rule_set.version_not_found' });
  });
});
