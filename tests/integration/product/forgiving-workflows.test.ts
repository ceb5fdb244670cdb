// Workflows that forgive (issue 25 item 8): a manager edits or withdraws their own pending salary
// proposal; one pending structure per person and effective date, even under concurrency; a
// notification written by a person goes to one person, a team or a department, with a title and
// its sender's name. Each refusal is shown to change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
});
afterAll(() => org?.stop());

type Client = Org['admin'];

const FIELDS = { country: 'US', basic_salary: 4000, frequency: 'monthly' };

async function propose(by: Client, employeeId: string, effective: string, fields: object = FIELDS) {
  const { data, error } = await by.supabase.rpc('create_salary_structures', {
    p_employee_ids: [employeeId],
    p_fields: { ...fields, effective_date: effective },
  });
  if (error) throw error;
  return (data as Array<{ id: string }>)[0]!.id;
}
const row = async (id: string) =>
  (await org.db.query('select * from public.salary_structures where id = $1', [id])).rows[0] as
    Record<string, unknown> | undefined;
const structures = async (employeeId: string) =>
  (
    await org.db.query(
      'select id, effective_date::text, approval_status, basic_salary from public.salary_structures where employee_id = $1 order by id',
      [employeeId],
    )
  ).rows;
const audits = async (id: string) =>
  (
    await org.db.query(
      'select action, actor_employee_id from public.audit_logs where entity = $1 and entity_id = $2 order by id',
      ['salary_structures', id],
    )
  ).rows as Array<{ action: string; actor_employee_id: string }>;
const edit = (by: Client, id: string, fields: object) =>
  by.supabase.rpc('update_salary_proposal', { p_id: id, p_fields: fields });
const withdraw = (by: Client, id: string) => by.supabase.rpc('withdraw_salary_proposal', { p_id: id });

describe('a manager edits their own pending proposal', () => {
  it('changes the terms; the database recomputes the figures and audits the change', async () => {
    const id = await propose(org.manager, org.employee.employeeId, '2026-08-01');
    const before = await row(id);
    const { data, error } = await edit(org.manager, id, { basic_salary: 4500, effective_date: '2026-08-03' });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id,
      approval_status: 'pending',
      basic_salary: 4500,
      effective_date: '2026-08-03',
    });
    expect(Number((await row(id))!.gross_salary)).toBeGreaterThan(Number(before!.gross_salary));
    const actions = await audits(id);
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['create', 'update', 'amounts_changed']),
    );
    expect(
      actions
        .filter((a) => a.action !== 'create')
        .every((a) => a.actor_employee_id === org.manager.employeeId),
    ).toBe(true);
  });

  it("refuses someone else's proposal, an unknown id, bad figures and a decided proposal; nothing changes", async () => {
    const id = await propose(org.manager, org.employee.employeeId, '2026-09-01');
    const before = await row(id);
    for (const who of [org.hr, org.admin, org.employee, org.outsider]) {
      expect((await edit(who, id, { basic_salary: 1 })).error, who.email).toMatchObject({
        code: '42501',
        message: 'salary.proposal_not_yours',
      });
      expect((await withdraw(who, id)).error, who.email).toMatchObject({
        message: 'salary.proposal_not_yours',
      });
    }
    expect((await edit(org.manager, '00000000-0000-4000-8000-000000000000', {})).error).toMatchObject({
      message: 'salary.not_found',
    });
    for (const bad of ['NaN', 'Infinity', -5, 1e12, 'abc']) {
      expect((await edit(org.manager, id, { basic_salary: bad })).error, String(bad)).not.toBeNull();
    }
    expect((await edit(org.manager, id, { effective_date: '1999-01-01' })).error).not.toBeNull();
    expect((await edit(org.manager, id, [] as never)).error).toMatchObject({ message: 'salary.save_failed' });
    expect(await row(id)).toEqual(before);

    // Decided (rejected here, by the service): neither edited nor withdrawn.
    await org.db.query(`update public.salary_structures set approval_status = 'rejected' where id = $1`, [
      id,
    ]);
    const decided = await row(id);
    const refused = await edit(org.manager, id, { basic_salary: 4100 });
    expect(refused.error).toMatchObject({ code: 'P0001', message: 'salary.already_decided' });
    expect(JSON.parse(refused.error!.details)).toEqual({ status: 'rejected' });
    expect((await withdraw(org.manager, id)).error).toMatchObject({ message: 'salary.already_decided' });
    expect(await row(id)).toEqual(decided);
  });

  it('refuses a proposal for someone the manager no longer manages', async () => {
    const id = await propose(org.manager, org.bfEmployee.employeeId, '2026-09-01', { basic_salary: 300000 });
    await org.db.query('update public.employees set department_id = $2 where id = $1', [
      org.bfEmployee.employeeId,
      org.departments.sales,
    ]);
    const before = await row(id);
    expect((await edit(org.manager, id, { basic_salary: 1 })).error).toMatchObject({
      message: 'salary.propose_team_only',
    });
    expect(await row(id)).toEqual(before);
    await org.db.query('update public.employees set department_id = $2 where id = $1', [
      org.bfEmployee.employeeId,
      org.departments.engineering,
    ]);
  });
});

describe('a manager withdraws their own pending proposal', () => {
  it('deletes it, audited as theirs', async () => {
    const id = await propose(org.manager, org.employee.employeeId, '2026-10-01');
    expect((await withdraw(org.manager, id)).error).toBeNull();
    expect(await row(id)).toBeUndefined();
    expect((await audits(id)).at(-1)).toEqual({
      action: 'delete',
      actor_employee_id: org.manager.employeeId,
    });
  });
});

describe('one pending structure per person and effective date', () => {
  it('refuses a second one with a clear code, by any path; another date or person is fine', async () => {
    await propose(org.manager, org.employee.employeeId, '2026-11-02');
    const before = await structures(org.employee.employeeId);
    const again = await org.hr.supabase.rpc('create_salary_structures', {
      p_employee_ids: [org.employee.employeeId],
      p_fields: { ...FIELDS, effective_date: '2026-11-02' },
    });
    expect(again.error).toMatchObject({
      code: 'P0001',
      message: 'salary.pending_exists',
      hint: 'salary_pending_exists',
    });
    expect(JSON.parse(again.error!.details)).toEqual({ employee: 'Employee Test', effective: '2026-11-02' });
    const direct = await org.hr.supabase
      .from('salary_structures')
      .insert({ employee_id: org.employee.employeeId, basic_salary: 1, effective_date: '2026-11-02' });
    expect(direct.error).toMatchObject({ message: 'salary.pending_exists' });
    expect(await structures(org.employee.employeeId)).toEqual(before);
    // Moving another proposal onto that date is the same second structure.
    const other = await propose(org.manager, org.employee.employeeId, '2026-11-03');
    const otherBefore = await row(other);
    expect((await edit(org.manager, other, { effective_date: '2026-11-02' })).error).toMatchObject({
      message: 'salary.pending_exists',
    });
    expect(await row(other)).toEqual(otherBefore);
    await propose(org.manager, org.bfEmployee.employeeId, '2026-11-02', { basic_salary: 300000 });
  });

  it('holds when two proposals arrive at the same moment', async () => {
    const tries = await Promise.all(
      [org.manager, org.hr, org.admin].map((by) =>
        by.supabase.rpc('create_salary_structures', {
          p_employee_ids: [org.employee.employeeId],
          p_fields: { ...FIELDS, effective_date: '2026-12-01' },
        }),
      ),
    );
    expect(tries.filter((t) => t.error === null)).toHaveLength(1);
    for (const failed of tries.filter((t) => t.error !== null))
      expect([
        'salary.pending_exists',
        'duplicate key value violates unique constraint "salary_structures_one_pending_idx"',
      ]).toContain(failed.error!.message);
    expect(
      (await structures(org.employee.employeeId)).filter((s) => s.effective_date === '2026-12-01'),
    ).toHaveLength(1);
  });
});

describe('notifications written by people', () => {
  const send = (by: Client, audience: string, target: string | null, title: string, message: string) =>
    by.supabase.rpc('send_notification', {
      p_audience: audience,
      p_title: title,
      p_message: message,
      ...(target && { p_target: target }),
    });
  const count = async () =>
    Number((await org.db.query('select count(*) from public.notifications')).rows[0].count);
  const received = async (employeeId: string, title: string) =>
    (
      await org.db.query(
        'select title, message, code, created_by, sender_name from public.notifications where employee_id = $1 and title = $2',
        [employeeId, title],
      )
    ).rows;

  it('reach one person, the team or a department, with the title and the sender', async () => {
    expect(await send(org.manager, 'person', org.employee.employeeId, 'Shift', 'See you at 7')).toMatchObject(
      {
        error: null,
        data: 1,
      },
    );
    expect(await received(org.employee.employeeId, 'Shift')).toEqual([
      {
        title: 'Shift',
        message: 'See you at 7',
        code: null,
        created_by: org.manager.employeeId,
        sender_name: 'Manager Test',
      },
    ]);
    // The team: the people of the manager's departments, the manager aside.
    expect(await send(org.manager, 'team', null, 'Team', 'Meeting')).toMatchObject({ error: null, data: 2 });
    expect(await received(org.bfEmployee.employeeId, 'Team')).toHaveLength(1);
    expect(await received(org.manager.employeeId, 'Team')).toHaveLength(0);
    expect(await send(org.manager, 'department', org.departments.engineering, 'Dept', 'Hello')).toMatchObject(
      { data: 2 },
    );
    expect(await send(org.hr, 'department', org.departments.operations, 'Ops', 'Hello ops')).toMatchObject({
      data: 1,
    });
    expect(await received(org.outsider.employeeId, 'Ops')).toMatchObject([{ sender_name: 'Hr Test' }]);
    // The reader sees the sender's name on their own row.
    const { data } = await org.employee.supabase
      .from('notifications')
      .select('title, sender_name')
      .eq('title', 'Shift');
    expect(data).toEqual([{ title: 'Shift', sender_name: 'Manager Test' }]);
  });

  it('refuse the wrong role, someone outside the team, bad texts and empty groups; nothing is sent', async () => {
    const before = await count();
    const cases: Array<[Client, string, string | null, string, string, string]> = [
      [org.employee, 'person', org.bfEmployee.employeeId, 'Hi', 'Hi', 'notification.send_denied'],
      [org.kioskUs, 'team', null, 'Hi', 'Hi', 'notification.send_denied'],
      [org.manager, 'person', org.outsider.employeeId, 'Hi', 'Hi', 'notification.audience_denied'],
      [org.manager, 'department', org.departments.operations, 'Hi', 'Hi', 'notification.audience_denied'],
      [org.manager, 'person', null, 'Hi', 'Hi', 'notification.audience_denied'],
      [org.manager, 'everyone', null, 'Hi', 'Hi', 'notification.audience_unknown'],
      [org.manager, 'team', null, '  ', 'Hi', 'notification.title_and_message_required'],
      [org.manager, 'team', null, 'Hi', '', 'notification.title_and_message_required'],
      [org.manager, 'team', null, 'x'.repeat(201), 'Hi', 'notification.too_long'],
      [org.manager, 'team', null, 'Hi', 'x'.repeat(2001), 'notification.too_long'],
      [org.admin, 'team', null, 'Hi', 'Hi', 'notification.no_recipients'],
      [org.hr, 'department', org.departments.sales, 'Hi', 'Hi', 'notification.no_recipients'],
    ];
    for (const [by, audience, target, title, message, code] of cases) {
      const { error } = await send(by, audience, target, title, message);
      expect(error?.message, `${by.email} ${audience} ${code}`).toBe(code);
    }
    expect(await count()).toBe(before);
    // A forged sender name is replaced by the real one.
    await org.manager.supabase.from('notifications').insert({
      employee_id: org.employee.employeeId,
      title: 'Forged',
      message: 'x',
      sender_name: 'The CEO',
    } as never);
    expect(await received(org.employee.employeeId, 'Forged')).toMatchObject([
      { sender_name: 'Manager Test' },
    ]);
  });
});
