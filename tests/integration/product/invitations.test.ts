// Linking a sign-in account to a prepared employee record needs an invitation (issue 28 §1):
// an open sign-up with a prepared e-mail (employee, manager, kiosk) is refused and links nothing;
// the invitation's single-use token links it with the record's role; a used, expired, replaced,
// revoked or someone else's token is refused; only admins change a privileged record's e-mail;
// where e-mail confirmation is required, the link waits for it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, PASSWORD } from '../helpers.ts';
import { createOrg, type Account, type Org } from './org.ts';

let org: Org;
let mail: pg.Client;
const notices: Array<{ kind: string; email: string; path: string }> = [];

beforeAll(async () => {
  org = await createOrg();
  mail = new pg.Client({ connectionString: org.stack.databaseUrl });
  await mail.connect();
  mail.on('notification', (message) => notices.push(JSON.parse(message.payload ?? '{}')));
  await mail.query('listen pointage_mail');
});
afterAll(async () => {
  await mail?.end();
  await org?.stop();
});

const PREPARED = 'signup.invitation_required';
const INVALID = 'signup.invitation_invalid';
const OTHER_EMAIL = 'signup.invitation_other_email';

let counter = 0;
const freshEmail = (label: string) => `${label}.${++counter}.${process.pid}@invites.test`;

/** A record prepared the way the product does it: HR registers people, an admin creates kiosks. */
async function prepare(
  role: 'employee' | 'manager' | 'kiosk',
  email = freshEmail(role),
): Promise<{ id: string; email: string }> {
  if (role === 'kiosk') {
    const { data, error } = await org.admin.supabase
      .rpc('create_kiosk_account', { p_site_id: org.sites.us, p_email: email, p_name: 'Gate tablet' })
      .single<{ id: string }>();
    if (error) throw error;
    return { id: data!.id, email };
  }
  const { data, error } = await org.hr.supabase
    .rpc('register_employee', {
      p_employee: {
        first_name: 'Pre',
        last_name: role,
        email,
        phone: '1',
        position: 'Clerk',
        department_id: org.departments.sales,
        site_id: org.sites.us,
        joining_date: '2026-03-02',
        has_agreed_to_terms: true,
        role,
      },
    })
    .single<{ id: string }>();
  if (error) throw error;
  return { id: data!.id, email };
}

/** The token of the newest invitation e-mail sent to this address (from the mailer's notices). */
async function tokenFor(email: string): Promise<string> {
  const sentTo = () => notices.filter((n) => n.email === email);
  await expect.poll(() => sentTo().length).toBeGreaterThan(0);
  const url = new URL(sentTo().at(-1)!.path, 'http://site.test');
  expect(url.pathname).toBe('/signup');
  expect(url.searchParams.get('email')).toBe(email);
  return url.searchParams.get('invitation')!;
}

async function invite(by: Account, employeeId: string, email: string): Promise<string> {
  const before = notices.filter((n) => n.email === email).length;
  const { error } = await by.supabase.rpc('invite_employee', { p_employee_id: employeeId });
  expect(error).toBeNull();
  await expect.poll(() => notices.filter((n) => n.email === email).length).toBe(before + 1);
  return tokenFor(email);
}

const signUp = (email: string, token?: string) =>
  client(org.stack).auth.signUp({
    email,
    password: PASSWORD,
    options: {
      data: { first_name: 'Mallory', role: 'admin', ...(token ? { invitation_token: token } : {}) },
    },
  });

const hook = async (email: string, token?: string) =>
  (
    await org.db.query('select public.hook_before_user_created($1::jsonb) as answer', [
      JSON.stringify({
        metadata: { name: 'before-user-created', ip_address: '127.0.0.1' },
        user: { email, user_metadata: token === undefined ? {} : { invitation_token: token } },
      }),
    ])
  ).rows[0].answer;

const record = async (id: string) =>
  (await org.db.query('select user_id, role, email from public.employees where id = $1', [id])).rows[0];
const accountsWith = async (email: string) =>
  (await org.db.query('select count(*)::int n from auth.users where lower(email) = lower($1)', [email]))
    .rows[0].n;
const invitationsOf = async (id: string) =>
  (
    await org.db.query(
      'select used_at, revoked_at, claimed_by_user_id from public.account_invitations where employee_id = $1 order by created_at',
      [id],
    )
  ).rows;

/** A refused sign-up changed nothing: no account with the address, the record still unlinked. */
async function expectRefused(result: Awaited<ReturnType<typeof signUp>>, email: string, recordId?: string) {
  expect(result.error).not.toBeNull();
  expect(result.data.user).toBeNull();
  expect(await accountsWith(email)).toBe(0);
  if (recordId) expect((await record(recordId)).user_id).toBeNull();
}

describe('an open sign-up with a prepared e-mail', () => {
  it.each(['employee', 'manager', 'kiosk'] as const)(
    'is refused for a prepared %s record, which stays unlinked, with no role nor request',
    async (role) => {
      const prepared = await prepare(role);
      const requestsBefore = (await org.db.query('select count(*)::int n from public.role_requests')).rows[0]
        .n;
      await expectRefused(await signUp(prepared.email), prepared.email, prepared.id);
      // Case does not matter.
      await expectRefused(await signUp(prepared.email.toUpperCase()), prepared.email, prepared.id);
      expect((await org.db.query('select count(*)::int n from public.role_requests')).rows[0].n).toBe(
        requestsBefore,
      );
      expect(
        (
          await org.db.query('select count(*)::int n from public.employees where lower(email) = $1', [
            prepared.email,
          ])
        ).rows[0].n,
      ).toBe(1);
      // The hook gives the clear message before anything is written.
      expect(await hook(prepared.email)).toEqual({ error: { http_code: 403, message: PREPARED } });
      expect(await hook(prepared.email, '')).toEqual({ error: { http_code: 403, message: PREPARED } });
    },
  );

  it('is allowed for an address nobody prepared, which gets its own employee record and no role', async () => {
    const email = freshEmail('walk-in');
    expect(await hook(email)).toEqual({});
    const { data, error } = await signUp(email);
    expect(error).toBeNull();
    const { rows } = await org.db.query(
      'select role, user_id from public.employees where lower(email) = $1',
      [email],
    );
    expect(rows).toEqual([{ role: 'employee', user_id: data.user!.id }]);
  });

  it('the hook is for the auth server only', async () => {
    for (const caller of [org.anon, org.admin.supabase, org.employee.supabase]) {
      const { error } = await caller.rpc('hook_before_user_created', { event: { user: { email: 'x@y.z' } } });
      expect(error).not.toBeNull();
    }
  });
});

describe('a sign-up through an invitation', () => {
  it.each(['employee', 'manager', 'kiosk'] as const)(
    'links a prepared %s record with its role and uses the invitation up',
    async (role) => {
      const prepared = await prepare(role);
      // A kiosk's invitation is sent by create_kiosk_account itself.
      const token =
        role === 'kiosk' ? await tokenFor(prepared.email) : await invite(org.hr, prepared.id, prepared.email);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await hook(prepared.email, token)).toEqual({});
      const { data, error } = await signUp(prepared.email, token);
      expect(error).toBeNull();
      expect(await record(prepared.id)).toMatchObject({ user_id: data.user!.id, role });
      const [invitation] = await invitationsOf(prepared.id);
      expect(invitation.used_at).not.toBeNull();
      expect(invitation.claimed_by_user_id).toBe(data.user!.id);
      // The token is never stored with the account, and the metadata's role granted nothing more.
      const stored = await org.db.query('select raw_user_meta_data from auth.users where id = $1', [
        data.user!.id,
      ]);
      expect(stored.rows[0].raw_user_meta_data).not.toHaveProperty('invitation_token');
      expect(
        (
          await org.db.query('select count(*)::int n from public.role_requests where employee_id = $1', [
            prepared.id,
          ])
        ).rows[0].n,
      ).toBe(0);
      // The new account works with the record's role at once.
      const signedIn = client(org.stack);
      await signedIn.auth.signInWithPassword({ email: prepared.email, password: PASSWORD });
      await signedIn.auth.updateUser({ data: { invitation_token: token } });
      const again = await org.db.query('select raw_user_meta_data from auth.users where id = $1', [
        data.user!.id,
      ]);
      expect(again.rows[0].raw_user_meta_data).not.toHaveProperty('invitation_token');
      if (role === 'kiosk') expect((await signedIn.rpc('kiosk_roster')).error).toBeNull();
      else {
        const me = await signedIn.from('employees').select('id, role').eq('user_id', data.user!.id).single();
        expect(me.data).toEqual({ id: prepared.id, role });
      }
      // Used once: the same token for another address is refused.
      const other = freshEmail('reuse');
      expect(await hook(other, token)).toEqual({ error: { http_code: 403, message: INVALID } });
      await expectRefused(await signUp(other, token), other);
    },
  );

  it('refuses an expired, replaced or unknown token, and one sent to another address', async () => {
    const prepared = await prepare('manager');
    const expired = await invite(org.hr, prepared.id, prepared.email);
    await org.db.query(
      `update public.account_invitations set created_at = '2026-03-01', expires_at = '2026-03-08'
       where employee_id = $1 and used_at is null and revoked_at is null`,
      [prepared.id],
    );
    expect(await hook(prepared.email, expired)).toEqual({ error: { http_code: 403, message: INVALID } });
    await expectRefused(await signUp(prepared.email, expired), prepared.email, prepared.id);

    // A new invitation replaces the earlier one: one pending link per person.
    const first = await invite(org.hr, prepared.id, prepared.email);
    const second = await invite(org.hr, prepared.id, prepared.email);
    expect(second).not.toBe(first);
    expect(await hook(prepared.email, first)).toEqual({ error: { http_code: 403, message: INVALID } });
    await expectRefused(await signUp(prepared.email, first), prepared.email, prepared.id);

    // Another address with this person's token: a fresh one, or the address of another prepared record.
    const stranger = freshEmail('stranger');
    const neighbour = await prepare('employee');
    for (const email of [stranger, neighbour.email]) {
      expect(await hook(email, second)).toEqual({ error: { http_code: 403, message: OTHER_EMAIL } });
      await expectRefused(await signUp(email, second), email);
    }
    expect((await record(neighbour.id)).user_id).toBeNull();

    for (const bad of [
      'NaN',
      'Infinity',
      '-Infinity',
      'infinity',
      '-1',
      'x'.repeat(10_000),
      second.slice(0, -1),
    ]) {
      expect(await hook(prepared.email, bad)).toEqual({ error: { http_code: 403, message: INVALID } });
    }
    await expectRefused(await signUp(prepared.email, 'Infinity'), prepared.email, prepared.id);
    expect((await invitationsOf(prepared.id)).filter((i) => i.claimed_by_user_id !== null)).toEqual([]);

    // The live link still works after all of that.
    const { error } = await signUp(prepared.email, second);
    expect(error).toBeNull();
    expect((await record(prepared.id)).user_id).not.toBeNull();
  });
});

describe("a record's e-mail", () => {
  async function privileged(role: 'admin' | 'hr' | 'kiosk') {
    const email = freshEmail(`pre-${role}`);
    const { rows } = await org.db.query(
      `insert into public.employees (first_name, last_name, email, role, site_id) values ('Pre', $2::text, $1, $2::public.employee_role, $3) returning id`,
      [email, role, org.sites.us],
    );
    const id = rows[0].id as string;
    await org.db.query(
      `insert into public.account_invitations (employee_id, email, token_hash, expires_at)
       values ($1, $2, extensions.digest($3, 'sha256'), app.now() + interval '7 days')`,
      [id, email, `${id}-token`],
    );
    return { id, email };
  }

  it.each(['admin', 'hr', 'kiosk'] as const)(
    'of an unlinked %s record is changed by an admin only; the change revokes its invitations',
    async (role) => {
      const target = await privileged(role);
      const takeover = freshEmail('takeover');
      const refused = await org.hr.supabase.from('employees').update({ email: takeover }).eq('id', target.id);
      expect(refused.error).toMatchObject({
        code: '42501',
        message: 'employee.privileged_email_admin_only',
        hint: 'privileged_email_admin_only',
      });
      expect((await record(target.id)).email).toBe(target.email);
      expect((await invitationsOf(target.id))[0].revoked_at).toBeNull();
      // Nor can HR sign up with the address: the record is not theirs to claim.
      await expectRefused(await signUp(target.email), target.email, target.id);

      const moved = freshEmail('moved');
      const allowed = await org.admin.supabase.from('employees').update({ email: moved }).eq('id', target.id);
      expect(allowed.error).toBeNull();
      expect((await record(target.id)).email).toBe(moved);
      expect((await invitationsOf(target.id))[0].revoked_at).not.toBeNull();
      // The old link is dead for the old and the new address alike.
      for (const email of [target.email, moved]) {
        expect((await hook(email, `${target.id}-token`)).error).toBeDefined();
        await expectRefused(await signUp(email, `${target.id}-token`), email, target.id);
      }
    },
  );

  it('of an employee is changed by HR, which revokes the pending invitation too', async () => {
    const prepared = await prepare('employee');
    const token = await invite(org.hr, prepared.id, prepared.email);
    const moved = freshEmail('moved');
    const { error } = await org.hr.supabase.from('employees').update({ email: moved }).eq('id', prepared.id);
    expect(error).toBeNull();
    expect((await invitationsOf(prepared.id))[0].revoked_at).not.toBeNull();
    expect(await hook(moved, token)).toEqual({ error: { http_code: 403, message: INVALID } });
    await expectRefused(await signUp(moved, token), moved, prepared.id);
  });
});

describe('where e-mail confirmation is required', () => {
  const createUnconfirmed = (email: string, token: string) =>
    org.service.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: false,
      user_metadata: { invitation_token: token },
    });

  it('an open sign-up gets its record only once its e-mail is confirmed; its role wish becomes a request', async () => {
    const email = freshEmail('open-unconfirmed');
    const { data, error } = await org.service.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: false,
      user_metadata: { first_name: 'Walk', last_name: 'In', role: 'hr' },
    });
    expect(error).toBeNull();
    const recordsOf = async () =>
      (
        await org.db.query(
          `select e.role, e.user_id, e.first_name, e.status, r.requested_role, r.status as request
           from public.employees e left join public.role_requests r on r.employee_id = e.id
           where lower(e.email) = $1`,
          [email],
        )
      ).rows;
    expect(await recordsOf()).toEqual([]);

    expect(
      (await org.service.auth.admin.updateUserById(data.user!.id, { email_confirm: true })).error,
    ).toBeNull();
    expect(await recordsOf()).toEqual([
      {
        role: 'employee',
        user_id: data.user!.id,
        first_name: 'Walk',
        status: 'active',
        requested_role: 'hr',
        request: 'pending',
      },
    ]);
  });

  it('an unconfirmed sign-up does not block HR registering the real hire, who then joins by invitation', async () => {
    const email = freshEmail('squatted');
    const squatter = await org.service.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: false,
      user_metadata: { first_name: 'Squatter' },
    });
    expect(squatter.error).toBeNull();
    expect(await accountsWith(email)).toBe(1);

    const hire = await prepare('employee', email);
    // The unconfirmed account proved nothing: it goes, and its late confirmation finds nothing.
    expect(await accountsWith(email)).toBe(0);
    expect(
      (await org.service.auth.admin.updateUserById(squatter.data.user!.id, { email_confirm: true })).error,
    ).not.toBeNull();
    expect(await record(hire.id)).toMatchObject({ user_id: null, role: 'employee' });

    const token = await invite(org.hr, hire.id, email);
    const joined = await signUp(email, token);
    expect(joined.error).toBeNull();
    expect((await record(hire.id)).user_id).toBe(joined.data.user!.id);
  });

  it('an address moved onto a record frees it from an unconfirmed sign-up too, but not from a confirmed one', async () => {
    const held = freshEmail('held');
    const squatter = await org.service.auth.admin.createUser({
      email: held,
      password: PASSWORD,
      email_confirm: false,
    });
    expect(squatter.error).toBeNull();
    const hire = await prepare('employee');
    const moved = await org.hr.supabase.from('employees').update({ email: held }).eq('id', hire.id);
    expect(moved.error).toBeNull();
    expect(await accountsWith(held)).toBe(0);

    // A confirmed account owns its address and its record: HR cannot take it over.
    const owner = freshEmail('owner');
    const confirmed = await org.service.auth.admin.createUser({
      email: owner,
      password: PASSWORD,
      email_confirm: true,
    });
    expect(confirmed.error).toBeNull();
    const taken = await org.hr.supabase.from('employees').update({ email: owner }).eq('id', hire.id);
    expect(taken.error).not.toBeNull();
    expect(await accountsWith(owner)).toBe(1);
    expect((await record(hire.id)).email).toBe(held);
  });

  it('the invited account is linked when its e-mail is confirmed, not before', async () => {
    const prepared = await prepare('manager');
    const token = await invite(org.hr, prepared.id, prepared.email);
    const { data, error } = await createUnconfirmed(prepared.email, token);
    expect(error).toBeNull();
    expect((await record(prepared.id)).user_id).toBeNull();
    expect(await invitationsOf(prepared.id)).toEqual([
      { used_at: null, revoked_at: null, claimed_by_user_id: data.user!.id },
    ]);
    // The claimed token cannot be claimed again meanwhile.
    const other = freshEmail('second-claim');
    expect(await hook(other, token)).toEqual({ error: { http_code: 403, message: INVALID } });

    const confirmed = await org.service.auth.admin.updateUserById(data.user!.id, { email_confirm: true });
    expect(confirmed.error).toBeNull();
    expect(await record(prepared.id)).toMatchObject({ user_id: data.user!.id, role: 'manager' });
    expect((await invitationsOf(prepared.id))[0].used_at).not.toBeNull();
  });

  it('a confirmation after the invitation was revoked links nothing; a new invitation frees the address', async () => {
    const prepared = await prepare('employee');
    const token = await invite(org.hr, prepared.id, prepared.email);
    const { data } = await createUnconfirmed(prepared.email, token);
    // A new invitation replaces the link the unconfirmed sign-up came through, and that sign-up with it.
    const fresh = await invite(org.hr, prepared.id, prepared.email);
    expect(await accountsWith(prepared.email)).toBe(0);
    const late = await org.service.auth.admin.updateUserById(data.user!.id, { email_confirm: true });
    expect(late.error).not.toBeNull();
    expect((await record(prepared.id)).user_id).toBeNull();

    const { data: again, error } = await signUp(prepared.email, fresh);
    expect(error).toBeNull();
    expect((await record(prepared.id)).user_id).toBe(again.user!.id);
  });
});
