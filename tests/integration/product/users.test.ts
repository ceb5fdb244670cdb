// Users management's RPCs as each role: the account list and counters, activate/deactivate
// (effective at once), change role, password reset, invitation, delete without history, kiosk
// device accounts, and what each role is refused.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, PASSWORD } from '../helpers.ts';
import { createOrg, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
});
afterAll(async () => {
  await org?.stop();
});

let counter = 0;
async function signUpPerson(label = 'person') {
  const email = `${label}.${++counter}.${Date.now()}@org.test`;
  const supabase = client(org.stack);
  const { data, error } = await supabase.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { first_name: label, last_name: 'Zed' } },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  const { rows } = await org.db.query('select id from public.employees where user_id = $1', [data.user.id]);
  await org.db.query('update public.employees set department_id = $2, site_id = $3 where id = $1', [
    rows[0].id,
    org.departments.sales,
    org.sites.us,
  ]);
  return { email, supabase, userId: data.user.id, employeeId: rows[0].id as string };
}

const refusedRoles = () => [org.manager, org.employee, org.kioskUs];

describe('list_accounts and account_counters', () => {
  it('lists accounts with SQL filters and counts, for admin and HR', async () => {
    for (const account of [org.admin, org.hr]) {
      const all = await account.supabase.rpc('list_accounts', { p_limit: 200 });
      expect(all.error).toBeNull();
      const truth = await org.db.query(
        `select count(*)::int n from public.employees where user_id is not null and status <> 'terminated'`,
      );
      expect(all.data).toHaveLength(truth.rows[0].n);
      expect(all.data[0].total).toBe(truth.rows[0].n);

      const kiosks = await account.supabase.rpc('list_accounts', { p_role: 'kiosk' });
      expect(kiosks.data.map((r: { email: string }) => r.email).sort()).toEqual(
        [org.kioskBf.email, org.kioskUs.email].sort(),
      );
      const search = await account.supabase.rpc('list_accounts', { p_search: 'OUTSIDER' });
      expect(search.data.map((r: { employee_id: string }) => r.employee_id)).toEqual([
        org.outsider.employeeId,
      ]);
      const page = await account.supabase.rpc('list_accounts', { p_limit: 2, p_offset: 2 });
      expect(page.data).toHaveLength(2);
      expect(page.data[0].total).toBe(truth.rows[0].n);
    }
    const { data: counters } = await org.admin.supabase.rpc('account_counters').single();
    const truth = await org.db.query(`select
      count(*) filter (where user_id is not null)::int total,
      count(*) filter (where user_id is not null and status = 'active')::int active,
      count(*) filter (where user_id is not null and status = 'active' and role = 'admin')::int admins,
      count(*) filter (where user_id is not null and status = 'inactive')::int inactive
      from public.employees where status <> 'terminated'`);
    expect(counters).toMatchObject(truth.rows[0]);
  });

  it('refuses managers, employees and kiosks', async () => {
    for (const account of refusedRoles()) {
      expect((await account.supabase.rpc('list_accounts')).error?.code).toBe('42501');
      expect((await account.supabase.rpc('account_counters')).error?.code).toBe('42501');
    }
  });
});

describe('set_account_active', () => {
  it('deactivation is effective at once: the next request reads nothing, sign-in is refused; activation restores', async () => {
    const person = await signUpPerson('dora');
    expect((await person.supabase.from('employees').select('id')).data).toHaveLength(1);

    const off = await org.hr.supabase.rpc('set_account_active', {
      p_employee_id: person.employeeId,
      p_active: false,
    });
    expect(off.error).toBeNull();
    // Same (still unexpired) token: RLS sees no active employee any more.
    expect((await person.supabase.from('employees').select('id')).data).toEqual([]);
    expect(
      (await person.supabase.rpc('enrolled_fingers', { p_employee_id: person.employeeId })).data,
    ).toEqual([]);
    const again = await client(org.stack).auth.signInWithPassword({
      email: person.email,
      password: PASSWORD,
    });
    expect(again.error?.message).toBe('User is banned');
    expect(again.data.session).toBeNull();
    const audit = await org.db.query(
      `select action from public.audit_logs where entity = 'accounts' and entity_id = $1`,
      [person.employeeId],
    );
    expect(audit.rows.map((r) => r.action)).toContain('deactivate');

    const on = await org.hr.supabase.rpc('set_account_active', {
      p_employee_id: person.employeeId,
      p_active: true,
    });
    expect(on.error).toBeNull();
    const back = await client(org.stack).auth.signInWithPassword({ email: person.email, password: PASSWORD });
    expect(back.error).toBeNull();
  });

  it('refuses HR on admin or HR accounts, anyone on themselves, and non-staff roles', async () => {
    const admin = await org.hr.supabase.rpc('set_account_active', {
      p_employee_id: org.admin.employeeId,
      p_active: false,
    });
    expect(admin.error?.code).toBe('42501');
    const self = await org.admin.supabase.rpc('set_account_active', {
      p_employee_id: org.admin.employeeId,
      p_active: false,
    });
    expect(self.error?.message).toBe('account.own_status');
    for (const account of refusedRoles()) {
      const { error } = await account.supabase.rpc('set_account_active', {
        p_employee_id: org.outsider.employeeId,
        p_active: false,
      });
      expect(error?.code).toBe('42501');
    }
  });
});

describe('change_role', () => {
  it('HR moves people between employee and manager but cannot grant admin or HR', async () => {
    const person = await signUpPerson('eli');
    const up = await org.hr.supabase.rpc('change_role', {
      p_employee_id: person.employeeId,
      p_role: 'manager',
    });
    expect(up.error).toBeNull();
    for (const role of ['admin', 'hr', 'kiosk']) {
      const { error } = await org.hr.supabase.rpc('change_role', {
        p_employee_id: person.employeeId,
        p_role: role,
      });
      expect(error?.code).toBe('42501');
    }
    const { rows } = await org.db.query('select role from public.employees where id = $1', [
      person.employeeId,
    ]);
    expect(rows[0].role).toBe('manager');
  });

  it('nobody changes their own role; the last active admin stays admin; others are refused', async () => {
    const self = await org.hr.supabase.rpc('change_role', {
      p_employee_id: org.hr.employeeId,
      p_role: 'admin',
    });
    expect(self.error?.code).toBe('42501');
    const selfAdmin = await org.admin.supabase.rpc('change_role', {
      p_employee_id: org.admin.employeeId,
      p_role: 'employee',
    });
    expect(selfAdmin.error?.code).toBe('42501');
    await expect(
      org.db.query(`update public.employees set role = 'employee' where id = $1`, [org.admin.employeeId]),
    ).rejects.toThrow('account.last_admin');
    for (const account of refusedRoles()) {
      const { error } = await account.supabase.rpc('change_role', {
        p_employee_id: org.outsider.employeeId,
        p_role: 'manager',
      });
      expect(error?.code).toBe('42501');
    }
  });

  it('an admin grants HR; the new HR officer reads the account list at once', async () => {
    const person = await signUpPerson('fay');
    const { error } = await org.admin.supabase.rpc('change_role', {
      p_employee_id: person.employeeId,
      p_role: 'hr',
    });
    expect(error).toBeNull();
    expect((await person.supabase.rpc('list_accounts')).error).toBeNull();
  });
});

describe('password reset, invitation, delete, kiosk accounts', () => {
  it('request_password_reset answers the address and audits; refused to others', async () => {
    const { data, error } = await org.hr.supabase.rpc('request_password_reset', {
      p_employee_id: org.employee.employeeId,
    });
    expect(error).toBeNull();
    expect(data).toBe(org.employee.email);
    for (const account of refusedRoles()) {
      const refused = await account.supabase.rpc('request_password_reset', {
        p_employee_id: org.outsider.employeeId,
      });
      expect(refused.error?.code).toBe('42501');
    }
  });

  it('invite_employee records the invitation and notifies the mailer; the invited person signs up into their record', async () => {
    const listener = new pg.Client({ connectionString: org.stack.databaseUrl });
    await listener.connect();
    const notices: string[] = [];
    listener.on('notification', (message) => notices.push(message.payload ?? ''));
    await listener.query('listen pointage_mail');
    try {
      const email = `invited.${Date.now()}@org.test`;
      const created = await org.hr.supabase
        .rpc('register_employee', {
          p_employee: {
            first_name: 'Ivy',
            last_name: 'Invited',
            email,
            phone: '1',
            position: 'Clerk',
            department_id: org.departments.sales,
            joining_date: '2026-11-02',
            has_agreed_to_terms: true,
          },
        })
        .single<{ id: string }>();
      const invited = await org.hr.supabase.rpc('invite_employee', { p_employee_id: created.data!.id });
      expect(invited.error).toBeNull();
      await expect.poll(() => notices.length).toBe(1);
      const notice = JSON.parse(notices[0]!);
      expect(notice).toMatchObject({ kind: 'invitation', email });
      // The link carries the single-use token; the RPC's answer never does.
      const link = new URL(notice.path, org.stack.url);
      expect(link.pathname).toBe('/signup');
      expect(link.searchParams.get('email')).toBe(email);
      const token = link.searchParams.get('invitation')!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(invited.data.token_hash).toBeNull();
      const pending = await org.hr.supabase.rpc('list_accounts', { p_status: 'invited' });
      expect(pending.data.map((r: { email: string }) => r.email)).toContain(email);

      const { data: signup } = await client(org.stack).auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { invitation_token: token } },
      });
      const { rows } = await org.db.query('select user_id from public.employees where id = $1', [
        created.data!.id,
      ]);
      expect(rows[0].user_id).toBe(signup.user!.id);

      const twice = await org.hr.supabase.rpc('invite_employee', { p_employee_id: created.data!.id });
      expect(twice.error?.message).toBe('account.already_has_account');
      for (const account of [org.employee, org.kioskUs]) {
        const refused = await account.supabase.rpc('invite_employee', { p_employee_id: created.data!.id });
        expect(refused.error?.code).toBe('42501');
      }
    } finally {
      await listener.end();
    }
  });

  it('delete_account removes an account without history and refuses one with history', async () => {
    const person = await signUpPerson('gus');
    const { error } = await org.hr.supabase.rpc('delete_account', { p_employee_id: person.employeeId });
    expect(error).toBeNull();
    const gone = await org.db.query('select count(*)::int n from auth.users where id = $1', [person.userId]);
    expect(gone.rows[0].n).toBe(0);

    const worker = await signUpPerson('hal');
    await org.db.query(
      `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, source)
       values ($1, $2, '2026-11-03', '2026-11-03T14:00Z', '2026-11-03T22:00Z', 'checked_out', 'manual')`,
      [worker.employeeId, org.sites.us],
    );
    const refused = await org.hr.supabase.rpc('delete_account', { p_employee_id: worker.employeeId });
    expect(refused.error?.message).toBe('account.has_history');
    for (const account of refusedRoles()) {
      const { error: denied } = await account.supabase.rpc('delete_account', {
        p_employee_id: worker.employeeId,
      });
      expect(denied?.code).toBe('42501');
    }
  });

  it('create_kiosk_account: an admin creates a site device account with an invitation; HR is refused', async () => {
    const email = `kiosk.new.${Date.now()}@org.test`;
    const { data, error } = await org.admin.supabase
      .rpc('create_kiosk_account', { p_site_id: org.sites.bf, p_email: email, p_name: 'Lobby tablet' })
      .single<{ id: string; role: string; site_id: string }>();
    expect(error).toBeNull();
    expect(data).toMatchObject({ role: 'kiosk', site_id: org.sites.bf });
    const invitations = await org.db.query(
      'select count(*)::int n from public.account_invitations where employee_id = $1',
      [data!.id],
    );
    expect(invitations.rows[0].n).toBe(1);
    const refused = await org.hr.supabase.rpc('create_kiosk_account', {
      p_site_id: org.sites.bf,
      p_email: `x.${Date.now()}@org.test`,
      p_name: 'Nope',
    });
    expect(refused.error?.code).toBe('42501');
  });

  it('decide_role_request: an admin approves; HR is refused', async () => {
    const email = `asker.${Date.now()}@org.test`;
    const { data } = await client(org.stack).auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { first_name: 'Ask', role: 'manager' } },
    });
    const { rows } = await org.db.query(
      `select r.id from public.role_requests r join public.employees e on e.id = r.employee_id where e.user_id = $1`,
      [data.user!.id],
    );
    const hr = await org.hr.supabase.rpc('decide_role_request', {
      p_request_id: rows[0].id,
      p_approve: true,
    });
    expect(hr.error?.code).toBe('42501');
    const admin = await org.admin.supabase.rpc('decide_role_request', {
      p_request_id: rows[0].id,
      p_approve: true,
    });
    expect(admin.error).toBeNull();
    const role = await org.db.query('select role from public.employees where user_id = $1', [data.user!.id]);
    expect(role.rows[0].role).toBe('manager');
  });
});
