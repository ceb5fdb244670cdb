// Leave types and policy versions edited by admins (issue 27 item 1), as the Settings card writes
// them: admins add a company type (never a built-in one) and a new dated version from a day after
// today; HR, managers, employees and kiosks read and cannot write; past versions are never edited
// or deleted; every figure out of its range is refused, each time with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
let tomorrow: string;
let today: string;

const counts = async () =>
  (
    await org.db.query<{ types: string; policies: string }>(
      `select (select count(*) from public.leave_types) as types, (select count(*) from public.leave_policies) as policies`,
    )
  ).rows[0]!;

const version = (over: Record<string, unknown> = {}) => ({
  country: 'BF',
  leave_type: 'annual',
  effective_from: tomorrow,
  paid: true,
  unit: 'days',
  counts: 'calendar_days',
  accrual: 'monthly_service',
  accrual_amount: 2.5,
  day_hours: 8,
  source: 'Code du travail du Burkina Faso (loi 028-2008/AN), congé payé.',
  ...over,
});

beforeAll(async () => {
  org = await createOrg();
  const days = (
    await org.db.query<{ today: string; tomorrow: string }>(
      `select app.today()::text as today, (app.today() + 1)::text as tomorrow`,
    )
  ).rows[0]!;
  today = days.today;
  tomorrow = days.tomorrow;
});
afterAll(() => org?.stop());

describe('leave types and policy versions: who may write', () => {
  it('refuses every role but admins, and anonymous callers, with nothing changed', async () => {
    const before = await counts();
    for (const account of [org.hr, org.manager, org.employee, org.kioskUs]) {
      const type = await account.supabase
        .from('leave_types')
        .insert({ code: 'study', name_en: 'Study leave', name_fr: 'Congé d’études' });
      expect(type.error, account.email).not.toBeNull();
      const policy = await account.supabase.from('leave_policies').insert(version());
      expect(policy.error, account.email).not.toBeNull();
    }
    const anon = await org.anon.from('leave_policies').insert(version());
    expect(anon.error).not.toBeNull();
    expect(await counts()).toEqual(before);
  });

  it('lets HR read every type and version with its source', async () => {
    const { data, error } = await org.hr.supabase
      .from('leave_policies')
      .select('leave_type, source')
      .eq('country', 'BF');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(5);
    expect(data!.every((p) => p.source.length > 0)).toBe(true);
  });
});

describe('an admin adds a company type and a new version', () => {
  it('adds a company type, audited, and refuses a built-in one or a bad code or name', async () => {
    const before = await counts();
    const types: Array<{ code: string; name_en: string; name_fr: string; builtin?: boolean }> = [
      { code: 'study', name_en: 'Study', name_fr: 'Études', builtin: true },
      { code: 'Study Leave', name_en: 'Study', name_fr: 'Études' },
      { code: 's', name_en: 'Study', name_fr: 'Études' },
      { code: 'study', name_en: ' ', name_fr: 'Études' },
      { code: 'study', name_en: 'x'.repeat(81), name_fr: 'Études' },
      { code: 'annual', name_en: 'Again', name_fr: 'Encore' },
    ];
    for (const bad of types) {
      const { error } = await org.admin.supabase.from('leave_types').insert(bad);
      expect(error, JSON.stringify(bad)).not.toBeNull();
    }
    expect(await counts()).toEqual(before);
    const { error } = await org.admin.supabase
      .from('leave_types')
      .insert({ code: 'study', name_en: 'Study leave', name_fr: 'Congé d’études' });
    expect(error).toBeNull();
    const audit = await org.db.query(
      `select action from public.audit_logs where entity = 'leave_types' and entity_id is not null`,
    );
    expect(audit.rowCount).toBeGreaterThan(0);
  });

  it("never renames a type's code, which requests and stored payslips name", async () => {
    const { error } = await org.admin.supabase
      .from('leave_types')
      .update({ code: 'studies' })
      .eq('code', 'study');
    expect(error?.message).toBe('leave.code_immutable');
    const { rows } = await org.db.query(
      `select code from public.leave_types where code in ('study', 'studies')`,
    );
    expect(rows).toEqual([{ code: 'study' }]);
  });

  it('refuses a version that is not after today, or with a figure out of its range', async () => {
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string | null]> = [
      [{ effective_from: today }, 'leave.policy_not_future'],
      [{ effective_from: '2020-01-01' }, 'leave.policy_not_future'],
      [{ effective_from: '2200-01-01' }, null],
      [{ accrual_amount: -1 }, null],
      [{ accrual_amount: 'NaN' }, null],
      [{ accrual_amount: 'Infinity' }, null],
      [{ accrual_amount: 1e9 }, null],
      [{ day_hours: 0 }, null],
      [{ day_hours: 25 }, null],
      [{ day_hours: 'NaN' }, null],
      [{ source: '  ' }, null],
      [{ source: 'x'.repeat(1001) }, null],
      [{ leave_type: 'no_such_type' }, null],
      [{ accrual: 'hours_worked' }, null],
      [{ unit: 'weeks' }, null],
      [{ approver: 'anyone' }, null],
    ];
    for (const [change, code] of cases) {
      const { error } = await org.admin.supabase.from('leave_policies').insert(version(change));
      expect(error, JSON.stringify(change)).not.toBeNull();
      if (code) expect(error!.message, JSON.stringify(change)).toBe(code);
    }
    expect(await counts()).toEqual(before);
  });

  it('adds a version from tomorrow for a company type, used from that day on; a second one the same day is refused', async () => {
    const study = version({
      leave_type: 'study',
      paid: false,
      accrual: 'none',
      accrual_amount: 0,
      counts: 'working_days',
      source: 'Company policy: unpaid study leave by agreement.',
    });
    const { data, error } = await org.admin.supabase.from('leave_policies').insert(study).select().single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ leave_type: 'study', effective_from: tomorrow, day_hours: 8 });
    const again = await org.admin.supabase.from('leave_policies').insert(study);
    expect(again.error).not.toBeNull();
    const applies = async (day: string) =>
      (await org.db.query(`select (app.leave_policy('BF', 'study', $1::date)).id as id`, [day])).rows[0].id;
    expect(await applies(today)).toBeNull();
    expect(await applies(tomorrow)).toBe(data!.id);
    const audit = await org.db.query(
      `select 1 from public.audit_logs where entity = 'leave_policies' and entity_id = $1`,
      [data!.id],
    );
    expect(audit.rowCount).toBe(1);
  });

  it('never edits or deletes a version in place, not even an admin', async () => {
    const past = (
      await org.db.query(
        `select id, accrual_amount::text, source from public.leave_policies where country = 'BF' and leave_type = 'annual' order by effective_from limit 1`,
      )
    ).rows[0];
    const update = await org.admin.supabase
      .from('leave_policies')
      .update({ accrual_amount: 3, source: 'changed' })
      .eq('id', past.id)
      .select();
    expect(update.data ?? []).toHaveLength(0);
    const remove = await org.admin.supabase.from('leave_policies').delete().eq('id', past.id).select();
    expect(remove.data ?? []).toHaveLength(0);
    const after = (
      await org.db.query(`select accrual_amount::text, source from public.leave_policies where id = $1`, [
        past.id,
      ])
    ).rows[0];
    expect(after).toEqual({ accrual_amount: past.accrual_amount, source: past.source });
  });
});
