// Separation of duties on salary structures (issue 23 §4), through the API as each role: whoever
// created a structure, changed its pay terms, or is paid by it cannot approve or reject it, alone or
// in bulk; a change of terms is stamped from the caller's identity (not forgeable) and audited with
// old and new values; approving needs a two-factor session once the admin has a verified factor.
// Every refusal is checked to have changed nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrg, type Account, type Org } from './org.ts';

let org: Org;
let secondAdmin: Account;

beforeAll(async () => {
  org = await createOrg();
  // A second admin, to decide what the first may not: the outsider is promoted.
  await org.db.query(`update public.employees set role = 'admin' where id = $1`, [org.outsider.employeeId]);
  secondAdmin = org.outsider;
});
afterAll(() => org?.stop());
// One pending structure per person and effective date (a unique index): each test starts with
// none pending, so that its proposals are its own.
const noPending = () =>
  org.db.query(
    `update public.salary_structures set approval_status = 'rejected' where approval_status = 'pending'`,
  );
beforeEach(noPending);

const FIELDS = { country: 'US', frequency: 'monthly', basic_salary: 5000, effective_date: '2026-03-02' };

async function propose(by: Account, employeeId: string, fields: Record<string, unknown> = FIELDS) {
  const { data, error } = await by.supabase.rpc('create_salary_structures', {
    p_employee_ids: [employeeId],
    p_fields: fields,
  });
  if (error) throw error;
  return (data as Array<{ id: string }>)[0]!.id;
}
const row = async (id: string) =>
  (await org.db.query('select * from public.salary_structures where id = $1', [id])).rows[0];
const trail = async () =>
  (
    await org.db.query(
      `select (select count(*) from public.audit_logs)::int as audit,
              (select count(*) from public.notifications)::int as notifications`,
    )
  ).rows[0];
const decide = (who: Account, id: string, status: 'approved' | 'rejected') =>
  who.supabase.rpc('set_salary_approval', { p_id: id, p_status: status, p_reason: 'checked' });
const edit = (who: Account, id: string, fields: Record<string, unknown>) =>
  who.supabase.from('salary_structures').update(fields).eq('id', id).select().single();

/** Expects each decision by `who` refused with `hint`, with the structure, audit log and notifications unchanged. */
async function expectRefused(who: Account, id: string, hint: string, message: string) {
  const before = { structure: await row(id), trail: await trail() };
  for (const status of ['approved', 'rejected'] as const) {
    const { error } = await decide(who, id, status);
    expect(error, status).toMatchObject({ code: 'P0001', hint, message });
  }
  expect({ structure: await row(id), trail: await trail() }).toEqual(before);
}

describe('who may not decide a structure', () => {
  it('its creator', async () => {
    const id = await propose(org.admin, org.employee.employeeId);
    await expectRefused(org.admin, id, 'salary_creator_approval', 'salary.creator_approval');
    expect((await decide(secondAdmin, id, 'approved')).error).toBeNull();
  });

  it('the person it pays, even when someone else proposed it', async () => {
    const id = await propose(org.hr, org.admin.employeeId);
    await expectRefused(org.admin, id, 'salary_self_approval', 'salary.self_approval');
    const approved = await decide(secondAdmin, id, 'approved');
    expect(approved.error).toBeNull();
    expect(approved.data).toMatchObject({ approval_status: 'approved', approved_by: secondAdmin.employeeId });
  });

  it('whoever changed its amounts, stamped by the database and audited with old and new values', async () => {
    const id = await propose(org.hr, org.employee.employeeId);
    const changed = await edit(org.admin, id, { basic_salary: 5200 });
    expect(changed.error).toBeNull();
    expect(changed.data).toMatchObject({
      basic_salary: 5200,
      created_by: org.hr.employeeId,
      last_amounts_changed_by: org.admin.employeeId,
      amounts_changed_by: [org.admin.employeeId],
    });
    expect(changed.data.last_amounts_changed_at).not.toBeNull();
    const audit = await org.db.query(
      `select actor_employee_id, diff from public.audit_logs
       where entity = 'salary_structures' and entity_id = $1 and action = 'amounts_changed'`,
      [id],
    );
    expect(audit.rows).toEqual([
      {
        actor_employee_id: org.admin.employeeId,
        diff: expect.objectContaining({
          changed_by: org.admin.employeeId,
          terms: { basic_salary: { old: 5000, new: 5200 } },
          gross_salary: { old: 5000, new: 5200 },
        }),
      },
    ]);
    const message = 'salary.editor_approval';
    await expectRefused(org.admin, id, 'salary_editor_approval', message);

    // Another person's later change does not clear the first editor: the amounts are still partly theirs.
    expect((await edit(org.hr, id, { allowances: { transport: 100 } })).error).toBeNull();
    expect(await row(id)).toMatchObject({
      last_amounts_changed_by: org.hr.employeeId,
      amounts_changed_by: [org.admin.employeeId, org.hr.employeeId],
    });
    await expectRefused(org.admin, id, 'salary_editor_approval', message);
    expect((await decide(secondAdmin, id, 'approved')).error).toBeNull();
  });

  it('whoever changed any pay term (pay basis, rate, frequency, the employee), not only the basic salary', async () => {
    for (const fields of [
      { pay_basis: 'hourly' },
      { hourly_rate: 30 },
      { frequency: 'weekly' },
      { other_deductions: 12 },
      { employee_id: org.bfEmployee.employeeId },
    ]) {
      const id = await propose(org.hr, org.employee.employeeId);
      expect((await edit(org.admin, id, fields)).error, JSON.stringify(fields)).toBeNull();
      const { error } = await decide(org.admin, id, 'approved');
      expect(error, JSON.stringify(fields)).toMatchObject({ hint: 'salary_editor_approval' });
      expect((await row(id)).approval_status).toBe('pending');
      await noPending();
    }
  });

  it('cannot be forged: the stamp comes from the caller, whatever the client sends', async () => {
    const id = await propose(org.hr, org.employee.employeeId);
    const forged = await edit(org.admin, id, {
      basic_salary: 5100,
      last_amounts_changed_by: secondAdmin.employeeId,
      amounts_changed_by: [],
    });
    expect(forged.error).toBeNull();
    expect(forged.data).toMatchObject({
      last_amounts_changed_by: org.admin.employeeId,
      amounts_changed_by: [org.admin.employeeId],
    });
    // Clearing the stamp alone changes nothing either.
    const cleared = await edit(org.admin, id, { amounts_changed_by: [], last_amounts_changed_by: null });
    expect(cleared.error).toBeNull();
    expect(await row(id)).toMatchObject({ amounts_changed_by: [org.admin.employeeId] });
    // A new row cannot arrive pre-stamped with someone else either.
    const inserted = await org.hr.supabase
      .from('salary_structures')
      .insert({
        employee_id: org.employee.employeeId,
        basic_salary: 1000,
        amounts_changed_by: [secondAdmin.employeeId],
        last_amounts_changed_by: secondAdmin.employeeId,
      })
      .select()
      .single();
    expect(inserted.data).toMatchObject({
      created_by: org.hr.employeeId,
      amounts_changed_by: [],
      last_amounts_changed_by: null,
    });
    await expectRefused(org.admin, id, 'salary_editor_approval', 'salary.editor_approval');
  });

  it('refuses every other role, unknown ids and other values, changing nothing', async () => {
    const id = await propose(org.hr, org.employee.employeeId);
    const before = { structure: await row(id), trail: await trail() };
    for (const who of [org.hr, org.manager, org.employee, org.kioskUs]) {
      expect((await decide(who, id, 'approved')).error, who.email).toMatchObject({ code: '42501' });
      expect(
        (await who.supabase.rpc('bulk_set_salary_approval', { p_approve: true })).error,
        who.email,
      ).toMatchObject({ code: '42501' });
    }
    expect(
      (await org.anon.rpc('set_salary_approval', { p_id: id, p_status: 'approved' })).error,
    ).not.toBeNull();
    expect((await decide(org.admin, randomUUID(), 'approved')).error).toMatchObject({
      message: 'salary.not_found',
    });
    expect({ structure: await row(id), trail: await trail() }).toEqual(before);
  });
});

describe('bulk approval', () => {
  it('decides what the admin may and skips the rest, saying which and why; skipped ones are unchanged', async () => {
    // Only this test's structures are pending.
    await org.db.query(
      `update public.salary_structures set approval_status = 'rejected' where approval_status = 'pending'`,
    );
    const plain = await propose(org.hr, org.bfEmployee.employeeId, { ...FIELDS, country: 'BF' });
    const created = await propose(org.admin, org.employee.employeeId);
    const edited = await propose(org.hr, org.manager.employeeId);
    expect((await edit(org.admin, edited, { basic_salary: 4800 })).error).toBeNull();
    const own = await propose(org.hr, org.admin.employeeId);
    const skippedBefore = await Promise.all([created, edited, own].map(row));

    const { data, error } = await org.admin.supabase.rpc('bulk_set_salary_approval', { p_approve: true });
    expect(error).toBeNull();
    expect(data.decided).toBe(1);
    expect(data.skipped).toEqual(
      expect.arrayContaining([
        { id: created, employee_name: 'Employee Test', reason: 'salary_creator_approval' },
        { id: edited, employee_name: 'Manager Test', reason: 'salary_editor_approval' },
        { id: own, employee_name: 'Admin Test', reason: 'salary_self_approval' },
      ]),
    );
    expect(data.skipped).toHaveLength(3);
    expect(await row(plain)).toMatchObject({
      approval_status: 'approved',
      approved_by: org.admin.employeeId,
    });
    expect(await Promise.all([created, edited, own].map(row))).toEqual(skippedBefore);

    // Nothing left this admin may decide: a clear refusal that changes nothing.
    const before = await trail();
    const again = await org.admin.supabase.rpc('bulk_set_salary_approval', { p_approve: false });
    expect(again.error).toMatchObject({ code: 'P0001', hint: 'salary_none_decidable' });
    expect(again.error).toMatchObject({ message: 'salary.none_decidable', details: '{"count": 3}' });
    expect(await trail()).toEqual(before);
    expect(await Promise.all([created, edited, own].map(row))).toEqual(skippedBefore);
    const noChoice = await org.admin.supabase.rpc('bulk_set_salary_approval', { p_approve: null });
    expect(noChoice.error).toMatchObject({ hint: 'salary_decision_required' });

    // The second admin may decide all three.
    const second = await secondAdmin.supabase.rpc('bulk_set_salary_approval', { p_approve: false });
    expect(second.data).toEqual({ decided: 3, skipped: [] });
  });
});

describe('approving needs a two-factor session once the admin has a verified factor', () => {
  it('refuses an aal1 session, single and bulk, changing nothing', async () => {
    const id = await propose(org.hr, org.employee.employeeId);
    const factor = randomUUID();
    await org.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, 'phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [factor, secondAdmin.userId],
    );
    try {
      const before = { structure: await row(id), trail: await trail() };
      for (const status of ['approved', 'rejected', 'pending'] as const) {
        const { error } = await secondAdmin.supabase.rpc('set_salary_approval', {
          p_id: id,
          p_status: status,
        });
        expect(error, status).toMatchObject({ code: '42501', hint: 'mfa_required' });
      }
      const bulk = await secondAdmin.supabase.rpc('bulk_set_salary_approval', { p_approve: true });
      expect(bulk.error).toMatchObject({ code: '42501', hint: 'mfa_required' });
      expect({ structure: await row(id), trail: await trail() }).toEqual(before);
    } finally {
      await org.db.query('delete from auth.mfa_factors where id = $1', [factor]);
    }
    expect((await decide(secondAdmin, id, 'approved')).error).toBeNull();
  });
});
