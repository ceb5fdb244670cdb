// Two-factor step-up in the database: once a person has a verified factor, an aal1 session is
// refused on each sensitive action (roles, role requests, account status, restore, export, factor
// removal, the setting itself) and changes nothing; aal2 passes. With 'Require two-factor sign-in
// for admins and HR' on, admins and HR without a factor are refused. remove_two_factor: admins only,
// audited.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, PASSWORD } from '../helpers.ts';
import { enrolTotp } from '../totp.ts';
import { createOrg, type Account, type Org } from './org.ts';

let org: Org;
let backupId: number;

beforeAll(async () => {
  org = await createOrg();
  const backup = await org.admin.supabase.rpc('backup_now');
  if (backup.error) throw backup.error;
  backupId = (backup.data as { id: number }).id;
  // The admin's own client becomes aal2 here; fresh password sign-ins below are aal1.
  await enrolTotp(org.admin.supabase);
});
afterAll(() => org?.stop());

const one = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await org.db.query(sql, params)).rows[0] as T;
const count = async (sql: string, params: unknown[] = []) =>
  Number((await one<{ count: string }>(sql, params)).count);

async function signIn(account: Pick<Account, 'email'>): Promise<SupabaseClient> {
  const supabase = client(org.stack);
  const { error } = await supabase.auth.signInWithPassword({ email: account.email, password: PASSWORD });
  if (error) throw error;
  return supabase;
}

/** Everything the guarded actions could change, to prove a refusal changed nothing. */
const snapshot = async () => ({
  employees: (await org.db.query('select id, role, status from public.employees order by id')).rows,
  requests: (await org.db.query('select id, status from public.role_requests order by id')).rows,
  audit: await count('select count(*) from public.audit_logs'),
  backups: await count('select count(*) from public.backups'),
  factors: await count('select count(*) from auth.mfa_factors'),
  settings: await one(`select require_mfa_for_admins_hr from public.system_settings where id = 'default'`),
});

const MFA_REQUIRED = {
  code: '42501',
  message: 'access.mfa_required',
  hint: 'mfa_required',
};

async function pendingRequest(account: Account) {
  return (
    await one<{ id: string }>(
      `insert into public.role_requests (employee_id, requested_role) values ($1, 'manager') returning id`,
      [account.employeeId],
    )
  ).id;
}

describe('an aal1 session of a person with a verified factor', () => {
  it('is refused on every sensitive action, and nothing changes', async () => {
    const aal1 = await signIn(org.admin);
    const request = await pendingRequest(org.outsider);
    await enrolTotp(org.hr.supabase);
    const before = await snapshot();

    const attempts: [string, PromiseLike<{ error: unknown }>][] = [
      ['change_role', aal1.rpc('change_role', { p_employee_id: org.employee.employeeId, p_role: 'manager' })],
      ['decide_role_request', aal1.rpc('decide_role_request', { p_request_id: request, p_approve: true })],
      ['reject role request', aal1.rpc('decide_role_request', { p_request_id: request, p_approve: false })],
      [
        'set_account_active',
        aal1.rpc('set_account_active', { p_employee_id: org.employee.employeeId, p_active: false }),
      ],
      ['restore_backup', aal1.rpc('restore_backup', { p_backup_id: backupId })],
      ['export_company_data', aal1.rpc('export_company_data')],
      ['remove_two_factor', aal1.rpc('remove_two_factor', { p_employee_id: org.hr.employeeId })],
      [
        'create an HR record',
        aal1.from('employees').insert({
          first_name: 'New',
          last_name: 'Hr',
          email: 'new.hr@org.test',
          role: 'hr',
          has_agreed_to_terms: true,
        }),
      ],
    ];
    for (const [name, attempt] of attempts) {
      expect((await attempt).error, name).toMatchObject(MFA_REQUIRED);
    }
    // Direct updates are refused before they run: every request of an aal1 session is (PostgREST's
    // pre-request check; the restrictive policy would also hide every row).
    const direct = [
      aal1.from('employees').update({ role: 'manager' }).eq('id', org.employee.employeeId).select('id'),
      aal1
        .from('system_settings')
        .update({ require_mfa_for_admins_hr: true })
        .eq('id', 'default')
        .select('id'),
    ];
    for (const attempt of direct) expect((await attempt).error).toMatchObject(MFA_REQUIRED);
    expect(await snapshot()).toEqual(before);
  });

  it('passes once the same person verifies (aal2)', async () => {
    const admin = org.admin.supabase; // aal2 since beforeAll
    const changed = await admin.rpc('change_role', {
      p_employee_id: org.employee.employeeId,
      p_role: 'manager',
    });
    expect(changed.error).toBeNull();
    expect(changed.data).toMatchObject({ role: 'manager' });
    expect(
      (await admin.rpc('change_role', { p_employee_id: org.employee.employeeId, p_role: 'employee' })).error,
    ).toBeNull();
    const exported = await admin.rpc('export_company_data');
    expect(exported.error).toBeNull();
    expect(exported.data).toHaveProperty('employees');
    const request = await pendingRequest(org.bfEmployee);
    expect(
      (await admin.rpc('decide_role_request', { p_request_id: request, p_approve: false })).error,
    ).toBeNull();
  });

  it('people without a factor keep working at aal1 while the requirement is off', async () => {
    const manager = await signIn(org.manager);
    // A manager (no factor, not concerned by the setting) is refused only by their role.
    expect((await manager.rpc('export_company_data')).error).toMatchObject({
      code: '42501',
      message: 'export.admin_only',
    });
  });
});

// Supabase's MFA pattern on the data itself: a restrictive policy on every table with RLS.
const COMPANY_TABLES = [
  'employees',
  'salary_structures',
  'paystubs',
  'payroll_records',
  'employee_pay_profiles',
  'audit_logs',
  'attendances',
  'system_settings',
] as const;

describe('plain REST for a person with a verified factor', () => {
  it('an aal1 session reads and writes nothing; the aal2 session reads', async () => {
    const aal1 = await signIn(org.admin);
    for (const table of COMPANY_TABLES) {
      const { data, error } = await aal1.from(table).select('*').limit(5);
      expect({ table, code: error?.message, data }).toEqual({
        table,
        code: 'access.mfa_required',
        data: null,
      });
    }
    const phoneBefore = await one(`select phone from public.employees where id = $1`, [org.admin.employeeId]);
    const write = await aal1
      .from('employees')
      .update({ phone: '+1 555 0199' })
      .eq('id', org.admin.employeeId)
      .select('id');
    expect(write.error).toMatchObject(MFA_REQUIRED);
    const notifications = await count('select count(*) from public.notifications');
    const note = { employee_id: org.employee.employeeId, message: 'Please badge in' };
    expect((await aal1.from('notifications').insert(note)).error).toMatchObject({ code: '42501' });
    expect(await count('select count(*) from public.notifications')).toBe(notifications);
    expect(await one(`select phone from public.employees where id = $1`, [org.admin.employeeId])).toEqual(
      phoneBefore,
    );

    const aal2 = org.admin.supabase; // verified in beforeAll
    const employees = await aal2.from('employees').select('id');
    expect(employees.error).toBeNull();
    expect(employees.data!.length).toBe(await count('select count(*) from public.employees'));
    const audit = await aal2.from('audit_logs').select('id').limit(1);
    expect(audit.data).toHaveLength(1);
    for (const table of COMPANY_TABLES)
      expect((await aal2.from(table).select('*').limit(1)).error).toBeNull();
    expect((await aal2.from('notifications').insert(note)).error).toBeNull();
  });

  it('people without a factor keep reading at aal1', async () => {
    const manager = await signIn(org.manager);
    const own = await manager.from('employees').select('id').eq('id', org.manager.employeeId);
    expect(own).toMatchObject({ error: null, data: [{ id: org.manager.employeeId }] });
  });

  it('every table of the public schema has row-level security and the restrictive policy', async () => {
    // A table added later without `create policy session_assured ... as restrictive` fails here.
    const { rows } = await org.db.query(`
      select c.relname as table, c.relrowsecurity as rls,
        exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'session_assured'
          and not p.polpermissive and p.polcmd = '*'
          and p.polroles = array[(select oid from pg_roles where rolname = 'authenticated')]::oid[]
          and pg_get_expr(p.polqual, p.polrelid) like '%app.session_assured()%'
          and pg_get_expr(p.polwithcheck, p.polrelid) like '%app.session_assured()%') as assured
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by 1`);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((r) => !r.rls || !r.assured)).toEqual([]);
  });
});

describe("the setting 'Require two-factor sign-in for admins and HR'", () => {
  it('refuses admins and HR without a factor while it is on; others keep their rights', async () => {
    // A second admin without a factor, and HR without one (their factor removed first).
    const second = await one<{ id: string }>(
      `update public.employees set role = 'admin' where id = $1 returning id`,
      [org.outsider.employeeId],
    );
    await org.db.query(`delete from auth.mfa_factors where user_id = $1`, [org.hr.userId]);
    const admin2 = await signIn(org.outsider);
    const hr = await signIn(org.hr);
    expect(
      (await hr.rpc('set_account_active', { p_employee_id: org.employee.employeeId, p_active: false })).error,
    ).toBeNull();
    expect(
      (await hr.rpc('set_account_active', { p_employee_id: org.employee.employeeId, p_active: true })).error,
    ).toBeNull();

    const on = await org.admin.supabase
      .from('system_settings')
      .update({ require_mfa_for_admins_hr: true })
      .eq('id', 'default')
      .select('require_mfa_for_admins_hr');
    expect(on.error).toBeNull();
    expect(on.data).toEqual([{ require_mfa_for_admins_hr: true }]);
    expect(
      await one(
        `select diff from public.audit_logs where entity = 'system_settings'
         and diff ? 'require_mfa_for_admins_hr' order by id desc limit 1`,
      ),
    ).toEqual({ diff: { require_mfa_for_admins_hr: { old: false, new: true } } });

    const before = await snapshot();
    const required = {
      code: '42501',
      message: 'access.mfa_enrolment_required',
      hint: 'mfa_enrolment_required',
    };
    expect((await admin2.rpc('export_company_data')).error).toMatchObject(required);
    expect(
      (await admin2.rpc('change_role', { p_employee_id: org.employee.employeeId, p_role: 'manager' })).error,
    ).toMatchObject(required);
    expect(
      (await hr.rpc('set_account_active', { p_employee_id: org.employee.employeeId, p_active: false })).error,
    ).toMatchObject(required);
    expect(
      (await admin2.from('system_settings').update({ require_mfa_for_admins_hr: false }).eq('id', 'default'))
        .error,
    ).toMatchObject(required);
    expect(await snapshot()).toEqual(before);
    // The admin with a factor, at aal2, still acts.
    expect((await org.admin.supabase.rpc('export_company_data')).error).toBeNull();

    const off = await org.admin.supabase
      .from('system_settings')
      .update({ require_mfa_for_admins_hr: false })
      .eq('id', 'default');
    expect(off.error).toBeNull();
    expect((await admin2.rpc('export_company_data')).error).toBeNull();
    await org.db.query(`update public.employees set role = 'employee' where id = $1`, [second.id]);
  });
});

describe('remove_two_factor', () => {
  it('is for admins only; refuses bad targets; removes, downgrades the sessions and audits', async () => {
    const { factorId } = await enrolTotp(org.hr.supabase, 'HR phone');
    const before = await snapshot();
    for (const account of [org.hr, org.manager, org.employee, org.kioskUs]) {
      const { error } = await account.supabase.rpc('remove_two_factor', { p_employee_id: org.hr.employeeId });
      expect(error, account.email).toMatchObject({ code: '42501' });
    }
    expect(
      (await org.anon.rpc('remove_two_factor', { p_employee_id: org.hr.employeeId })).error,
    ).not.toBeNull();
    const admin = org.admin.supabase;
    const refusals: [unknown, string][] = [
      ['00000000-0000-4000-8000-000000000000', 'employee_not_found'],
      [org.admin.employeeId, 'two_factor_remove_own'],
      [org.manager.employeeId, 'two_factor_not_enrolled'],
    ];
    for (const [id, hint] of refusals) {
      expect((await admin.rpc('remove_two_factor', { p_employee_id: id })).error).toMatchObject({
        code: 'P0001',
        hint,
      });
    }
    for (const bad of ['not-a-uuid', 'Infinity', '-1', null]) {
      expect(
        (await admin.rpc('remove_two_factor', { p_employee_id: bad })).error,
        String(bad),
      ).not.toBeNull();
    }
    expect(await snapshot()).toEqual(before);

    const listed = await admin.rpc('two_factor_accounts');
    expect(listed.error).toBeNull();
    expect((listed.data as string[]).sort()).toEqual([org.admin.employeeId, org.hr.employeeId].sort());
    expect((await org.employee.supabase.rpc('two_factor_accounts')).error).toMatchObject({ code: '42501' });

    const removed = await admin.rpc('remove_two_factor', { p_employee_id: org.hr.employeeId });
    expect(removed.error).toBeNull();
    expect(removed.data).toBe(1);
    expect(await count('select count(*) from auth.mfa_factors where id = $1', [factorId])).toBe(0);
    expect(
      (await org.db.query(`select distinct aal from auth.sessions where user_id = $1`, [org.hr.userId])).rows,
    ).toEqual([{ aal: 'aal1' }]);
    expect(
      await one(
        `select action, actor, diff from public.audit_logs where entity = 'accounts' and entity_id = $1
         order by id desc limit 1`,
        [org.hr.employeeId],
      ),
    ).toEqual({
      action: 'remove_two_factor',
      actor: org.admin.userId,
      diff: { email: org.hr.email, factors: 1 },
    });
  });
});
