// Attacks on row-level security and the RPCs, one per test: each must be refused (with its
// message where the database gives one) and must change nothing, which the superuser checks.
import type { PostgrestError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, PASSWORD } from '../helpers.ts';
import { PINNED_AT } from '../../clock.ts';
import { createOrg, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
});
afterAll(() => org?.stop());

type Row = Record<string, unknown>;
let counter = 0;
const uniq = (label: string) => `${label}-${process.pid}-${++counter}`;

async function rows<T extends Row = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await org.db.query(sql, params)).rows as T[];
}
const count = async (sql: string, params: unknown[] = []) =>
  Number((await rows<{ count: string }>(sql, params))[0]!.count);
/** An employee row as the database holds it. */
const employeeRow = async (id: string) =>
  (await rows<{ row: Row }>('select to_jsonb(e) as row from public.employees e where id = $1', [id]))[0]
    ?.row ?? null;

/** Signs up a new account the way a person would, with whatever metadata the form sends. */
async function signUp(label: string, data: Row = {}) {
  const supabase = client(org.stack);
  const email = `${uniq(label)}@org.test`;
  const { data: auth, error } = await supabase.auth.signUp({ email, password: PASSWORD, options: { data } });
  if (error || !auth.user || !auth.session) throw error ?? new Error('sign-up returned no session');
  const [{ id }] = (await rows<{ id: string }>('select id from public.employees where user_id = $1', [
    auth.user.id,
  ])) as [{ id: string }];
  return { supabase, email, userId: auth.user.id, employeeId: id };
}

/** An employee without an account, made by the superuser. */
async function newEmployee(fields: {
  role?: string;
  status?: string;
  department?: string | null;
  site?: string;
}) {
  const [{ id }] = (await rows<{ id: string }>(
    `insert into public.employees (first_name, last_name, email, role, status, terminated_at, department_id, site_id)
     values ('Extra', $1, $2, $3, $4::public.employee_status, case when $4::text = 'terminated' then app.now() end, $5, $6)
     returning id`,
    [
      uniq('extra'),
      `${uniq('extra')}@org.test`,
      fields.role ?? 'employee',
      fields.status ?? 'active',
      fields.department === undefined ? org.departments.engineering : fields.department,
      fields.site ?? org.sites.us,
    ],
  )) as [{ id: string }];
  return id;
}

/** A closed attendance record in the past, at a time no other arranged record uses. */
async function attendanceFor(employeeId: string, siteId: string) {
  const start = new Date(Date.UTC(2019, 0, 1) + ++counter * 3 * 3_600_000);
  const [{ id }] = (await rows<{ id: string }>(
    `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, source)
     values ($1, $2, $3, $4, $5, 'checked_out', 'manual') returning id`,
    [employeeId, siteId, start.toISOString().slice(0, 10), start, new Date(start.getTime() + 3_600_000)],
  )) as [{ id: string }];
  return id;
}

/** Enrols a finger (superuser) and returns the template's hex form as PostgREST prints bytea. */
async function enrol(employeeId: string, finger = 'right_index') {
  const template = Buffer.from(`template of ${employeeId}`.padEnd(32, '.'));
  await org.db.query(
    `insert into public.biometric_enrolments (employee_id, finger, template, quality, consent_text_version, consent_at)
     values ($1, $2, $3, 80, 'consent-v1', app.now())
     on conflict (employee_id, finger) do update set template = excluded.template`,
    [employeeId, finger, template],
  );
  return `\\x${template.toString('hex')}`;
}

async function notify(employeeId: string) {
  const [{ id }] = (await rows<{ id: string }>(
    `insert into public.notifications (employee_id, title, message) values ($1, 'Hello', $2) returning id`,
    [employeeId, uniq('message')],
  )) as [{ id: string }];
  return id;
}

const auditCount = (entityId: string) =>
  count('select count(*) from public.audit_logs where entity_id = $1', [entityId]);

/**
 * A write the caller may not make: either refused with 42501 or, where row-level security hides
 * the row, a statement that matched nothing.
 */
function expectRefusedWrite({ data, error }: { data: unknown; error: PostgrestError | null }) {
  if (error) expect(error.code).toBe('42501');
  else expect(data, 'the write was accepted and changed this row').toEqual([]);
}

describe('an employee attacking their own record', () => {
  const attempts: [string, () => Row][] = [
    ['role', () => ({ role: 'admin' })],
    ['salary', () => ({ salary: 1_000_000 })],
    ['status', () => ({ status: 'inactive' })],
    ['department', () => ({ department_id: org.departments.operations })],
  ];
  it.each(attempts)('cannot set their own %s', async (_field, patch) => {
    const id = org.employee.employeeId;
    const before = await employeeRow(id);
    const audits = await auditCount(id);
    const { data, error } = await org.employee.supabase
      .from('employees')
      .update(patch())
      .eq('id', id)
      .select();
    expect(error).toMatchObject({ code: '42501', message: 'employee.own_contact_only' });
    expect(data).toBeNull();
    expect(await employeeRow(id)).toEqual(before);
    expect(await auditCount(id)).toBe(audits);
  });

  it("cannot edit another employee's contact fields", async () => {
    const before = await employeeRow(org.outsider.employeeId);
    const { data, error } = await org.employee.supabase
      .from('employees')
      .update({ phone: '+1 555 0100', address: 'Somewhere else', emergency_phone: '+1 555 0199' })
      .eq('id', org.outsider.employeeId)
      .select();
    // Row-level security hides the row: nothing matched.
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await employeeRow(org.outsider.employeeId)).toEqual(before);
  });

  it('cannot delete their own employee record', async () => {
    const before = await employeeRow(org.employee.employeeId);
    const { data, error } = await org.employee.supabase
      .from('employees')
      .delete()
      .eq('id', org.employee.employeeId)
      .select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await employeeRow(org.employee.employeeId)).toEqual(before);
  });
});

describe("reading other people's data", () => {
  it("an employee cannot read another employee's attendance", async () => {
    const theirs = await attendanceFor(org.outsider.employeeId, org.sites.us);
    const mine = await attendanceFor(org.employee.employeeId, org.sites.us);
    const all = await org.employee.supabase.from('attendances').select('id, employee_id');
    expect(all.error).toBeNull();
    expect(all.data!.map((r) => r.id)).toContain(mine);
    expect(all.data!.filter((r) => r.employee_id !== org.employee.employeeId)).toEqual([]);
    const targeted = await org.employee.supabase.from('attendances').select('*').eq('id', theirs);
    expect(targeted).toMatchObject({ error: null, data: [] });
    // The dashboards run with the caller's rights: nothing of the other employee comes out there either.
    const missed = await org.employee.supabase.rpc('missed_punches');
    expect(missed.error).toBeNull();
    expect((missed.data as Row[]).filter((r) => r.employee_id !== org.employee.employeeId)).toEqual([]);
  });

  it("an employee cannot read another employee's biometric template, and their own only through the portal's roster", async () => {
    await enrol(org.outsider.employeeId);
    await enrol(org.employee.employeeId);
    const all = await org.employee.supabase.from('biometric_enrolments').select('*');
    expect(all).toMatchObject({ error: null, data: [] });
    const theirs = await org.employee.supabase
      .from('biometric_enrolments')
      .select('template')
      .eq('employee_id', org.outsider.employeeId);
    expect(theirs).toMatchObject({ error: null, data: [] });
    // The kiosk roster gives kiosks their site (and admins everyone); an employee gets only their own
    // row, without its template (the portal's 1:1 check runs on the server): never another person's.
    const roster = await org.employee.supabase.rpc('kiosk_roster');
    expect(roster.error).toBeNull();
    expect(new Set((roster.data as { employee_id: string }[]).map((r) => r.employee_id))).toEqual(
      new Set([org.employee.employeeId]),
    );
    expect((roster.data as { template: unknown }[]).every((r) => r.template === null)).toBe(true);
    // Which fingers are enrolled: only for oneself, and never the template bytes.
    const others = await org.employee.supabase.rpc('enrolled_fingers', {
      p_employee_id: org.outsider.employeeId,
    });
    expect(others).toMatchObject({ error: null, data: [] });
    const own = await org.employee.supabase.rpc('enrolled_fingers', {
      p_employee_id: org.employee.employeeId,
    });
    expect(own.error).toBeNull();
    expect(own.data).toEqual([{ finger: 'right_index', quality: 80, consent_at: expect.any(String) }]);
  });
});

describe('signing up', () => {
  it('asking for role admin in the metadata gives an employee account and a pending request, nothing more', async () => {
    const mallory = await signUp('mallory', { role: 'admin', first_name: 'Mallory' });
    expect(await employeeRow(mallory.employeeId)).toMatchObject({ role: 'employee', status: 'active' });
    const requests = await rows(
      'select id, requested_role, status from public.role_requests where employee_id = $1',
      [mallory.employeeId],
    );
    expect(requests).toEqual([{ id: expect.any(String), requested_role: 'admin', status: 'pending' }]);

    // What the account can do with its token: its own row, as an employee, and no more.
    const own = await mallory.supabase.from('employees').select('id, role');
    expect(own).toMatchObject({ error: null, data: [{ id: mallory.employeeId, role: 'employee' }] });
    expect(await mallory.supabase.from('audit_logs').select('id')).toMatchObject({ error: null, data: [] });
    const approve = await mallory.supabase.rpc('decide_role_request', {
      p_request_id: requests[0]!.id,
      p_approve: true,
    });
    expect(approve.error).toMatchObject({ code: '42501', message: 'account.role_request_admin_only' });
    const forced = await mallory.supabase
      .from('role_requests')
      .update({ status: 'approved', decided_at: PINNED_AT })
      .eq('id', requests[0]!.id)
      .select();
    expect(forced.error).toMatchObject({
      code: '42501',
      message: 'permission denied for table role_requests',
    });
    expect(
      await rows('select requested_role, status from public.role_requests where employee_id = $1', [
        mallory.employeeId,
      ]),
    ).toEqual([{ requested_role: 'admin', status: 'pending' }]);
    expect(await employeeRow(mallory.employeeId)).toMatchObject({ role: 'employee' });
  });

  it('writing role admin into one’s own user metadata afterwards grants nothing', async () => {
    const eve = await signUp('eve', { first_name: 'Eve' });
    const updated = await eve.supabase.auth.updateUser({ data: { role: 'admin' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ role: 'admin' });
    // A fresh token now carries role: admin in its user_metadata.
    expect((await eve.supabase.auth.refreshSession()).error).toBeNull();
    expect(await employeeRow(eve.employeeId)).toMatchObject({ role: 'employee' });
    expect(
      await count('select count(*) from public.role_requests where employee_id = $1', [eve.employeeId]),
    ).toBe(0);
    expect(await eve.supabase.from('audit_logs').select('id')).toMatchObject({ error: null, data: [] });
    const others = await eve.supabase.from('employees').select('id').neq('id', eve.employeeId);
    expect(others).toMatchObject({ error: null, data: [] });
  });
});

describe('a manager', () => {
  it('cannot edit an employee outside their departments', async () => {
    const before = await employeeRow(org.outsider.employeeId);
    const { data, error } = await org.manager.supabase
      .from('employees')
      .update({ phone: '+1 555 0142', position: 'Demoted' })
      .eq('id', org.outsider.employeeId)
      .select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await employeeRow(org.outsider.employeeId)).toEqual(before);
  });

  it('cannot pull an employee of another department into their own', async () => {
    const before = await employeeRow(org.outsider.employeeId);
    const { data, error } = await org.manager.supabase
      .from('employees')
      .update({ department_id: org.departments.engineering })
      .eq('id', org.outsider.employeeId)
      .select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await employeeRow(org.outsider.employeeId)).toEqual(before);
  });

  it('cannot move a team member into a department they do not manage', async () => {
    const before = await employeeRow(org.employee.employeeId);
    const { data, error } = await org.manager.supabase
      .from('employees')
      .update({ department_id: org.departments.operations })
      .eq('id', org.employee.employeeId)
      .select();
    expect(data).toBeNull();
    expect(error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "employees"',
    });
    expect(await employeeRow(org.employee.employeeId)).toEqual(before);
  });

  it('cannot give a team member another role', async () => {
    const before = await employeeRow(org.employee.employeeId);
    const { error } = await org.manager.supabase
      .from('employees')
      .update({ role: 'manager' })
      .eq('id', org.employee.employeeId)
      .select();
    expect(error).toMatchObject({ code: '42501', message: 'employee.role_denied' });
    expect(await employeeRow(org.employee.employeeId)).toEqual(before);
  });

  it('cannot add an employee to a department they do not manage', async () => {
    const email = `${uniq('hire')}@org.test`;
    const { error } = await org.manager.supabase.from('employees').insert({
      first_name: 'Hire',
      email,
      department_id: org.departments.operations,
      site_id: org.sites.us,
    });
    expect(error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "employees"',
    });
    expect(await count('select count(*) from public.employees where email = $1', [email])).toBe(0);
  });

  it('cannot archive an employee outside their departments', async () => {
    const before = await employeeRow(org.outsider.employeeId);
    const { error } = await org.manager.supabase.rpc('archive_employee', {
      p_employee_id: org.outsider.employeeId,
    });
    expect(error).toMatchObject({ code: '42501', message: 'employee.archive_denied' });
    expect(await employeeRow(org.outsider.employeeId)).toEqual(before);
  });

  it('cannot delete an HR account that sits in their department', async () => {
    // Managers edit and archive employees only ('employee.manager_edit_employees_only', 'Only an admin
    // can archive admin or HR accounts'); a hard delete must not be the way around that.
    const hrInEngineering = await newEmployee({ role: 'hr' });
    const before = await employeeRow(hrInEngineering);
    const result = await org.manager.supabase.from('employees').delete().eq('id', hrInEngineering).select();
    expectRefusedWrite(result);
    expect(await employeeRow(hrInEngineering)).toEqual(before);
  });
});

describe('HR', () => {
  it('cannot make an employee an admin', async () => {
    const before = await employeeRow(org.employee.employeeId);
    const { data, error } = await org.hr.supabase
      .from('employees')
      .update({ role: 'admin' })
      .eq('id', org.employee.employeeId)
      .select();
    expect(error).toMatchObject({ code: '42501', message: 'employee.role_denied' });
    expect(data).toBeNull();
    expect(await employeeRow(org.employee.employeeId)).toEqual(before);
  });

  it('cannot make themselves an admin', async () => {
    const before = await employeeRow(org.hr.employeeId);
    const { error } = await org.hr.supabase
      .from('employees')
      .update({ role: 'admin' })
      .eq('id', org.hr.employeeId)
      .select();
    expect(error).toMatchObject({ code: '42501', message: 'employee.role_denied' });
    expect(await employeeRow(org.hr.employeeId)).toEqual(before);
  });

  it('cannot create an admin', async () => {
    const email = `${uniq('boss')}@org.test`;
    const { error } = await org.hr.supabase
      .from('employees')
      .insert({ first_name: 'Boss', email, role: 'admin', site_id: org.sites.us });
    expect(error).toMatchObject({
      code: '42501',
      message: 'employee.create_privileged_admin_only',
    });
    expect(await count('select count(*) from public.employees where email = $1', [email])).toBe(0);
  });

  it("cannot approve a sign-up's request for the admin role", async () => {
    const applicant = await signUp('applicant', { role: 'admin' });
    const [request] = await rows<{ id: string }>(
      'select id from public.role_requests where employee_id = $1',
      [applicant.employeeId],
    );
    const approve = await org.hr.supabase.rpc('decide_role_request', {
      p_request_id: request!.id,
      p_approve: true,
    });
    expect(approve.error).toMatchObject({ code: '42501', message: 'account.role_request_admin_only' });
    const forced = await org.hr.supabase
      .from('role_requests')
      .update({ status: 'approved', decided_at: PINNED_AT })
      .eq('id', request!.id);
    expect(forced.error).toMatchObject({
      code: '42501',
      message: 'permission denied for table role_requests',
    });
    expect(await rows('select status from public.role_requests where id = $1', [request!.id])).toEqual([
      { status: 'pending' },
    ]);
    expect(await employeeRow(applicant.employeeId)).toMatchObject({ role: 'employee' });
  });

  it('cannot deactivate an admin', async () => {
    // docs/product.md: accounts and roles belong to admins; HR "cannot grant admin/hr" and
    // archive_employee() already refuses HR on admin accounts. Deactivating one is taking it away.
    const admin = await signUp('second-admin');
    await org.db.query(`update public.employees set role = 'admin', site_id = $2 where id = $1`, [
      admin.employeeId,
      org.sites.us,
    ]);
    const before = await employeeRow(admin.employeeId);
    const result = await org.hr.supabase
      .from('employees')
      .update({ status: 'inactive' })
      .eq('id', admin.employeeId)
      .select();
    expectRefusedWrite(result);
    expect(await employeeRow(admin.employeeId)).toEqual(before);
  });

  it("cannot delete an admin's employee record", async () => {
    const admin = await newEmployee({ role: 'admin', department: null });
    const before = await employeeRow(admin);
    const result = await org.hr.supabase.from('employees').delete().eq('id', admin).select();
    expectRefusedWrite(result);
    expect(await employeeRow(admin)).toEqual(before);
  });

  it('cannot leave a biometric template behind by setting status terminated instead of archiving', async () => {
    // docs/product.md: an archived employee's template is destroyed. archive_employee() does it; a plain
    // status update must either be refused or have the same effect.
    const leaver = await newEmployee({});
    await enrol(leaver);
    const { error } = await org.hr.supabase
      .from('employees')
      .update({ status: 'terminated' })
      .eq('id', leaver);
    const [after] = await rows<{ status: string; templates: string }>(
      `select status, (select count(*) from public.biometric_enrolments b where b.employee_id = e.id) as templates
       from public.employees e where id = $1`,
      [leaver],
    );
    if (error) expect(after).toEqual({ status: 'active', templates: '1' });
    else expect(after).toEqual({ status: 'terminated', templates: '0' });
  });
});

describe('notifications', () => {
  it('an employee cannot send a notification, to someone else or to themselves', async () => {
    const before = await count('select count(*) from public.notifications');
    for (const to of [org.outsider.employeeId, org.employee.employeeId]) {
      const { error } = await org.employee.supabase
        .from('notifications')
        .insert({ employee_id: to, title: 'Payday', message: 'Click here' });
      expect(error).toMatchObject({
        code: '42501',
        message: 'new row violates row-level security policy for table "notifications"',
      });
    }
    expect(await count('select count(*) from public.notifications')).toBe(before);
  });

  it("a person's notification keeps their words: nobody may send a system notification's code", async () => {
    // A system notification (code + params) renders in the reader's language exactly as the
    // database's own: a manager who could write one could announce a salary approval or a role
    // change that never happened. People write title and message; codes are the database's.
    const before = await count('select count(*) from public.notifications');
    for (const [who, sender] of [
      ['manager', org.manager],
      ['hr', org.hr],
    ] as const) {
      const forged = await sender.supabase.from('notifications').insert({
        employee_id: org.employee.employeeId,
        code: 'salary.approved',
        params: { effective: '2026-12-01', release: '2026-12-01' },
      });
      expect(forged.error, who).toMatchObject({ code: '42501', message: 'notification.system_code_only' });
    }
    expect(await count('select count(*) from public.notifications')).toBe(before);
    const written = await org.manager.supabase
      .from('notifications')
      .insert({ employee_id: org.employee.employeeId, message: 'Team meeting at 3' });
    expect(written.error).toBeNull();
  });

  it("an employee can mark their own notification read but not rewrite it, nor touch someone else's", async () => {
    const mine = await notify(org.employee.employeeId);
    const theirs = await notify(org.outsider.employeeId);
    const snapshot = () =>
      rows('select * from public.notifications where id = any($1) order by id', [[mine, theirs]]);
    const before = await snapshot();
    const rewrite = await org.employee.supabase
      .from('notifications')
      .update({ message: 'You are fired', read: true })
      .eq('id', mine)
      .select();
    expect(rewrite.error).toMatchObject({ code: '42501', message: 'notification.mark_read_only' });
    const other = await org.employee.supabase
      .from('notifications')
      .update({ read: true })
      .eq('id', theirs)
      .select();
    expect(other).toMatchObject({ error: null, data: [] });
    expect(await snapshot()).toEqual(before);
  });
});

describe('a deactivated account', () => {
  /** An account with some history of its own, which it can see while it is active. */
  async function leaverWithHistory(label: string) {
    const leaver = await signUp(label);
    await org.db.query('update public.employees set site_id = $2, department_id = $3 where id = $1', [
      leaver.employeeId,
      org.sites.us,
      org.departments.engineering,
    ]);
    await attendanceFor(leaver.employeeId, org.sites.us);
    await notify(leaver.employeeId);
    for (const table of ['employees', 'attendances', 'notifications', 'sites', 'system_settings']) {
      const { data, error } = await leaver.supabase.from(table).select('*');
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThan(0);
    }
    return leaver;
  }

  async function expectLockedOut(leaver: Awaited<ReturnType<typeof signUp>>) {
    // The access token it holds is still a well-signed, unexpired JWT: the data must refuse it on its
    // own (PostgREST checks only the signature). The auth server is asked last, below.
    for (const table of [
      'employees',
      'attendances',
      'notifications',
      'shifts',
      'shift_assignments',
      'role_requests',
      'sites',
      'departments',
      'holidays',
      'system_settings',
    ]) {
      const { data, error } = await leaver.supabase.from(table).select('*');
      expect({ table, error, data }).toEqual({ table, error: null, data: [] });
    }
    const before = await employeeRow(leaver.employeeId);
    const edit = await leaver.supabase
      .from('employees')
      .update({ phone: '+1 555 0000' })
      .eq('id', leaver.employeeId)
      .select();
    expect(edit).toMatchObject({ error: null, data: [] });
    expect(await employeeRow(leaver.employeeId)).toEqual(before);
    const attendances = await count('select count(*) from public.attendances where employee_id = $1', [
      leaver.employeeId,
    ]);
    const checkIn = await leaver.supabase.rpc('check_in', { p_employee_id: leaver.employeeId });
    expect(checkIn.error).toMatchObject({ code: 'P0001', message: 'employee.not_found' });
    expect(
      await count('select count(*) from public.attendances where employee_id = $1', [leaver.employeeId]),
    ).toBe(attendances);
    // And the account is shut at the auth server too: banned, its sessions ended.
    const user = await leaver.supabase.auth.getUser();
    expect(user.error).not.toBeNull();
    expect(user.data.user).toBeNull();
  }

  it('archived through archive_employee(), its still-valid token gets nothing on the next request', async () => {
    const leaver = await leaverWithHistory('archived');
    const archived = await org.admin.supabase.rpc('archive_employee', { p_employee_id: leaver.employeeId });
    expect(archived.error).toBeNull();
    expect(archived.data).toMatchObject({ id: leaver.employeeId, status: 'terminated' });
    await expectLockedOut(leaver);
  });

  it("set 'inactive' by HR, its still-valid token gets nothing on the next request", async () => {
    const leaver = await leaverWithHistory('inactive');
    const deactivated = await org.hr.supabase
      .from('employees')
      .update({ status: 'inactive' })
      .eq('id', leaver.employeeId)
      .select('status');
    expect(deactivated).toMatchObject({ error: null, data: [{ status: 'inactive' }] });
    await expectLockedOut(leaver);
  });
});

describe('kiosks', () => {
  it("a kiosk reads nothing but its site's roster, templates and shifts", async () => {
    // Something of everyone's to leak, at both sites.
    for (const person of [org.employee, org.bfEmployee]) {
      const site = person === org.bfEmployee ? org.sites.bf : org.sites.us;
      await attendanceFor(person.employeeId, site);
      await notify(person.employeeId);
      await enrol(person.employeeId);
      await org.db.query(
        `with s as (insert into public.shifts (name, site_id, start_time, end_time, days_of_week)
                    values ($1, $2, '09:00', '17:00', array['Mon']) returning id)
         insert into public.shift_assignments (shift_id, employee_id) select id, $3 from s`,
        [uniq('Shift'), site, person.employeeId],
      );
    }
    await org.db.query(
      `insert into public.role_requests (employee_id, requested_role, status, decided_at)
       values ($1, 'manager', 'rejected', app.now())`,
      [org.employee.employeeId],
    );
    const kiosk = org.kioskUs.supabase;
    for (const table of [
      'biometric_enrolments',
      'attendances',
      'notifications',
      'role_requests',
      'audit_logs',
      'shift_assignments',
      'department_managers',
    ]) {
      const { data, error } = await kiosk.from(table).select('*');
      expect({ table, error, data }).toEqual({ table, error: null, data: [] });
    }
    // The employees table shows a kiosk its own device account at most, nobody else.
    const employees = await kiosk.from('employees').select('id');
    expect(employees.error).toBeNull();
    expect(employees.data!.filter((e) => e.id !== org.kioskUs.employeeId)).toEqual([]);
    // Shifts of its own site only, and without the people assigned to them.
    const shifts = await kiosk.from('shifts').select('site_id');
    expect(shifts.error).toBeNull();
    expect(shifts.data!.length).toBeGreaterThan(0);
    expect(new Set(shifts.data!.map((s) => s.site_id))).toEqual(new Set([org.sites.us]));
    const withEmployees = await kiosk.rpc('get_shifts_with_employees');
    expect(withEmployees.error).toBeNull();
    expect((withEmployees.data as { employees: unknown[] }[]).flatMap((s) => s.employees)).toEqual([]);
    // The dashboards count nobody for it.
    const summary = await kiosk.rpc('attendance_summary');
    expect(summary).toMatchObject({ error: null, data: [{ total_employees: 0, present: 0 }] });
    expect(await kiosk.rpc('missed_punches')).toMatchObject({ error: null, data: [] });
  });

  it("kiosk_roster() gives a kiosk the active employees of its own site with their templates, and no one else's", async () => {
    const usTemplate = await enrol(org.employee.employeeId, 'left_index');
    const bfTemplate = await enrol(org.bfEmployee.employeeId, 'left_index');
    const inactive = await newEmployee({ status: 'inactive' });
    await enrol(inactive);

    const us = await org.kioskUs.supabase.rpc('kiosk_roster');
    expect(us.error).toBeNull();
    const usRows = us.data as {
      employee_id: string;
      site_id: string;
      finger: string | null;
      template: string;
    }[];
    expect(new Set(usRows.map((r) => r.site_id))).toEqual(new Set([org.sites.us]));
    const usIds = new Set(usRows.map((r) => r.employee_id));
    expect(usIds).toContain(org.employee.employeeId);
    for (const absent of [
      org.bfEmployee.employeeId,
      inactive,
      org.kioskUs.employeeId,
      org.kioskBf.employeeId,
    ])
      expect(usIds).not.toContain(absent);
    expect(usRows).toContainEqual(
      expect.objectContaining({
        employee_id: org.employee.employeeId,
        finger: 'left_index',
        template: usTemplate,
      }),
    );
    expect(usRows.map((r) => r.template)).not.toContain(bfTemplate);
    expect(Object.keys(usRows[0]!).sort()).toEqual(
      ['employee_id', 'finger', 'name', 'site_id', 'template', 'template_format'].sort(),
    );

    const bf = await org.kioskBf.supabase.rpc('kiosk_roster');
    expect(bf.error).toBeNull();
    const bfRows = bf.data as { employee_id: string; site_id: string; template: string }[];
    expect(new Set(bfRows.map((r) => r.site_id))).toEqual(new Set([org.sites.bf]));
    expect(bfRows).toContainEqual(
      expect.objectContaining({ employee_id: org.bfEmployee.employeeId, template: bfTemplate }),
    );
    expect(bfRows.map((r) => r.employee_id)).not.toContain(org.employee.employeeId);
  });

  it('a kiosk cannot check in, or out, an employee of the other site', async () => {
    const attendancesOf = (id: string) =>
      rows('select id, check_out from public.attendances where employee_id = $1 order by check_in', [id]);
    const before = await attendancesOf(org.bfEmployee.employeeId);
    const refused = await org.kioskUs.supabase.rpc('check_in', {
      p_employee_id: org.bfEmployee.employeeId,
      p_source: 'fingerprint',
      p_device: 'kiosk-us',
    });
    expect(refused.error).toMatchObject({
      code: '42501',
      message: 'punch.other_site',
    });
    expect(await attendancesOf(org.bfEmployee.employeeId)).toEqual(before);

    // Its own site's kiosk checks the employee in; the other site's kiosk cannot check them out.
    const opened = await org.kioskBf.supabase.rpc('check_in', {
      p_employee_id: org.bfEmployee.employeeId,
      p_source: 'fingerprint',
      p_device: 'kiosk-bf',
    });
    expect(opened.error).toBeNull();
    const open = await attendancesOf(org.bfEmployee.employeeId);
    const out = await org.kioskUs.supabase.rpc('check_out', { p_employee_id: org.bfEmployee.employeeId });
    expect(out.error).toMatchObject({
      code: '42501',
      message: 'punch.other_site',
    });
    expect(await attendancesOf(org.bfEmployee.employeeId)).toEqual(open);
    // Two minutes on: a kiosk press within a minute of the last punch is 'already recorded' (one-tap.test.ts).
    await org.db.query("select public.set_test_clock(app.now() + interval '2 minutes', false)");
    const closed = await org.kioskBf.supabase.rpc('check_out', { p_employee_id: org.bfEmployee.employeeId });
    expect(closed.error).toBeNull();
  });
});
