// Salary structures: computed by the database, versioned, approved and paid only through the workflow.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
let secondAdmin: Org['admin'];

beforeAll(async () => {
  org = await createOrg();
  // A second admin, for separation of duties: the outsider is promoted.
  await org.db.query(`update public.employees set role = 'admin' where id = $1`, [org.outsider.employeeId]);
  secondAdmin = org.outsider;
});
afterAll(() => org?.stop());
// One pending structure per person and effective date (a unique index): each test starts with
// none pending, so that its proposals are its own.
beforeEach(async () => {
  await org.db.query(
    `update public.salary_structures set approval_status = 'rejected' where approval_status = 'pending'`,
  );
});

const FIELDS = {
  country: 'US',
  basic_salary: 5000,
  hourly_rate: 25,
  overtime_hours: 10,
  allowances: { house_rent: 500 },
  effective_date: '2026-07-02',
  frequency: 'monthly',
};

async function create(by: Org['admin'], employeeIds: string[], fields: Record<string, unknown> = FIELDS) {
  const { data, error } = await by.supabase.rpc('create_salary_structures', {
    p_employee_ids: employeeIds,
    p_fields: fields,
  });
  if (error) throw error;
  return data as Array<Record<string, unknown> & { id: string }>;
}
const row = async (id: string) =>
  (await org.db.query('select * from public.salary_structures where id = $1', [id])).rows[0];
const notes = async (employeeId: string) =>
  (
    await org.db.query(
      'select code, params from public.notifications where employee_id = $1 order by created_at',
      [employeeId],
    )
  ).rows as Array<{ code: string; params: Record<string, unknown> }>;

describe('creating structures', () => {
  it('creates one pending structure per employee, with figures computed by the database', async () => {
    const created = await create(org.hr, [org.employee.employeeId, org.bfEmployee.employeeId]);
    expect(created).toHaveLength(2);
    expect(created[0]).toMatchObject({
      approval_status: 'pending',
      payment_status: 'pending',
      is_active: true,
      overtime_pay: 375,
      gross_salary: 5875,
      net_salary: 4838.06,
      currency: 'USD',
      delay_buffer: 2,
      deductions: { social_security: '364.25', medicare: '85.19', federal_tax: '587.50' },
      created_by: org.hr.employeeId,
      employee_name: 'Employee Test',
    });
  });

  it('ignores figures a client sends for gross, net, deductions or status', async () => {
    const { data, error } = await org.hr.supabase
      .from('salary_structures')
      .insert({
        employee_id: org.employee.employeeId,
        basic_salary: 1000,
        gross_salary: 999999,
        net_salary: 999999,
        approval_status: 'approved',
        payment_status: 'paid',
      })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      gross_salary: 1000,
      net_salary: 823.5,
      approval_status: 'pending',
      payment_status: 'pending',
    });
  });

  it("refuses an empty selection with the spec's message, and a manager proposing outside the team", async () => {
    const none = await org.hr.supabase.rpc('create_salary_structures', {
      p_employee_ids: [],
      p_fields: FIELDS,
    });
    expect(none.error).toMatchObject({
      code: 'P0001',
      message: 'salary.select_employees',
    });
    const outside = await org.manager.supabase.rpc('create_salary_structures', {
      p_employee_ids: [org.outsider.employeeId],
      p_fields: FIELDS,
    });
    expect(outside.error).toMatchObject({ code: '42501' });
    const team = await org.manager.supabase.rpc('create_salary_structures', {
      p_employee_ids: [org.employee.employeeId],
      p_fields: FIELDS,
    });
    expect(team.error).toBeNull();
  });

  it('clamps the delay buffer to 0–5 business days', async () => {
    const [s] = await create(org.hr, [org.employee.employeeId], { ...FIELDS, delay_buffer: 9 });
    expect(s!.delay_buffer).toBe(5);
  });
});

describe('approval', () => {
  it('does not let the creator approve, and records the approver, the release date and a notification', async () => {
    const [s] = await create(org.admin, [org.employee.employeeId]);
    const own = await org.admin.supabase.rpc('set_salary_approval', { p_id: s!.id, p_status: 'approved' });
    expect(own.error).toMatchObject({
      message: 'salary.creator_approval',
    });
    expect((await row(s!.id)).approval_status).toBe('pending');

    const { data, error } = await secondAdmin.supabase.rpc('set_salary_approval', {
      p_id: s!.id,
      p_status: 'approved',
    });
    expect(error).toBeNull();
    // Effective Thu 2026-07-02 + 2 business days: Fri 3 July (banks open), weekend, Mon 6 July.
    expect(data).toMatchObject({
      approval_status: 'approved',
      approved_by: secondAdmin.employeeId,
      scheduled_release_date: '2026-07-06',
    });
    expect(data.payment_notes).toContain('scheduled release 2026-07-06');
    expect(await notes(org.employee.employeeId)).toContainEqual({
      code: 'salary.approved',
      params: { effective: '2026-07-02', release: '2026-07-06' },
    });
  });

  it('rejects with or without a reason, puts it back to pending on request, and refuses unknown statuses', async () => {
    // One pending structure per person and date: the second is proposed once the first is decided.
    const [a] = await create(org.hr, [org.employee.employeeId]);
    await org.admin.supabase.rpc('set_salary_approval', {
      p_id: a!.id,
      p_status: 'rejected',
      p_reason: 'Budget',
    });
    const [b] = await create(org.hr, [org.employee.employeeId]);
    await org.admin.supabase.rpc('set_salary_approval', { p_id: b!.id, p_status: 'rejected' });
    expect(await row(a!.id)).toMatchObject({ approval_status: 'rejected', rejection_reason: 'Budget' });
    expect(await row(b!.id)).toMatchObject({ approval_status: 'rejected', rejection_reason: null });
    const messages = await notes(org.employee.employeeId);
    expect(messages).toContainEqual({
      code: 'salary.rejected',
      params: { effective: '2026-07-02', reason: 'Budget' },
    });
    expect(messages).toContainEqual({
      code: 'salary.rejected',
      params: { effective: '2026-07-02', reason: 'N/A' },
    });
    const rejected = await row(a!.id);
    const unknown = await org.admin.supabase.rpc('set_salary_approval', {
      p_id: a!.id,
      p_status: 'whatever',
    });
    expect(unknown.error).toMatchObject({ hint: 'salary_status_unknown' });
    expect(await row(a!.id)).toEqual(rejected);
    const back = await org.admin.supabase.rpc('set_salary_approval', { p_id: a!.id, p_status: 'pending' });
    expect(back.data).toMatchObject({ approval_status: 'pending', rejection_reason: null });
  });

  it('lets only admins decide, and changes nothing when refused', async () => {
    const [s] = await create(org.hr, [org.employee.employeeId]);
    for (const who of [org.hr, org.manager, org.employee, org.kioskUs]) {
      const { error } = await who.supabase.rpc('set_salary_approval', { p_id: s!.id, p_status: 'approved' });
      expect(error).toMatchObject({ code: '42501' });
    }
    const direct = await org.hr.supabase
      .from('salary_structures')
      .update({ approval_status: 'approved' })
      .eq('id', s!.id)
      .select();
    expect(direct.error).toMatchObject({ code: '42501' });
    expect((await row(s!.id)).approval_status).toBe('pending');
  });

  it('gives one approval and one clear refusal when two admins approve at the same moment', async () => {
    const [s] = await create(org.hr, [org.employee.employeeId]);
    const results = await Promise.all([
      org.admin.supabase.rpc('set_salary_approval', { p_id: s!.id, p_status: 'approved' }),
      secondAdmin.supabase.rpc('set_salary_approval', { p_id: s!.id, p_status: 'approved' }),
    ]);
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(results.find((r) => r.error)?.error).toMatchObject({
      message: 'salary.already_decided',
      details: JSON.stringify({ status: 'approved' }).replace(':', ': '),
    });
    const audit = await org.db.query(
      `select count(*) from public.audit_logs where entity = 'salary_structures' and entity_id = $1 and diff ? 'approval_status'`,
      [s!.id],
    );
    expect(Number(audit.rows[0].count)).toBe(1);
  });

  it('bulk-approves every pending structure the admin may decide, names the ones left, and says when there are none', async () => {
    await org.db.query(
      `update public.salary_structures set approval_status = 'rejected' where approval_status = 'pending'`,
    );
    await create(org.hr, [org.employee.employeeId, org.bfEmployee.employeeId]);
    const [own] = await create(org.admin, [org.employee.employeeId], {
      ...FIELDS,
      effective_date: '2026-07-03',
    });
    const { data, error } = await org.admin.supabase.rpc('bulk_set_salary_approval', { p_approve: true });
    expect(error).toBeNull();
    // The admin's own proposal is left for another admin, and the answer says so.
    expect(data).toEqual({
      decided: 2,
      skipped: [{ id: own!.id, employee_name: 'Employee Test', reason: 'salary_creator_approval' }],
    });
    expect((await secondAdmin.supabase.rpc('bulk_set_salary_approval', { p_approve: true })).data).toEqual({
      decided: 1,
      skipped: [],
    });
    const again = await org.admin.supabase.rpc('bulk_set_salary_approval', { p_approve: true });
    expect(again.error).toMatchObject({
      message: 'salary.none_pending',
    });
  });
});

describe('versions', () => {
  it('never edits an approved structure: a revision is a new version that supersedes it once approved', async () => {
    const [s] = await create(org.hr, [org.employee.employeeId]);
    await org.admin.supabase.rpc('set_salary_approval', { p_id: s!.id, p_status: 'approved' });
    const edit = await org.admin.supabase
      .from('salary_structures')
      .update({ basic_salary: 9000 })
      .eq('id', s!.id)
      .select();
    expect(edit.error).toMatchObject({
      message: 'salary.approved_not_editable',
    });
    expect((await row(s!.id)).basic_salary).toBe('5000.00');

    const { data: v2 } = await org.hr.supabase.rpc('revise_salary_structure', {
      p_id: s!.id,
      p_fields: { basic_salary: 5500 },
    });
    expect(v2).toMatchObject({
      version: 2,
      supersedes_id: s!.id,
      approval_status: 'pending',
      basic_salary: 5500,
      gross_salary: 6375,
    });
    await org.admin.supabase.rpc('set_salary_approval', { p_id: v2.id, p_status: 'approved' });
    expect((await row(s!.id)).is_active).toBe(false);
    expect((await row(v2.id)).is_active).toBe(true);
  });
});

describe('payment', () => {
  it("refuses payment before approval with the spec's message and changes nothing", async () => {
    const [s] = await create(org.hr, [org.employee.employeeId]);
    const before = await row(s!.id);
    const { error } = await org.hr.supabase.rpc('set_salary_payment', { p_id: s!.id, p_status: 'paid' });
    expect(error).toMatchObject({
      message: 'salary.approval_required',
    });
    expect(await row(s!.id)).toEqual(before);
  });

  it('queues a payment before its release date, releases it when due, once', async () => {
    const [s] = await create(org.hr, [org.employee.employeeId], { ...FIELDS, effective_date: '2099-01-05' });
    await org.admin.supabase.rpc('set_salary_approval', { p_id: s!.id, p_status: 'approved' });
    const queued = await org.hr.supabase.rpc('set_salary_payment', {
      p_id: s!.id,
      p_status: 'paid',
      p_reference: 'TX-1',
    });
    expect(queued.data).toMatchObject({ payment_status: 'processing', payment_reference: 'TX-1' });
    expect(queued.data.payment_notes).toContain('Queued until scheduled release 2099-01-07');
    expect(
      Number(
        (await org.db.query('select count(*) from public.paystubs where salary_structure_id = $1', [s!.id]))
          .rows[0].count,
      ),
    ).toBe(0);

    await org.db.query(
      `update public.salary_structures set scheduled_release_date = app.today() - 1 where id = $1`,
      [s!.id],
    );
    const first = await org.admin.supabase.rpc('release_due_payments');
    const second = await org.admin.supabase.rpc('release_due_payments');
    expect(first.data).toBeGreaterThanOrEqual(1);
    expect(second.data).toBe(0);
    expect((await row(s!.id)).payment_status).toBe('paid');
    const stubs = await org.db.query(
      'select gross, net, currency from public.paystubs where salary_structure_id = $1',
      [s!.id],
    );
    expect(stubs.rows).toEqual([{ gross: '5875.00', net: '4838.06', currency: 'USD' }]);
    expect(await notes(org.employee.employeeId)).toContainEqual({
      code: 'salary.released',
      params: { period: '2099-01-05' },
    });
  });

  it('pays at once on or after the release date, or with same-day release, and refuses deleting it then', async () => {
    const [s] = await create(org.hr, [org.employee.employeeId], { ...FIELDS, effective_date: '2026-01-05' });
    await org.admin.supabase.rpc('set_salary_approval', { p_id: s!.id, p_status: 'approved' });
    const { data } = await org.hr.supabase.rpc('set_salary_payment', {
      p_id: s!.id,
      p_status: 'paid',
      p_reference: 'TX-2',
    });
    expect(data).toMatchObject({ payment_status: 'paid', payment_reference: 'TX-2' });
    expect(data.payment_processed_at).not.toBeNull();
    const del = await org.admin.supabase.from('salary_structures').delete().eq('id', s!.id);
    expect(del.error).toMatchObject({ message: 'salary.paid_not_deletable' });
    expect(await row(s!.id)).toBeDefined();

    await org.db.query('update public.employees set same_day_enabled = true where id = $1', [
      org.bfEmployee.employeeId,
    ]);
    const [future] = await create(org.hr, [org.bfEmployee.employeeId], {
      ...FIELDS,
      country: 'BF',
      effective_date: '2099-03-02',
    });
    await org.admin.supabase.rpc('set_salary_approval', { p_id: future!.id, p_status: 'approved' });
    const sameDay = await org.hr.supabase.rpc('set_salary_payment', { p_id: future!.id, p_status: 'paid' });
    expect(sameDay.data).toMatchObject({ payment_status: 'paid' });
  });

  it('records a failed payment, tells the employee and writes the audit log', async () => {
    const [s] = await create(org.hr, [org.employee.employeeId], { ...FIELDS, effective_date: '2026-02-02' });
    await org.admin.supabase.rpc('set_salary_approval', { p_id: s!.id, p_status: 'approved' });
    const { data } = await org.hr.supabase.rpc('set_salary_payment', { p_id: s!.id, p_status: 'failed' });
    expect(data).toMatchObject({ payment_status: 'failed' });
    expect(await notes(org.employee.employeeId)).toContainEqual({
      code: 'salary.payment_failed',
      params: { period: '2026-02-02' },
    });
    const audit = await org.db.query(
      `select 1 from public.audit_logs where entity_id = $1 and action = 'payment_failed'`,
      [s!.id],
    );
    expect(audit.rowCount).toBe(1);
  });

  it('schedules release over a BF holiday and over a US holiday observed on Monday', async () => {
    // BF: Thu 2026-12-10 + 2: Fri 11 Dec is the national holiday, weekend, Mon 14 (1), Tue 15 (2).
    const [bf] = await create(org.hr, [org.bfEmployee.employeeId], {
      ...FIELDS,
      country: 'BF',
      effective_date: '2026-12-10',
    });
    const bfApproved = await org.admin.supabase.rpc('set_salary_approval', {
      p_id: bf!.id,
      p_status: 'approved',
    });
    expect(bfApproved.data.scheduled_release_date).toBe('2026-12-15');
    // US: Fri 2027-07-02 + 2: weekend, Mon 5 July (Independence Day observed), Tue 6 (1), Wed 7 (2).
    const [us] = await create(org.hr, [org.employee.employeeId], { ...FIELDS, effective_date: '2027-07-02' });
    const usApproved = await org.admin.supabase.rpc('set_salary_approval', {
      p_id: us!.id,
      p_status: 'approved',
    });
    expect(usApproved.data.scheduled_release_date).toBe('2027-07-07');
  });
});

describe('who sees structures and paystubs', () => {
  it('shows an employee only their own approved ones, a manager the team, a kiosk nothing', async () => {
    const visible = async (who: Org['admin']) =>
      (await who.supabase.from('salary_structures').select('employee_id, approval_status')).data ?? [];
    const mine = await visible(org.employee);
    expect(mine.length).toBeGreaterThan(0);
    expect(
      mine.every((s) => s.employee_id === org.employee.employeeId && s.approval_status === 'approved'),
    ).toBe(true);
    const team = await visible(org.manager);
    expect(new Set(team.map((s) => s.employee_id))).toEqual(
      new Set([org.employee.employeeId, org.bfEmployee.employeeId]),
    );
    expect(await visible(org.kioskUs)).toEqual([]);
    const stubs = (await org.employee.supabase.from('paystubs').select('employee_id')).data ?? [];
    expect(stubs.length).toBeGreaterThan(0);
    expect(stubs.every((s) => s.employee_id === org.employee.employeeId)).toBe(true);
    expect((await org.manager.supabase.from('paystubs').select('id')).data).toEqual([]);
  });
});

describe('rule sets and pay profiles', () => {
  it('lets only admins change a rule-set figure, audited; HR keeps W-4 inputs, the employee reads their own', async () => {
    const params = { currency: 'USD', note: 'edited' };
    const hr = await org.hr.supabase
      .from('payroll_rule_sets')
      .update({ params })
      .eq('rule_set', 'spec-default')
      .select();
    expect(hr.data).toEqual([]);
    const admin = await org.admin.supabase
      .from('payroll_rule_sets')
      .insert({
        rule_set: 'spec-default',
        effective_from: '2099-01-01',
        // A new version keeps the parameters' shape (see rule-set-versions.test.ts).
        params: (
          await org.db.query(
            `select params from public.payroll_rule_sets where rule_set = 'spec-default' order by effective_from desc limit 1`,
          )
        ).rows[0].params,
      })
      .select();
    expect(admin.error).toBeNull();
    const audit = await org.db.query(
      `select 1 from public.audit_logs where entity = 'payroll_rule_sets' and entity_id = 'spec-default@2099-01-01'`,
    );
    expect(audit.rowCount).toBe(1);

    const profile = await org.hr.supabase
      .from('employee_pay_profiles')
      .insert({ employee_id: org.employee.employeeId, filing_status: 'married_jointly' })
      .select();
    expect(profile.error).toBeNull();
    const own = await org.employee.supabase.from('employee_pay_profiles').select('filing_status');
    expect(own.data).toEqual([{ filing_status: 'married_jointly' }]);
    const self = await org.employee.supabase
      .from('employee_pay_profiles')
      .update({ dependants: 5 })
      .eq('employee_id', org.employee.employeeId)
      .select();
    expect(self.data).toEqual([]);
    expect((await org.manager.supabase.from('employee_pay_profiles').select('employee_id')).data).toEqual([]);
  });
});
