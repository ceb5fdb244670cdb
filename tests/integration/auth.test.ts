// The auth service through supabase-js, as the app uses it, plus the raw wire shape.
import { decodeJwt } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../server/stack.ts';
import {
  api,
  client,
  linkToken,
  mailFor,
  PASSWORD,
  signedInUser,
  startTestStack,
  uniqueEmail,
} from './helpers.ts';

let stack: Stack;
const logs: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({ log: (line) => logs.push(line) });
});
afterAll(() => stack?.stop());

describe('sign-up', () => {
  it('answers the user without a session until the link in the mail log confirms the address, then a session supabase-js accepts', async () => {
    const supabase = client(stack);
    const email = uniqueEmail('Signup');
    const { data, error } = await supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { full_name: 'Awa Ouédraogo' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email: email.toLowerCase(),
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { full_name: 'Awa Ouédraogo' },
      app_metadata: { provider: 'email', providers: ['email'] },
      is_anonymous: false,
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    const early = await client(stack).auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });

    const link = mailFor(stack, 'confirmation', email);
    const confirmed = await supabase.auth.verifyOtp({ type: 'signup', token_hash: linkToken(link) });
    expect(confirmed.error).toBeNull();
    const session = confirmed.data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.user.email_confirmed_at).toBeTruthy();
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email: email.toLowerCase(),
      iss: `${stack.url}/auth/v1`,
      is_anonymous: false,
    });
    expect(claims.session_id).toEqual(expect.any(String));
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    // The session really works: the user can read their identity back.
    const { data: me } = await supabase.auth.getUser();
    expect(me.user?.id).toBe(data.user!.id);
    expect((await client(stack).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('answers a sign-up with a registered e-mail, whatever its case, like a new one: no session, no e-mail, not the account', async () => {
    const { email, user } = await signedInUser(stack, 'dup');
    const { data, error } = await client(stack).auth.signUp({
      email: email.toUpperCase(),
      password: 'another-password-9',
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.id).not.toBe(user.id);
    // The account keeps its password.
    expect((await client(stack).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('refuses a short password with the reasons, and creates nothing', async () => {
    const email = uniqueEmail('weak');
    const { error } = await client(stack).auth.signUp({ email, password: 'short' });
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message:
        'Password should be at least 8 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
    });
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length', 'characters']);
    expect(() => mailFor(stack, 'confirmation', email)).toThrow(/no confirmation e-mail/);
    const { error: signInError } = await client(stack).auth.signInWithPassword({ email, password: 'short' });
    expect(signInError?.code).toBe('invalid_credentials');
  });

  it('refuses a malformed e-mail', async () => {
    const { error } = await client(stack).auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('password sign-in', () => {
  it('signs in with the right password and records the time', async () => {
    const { email } = await signedInUser(stack, 'signin');
    const { data, error } = await client(stack).auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toEqual(expect.any(String));
    expect(data.user?.last_sign_in_at).toBeTruthy();
  });

  it('answers invalid_credentials for a wrong password and for an unknown e-mail alike', async () => {
    const { email } = await signedInUser(stack, 'wrongpw');
    const wrong = await client(stack).auth.signInWithPassword({ email, password: 'not-the-password' });
    const unknown = await client(stack).auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    });
    for (const { error, data } of [wrong, unknown]) {
      expect(data.session).toBeNull();
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it("sends the error in both of GoTrue's shapes with the API version header", async () => {
    const res = await api(stack, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('shape'), password: 'whatever-it-is' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await res.json()).toEqual({
      code: 'invalid_credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
      message: 'Invalid login credentials',
    });
  });

  it('adds the claims of custom_access_token_hook to the access token', async () => {
    const { email, user } = await signedInUser(stack, 'hook');
    const db = new pg.Client(stack.databaseUrl);
    await db.connect();
    await db.query(`insert into public.user_roles values ($1, 'manager')`, [user.id]);
    await db.end();
    const { data } = await client(stack).auth.signInWithPassword({ email, password: PASSWORD });
    expect(decodeJwt(data.session!.access_token).user_role).toBe('manager');
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token and detects the reuse of an old one', async () => {
    const { supabase, session } = await signedInUser(stack, 'refresh');
    const first = session.refresh_token;
    const { data, error } = await supabase.auth.refreshSession({ refresh_token: first });
    expect(error).toBeNull();
    const second = data.session!.refresh_token;
    expect(second).not.toBe(first);
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);

    const replay = await client(stack).auth.refreshSession({ refresh_token: first });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    // Reuse ends the session: even the newest token of it is now dead.
    const after = await client(stack).auth.refreshSession({ refresh_token: second });
    expect(after.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await client(stack).auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('the signed-in user', () => {
  it('needs a bearer token, and a genuine one', async () => {
    const none = await api(stack, '/auth/v1/user');
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('no_authorization');
    const forged = await api(stack, '/auth/v1/user', {
      headers: { Authorization: `Bearer ${forgeToken()}` },
    });
    expect(forged.status).toBe(403);
    expect((await forged.json()).code).toBe('bad_jwt');
  });

  it('merges metadata, changes the password with the current one and refuses the same or a short one', async () => {
    const { supabase, email } = await signedInUser(stack, 'update');
    const merged = await supabase.auth.updateUser({ data: { phone_ext: '42', lang: 'fr' } });
    expect(merged.data.user?.user_metadata).toMatchObject({ phone_ext: '42', lang: 'fr' });
    const removed = await supabase.auth.updateUser({ data: { phone_ext: null } });
    expect(removed.data.user?.user_metadata).toEqual({ lang: 'fr' });

    const same = await supabase.auth.updateUser({ password: PASSWORD, current_password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const short = await supabase.auth.updateUser({ password: 'abc', current_password: PASSWORD });
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password' });

    const next = 'a-brand-new-secret-4';
    expect((await supabase.auth.updateUser({ password: next, current_password: PASSWORD })).error).toBeNull();
    expect((await client(stack).auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await client(stack).auth.signInWithPassword({ email, password: next })).error).toBeNull();
  });

  it('changes the e-mail once the current and the new address confirm it, refusing one that belongs to someone else', async () => {
    const { supabase, email } = await signedInUser(stack, 'email');
    const other = await signedInUser(stack, 'taken');
    const taken = await supabase.auth.updateUser({ email: other.email });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
    const fresh = uniqueEmail('renamed').toLowerCase();
    const { data, error } = await supabase.auth.updateUser({ email: fresh });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: email.toLowerCase(), new_email: fresh });
    expect(
      (await client(stack).auth.signInWithPassword({ email: fresh, password: PASSWORD })).error?.code,
    ).toBe('invalid_credentials');
    const verify = (address: string) =>
      client(stack).auth.verifyOtp({
        type: 'email_change',
        token_hash: linkToken(mailFor(stack, 'email change', address)),
      });
    // Secure e-mail change: the current address confirms too before anything moves.
    const half = await verify(email);
    expect(half.error).toBeNull();
    expect(half.data.session).toBeNull();
    const changed = await verify(fresh);
    expect(changed.error).toBeNull();
    expect(changed.data.user?.email).toBe(fresh);
    expect(
      (await client(stack).auth.signInWithPassword({ email: fresh, password: PASSWORD })).error,
    ).toBeNull();
  });
});

describe('sign-out scopes', () => {
  async function sessions(count: number) {
    const { email } = await signedInUser(stack, 'scopes');
    const clients = [];
    for (let i = 0; i < count; i++) {
      const c = client(stack);
      const { error } = await c.auth.signInWithPassword({ email, password: PASSWORD });
      expect(error).toBeNull();
      clients.push(c);
    }
    return clients;
  }
  const tokenOf = async (c: ReturnType<typeof client>) =>
    (await c.auth.getSession()).data.session!.access_token;
  const state = async (token: string) => {
    const res = await api(stack, '/auth/v1/user', { headers: { Authorization: `Bearer ${token}` } });
    return res.status === 200 ? 'alive' : (await res.json()).code;
  };

  it('local ends only this session, others ends the rest, global ends all', async () => {
    const [a, b, c] = await sessions(3);
    const [ta, tb, tc] = [await tokenOf(a!), await tokenOf(b!), await tokenOf(c!)];
    expect((await b!.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect([await state(ta), await state(tb), await state(tc)]).toEqual([
      'alive',
      'session_not_found',
      'alive',
    ]);

    expect((await a!.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect([await state(ta), await state(tc)]).toEqual(['alive', 'session_not_found']);

    const [d] = await sessions(1);
    const td = await tokenOf(d!);
    expect((await d!.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect([await state(td)]).toEqual(['session_not_found']);
  });

  it('a signed-out session can no longer be used or refreshed', async () => {
    const [a, b] = await sessions(2);
    const aSession = (await a!.auth.getSession()).data.session!;
    const bSession = (await b!.auth.getSession()).data.session!;
    expect((await a!.auth.signOut({ scope: 'global' })).error).toBeNull();
    for (const s of [aSession, bSession]) {
      const res = await api(stack, '/auth/v1/user', {
        headers: { Authorization: `Bearer ${s.access_token}` },
      });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('session_not_found');
      const refreshed = await client(stack).auth.refreshSession({ refresh_token: s.refresh_token });
      expect(refreshed.error?.code).toBe('refresh_token_not_found');
    }
  });
});

describe('password recovery', () => {
  it('writes a single-use link to the server log that signs the user in', async () => {
    const { email, user } = await signedInUser(stack, 'recover');
    const { error } = await client(stack).auth.resetPasswordForEmail(email, {
      redirectTo: 'http://localhost:5173/reset',
    });
    expect(error).toBeNull();
    const line = logs.find((l) => l.includes(`recovery link for ${email.toLowerCase()}`));
    expect(line).toBeDefined();
    const link = line!.slice(line!.indexOf('http'));
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const location = new URL(first.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:5173/reset');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const res = await api(stack, '/auth/v1/user', {
      headers: { Authorization: `Bearer ${fragment.get('access_token')}` },
    });
    expect((await res.json()).id).toBe(user.id);

    const again = await fetch(link, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1)).get('error_code')).toBe(
      'otp_expired',
    );
  });

  it('answers the same for an unknown address and logs no link', async () => {
    const email = uniqueEmail('ghost');
    const { data, error } = await client(stack).auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(logs.some((l) => l.includes(email.toLowerCase()))).toBe(false);
  });
});

describe('admin API', () => {
  it('creates, lists, reads, updates, bans and deletes users with the service key', async () => {
    const admin = client(stack, stack.serviceKey).auth.admin;
    const email = uniqueEmail('admin-made');
    const created = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Joe' },
      app_metadata: { site: 'US' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user).toMatchObject({
      email: email.toLowerCase(),
      user_metadata: { name: 'Joe' },
      app_metadata: { site: 'US', provider: 'email' },
    });

    const dup = await admin.createUser({ email, password: PASSWORD });
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });

    const page = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(2);
    expect((page.data as unknown as { total: number }).total).toBeGreaterThan(2);

    expect((await admin.getUserById(id)).data.user?.email).toBe(email.toLowerCase());

    const signedIn = client(stack);
    await signedIn.auth.signInWithPassword({ email, password: PASSWORD });
    const banned = await admin.updateUserById(id, { ban_duration: '24h', user_metadata: { name: 'Joseph' } });
    expect(banned.data.user?.user_metadata).toEqual({ name: 'Joseph' });
    const refused = await client(stack).auth.signInWithPassword({ email, password: PASSWORD });
    expect(refused.error).toMatchObject({ status: 400, code: 'user_banned' });
    // The ban ends the sessions the user already had.
    const token = (await signedIn.auth.getSession()).data.session!.access_token;
    expect(
      (await api(stack, '/auth/v1/user', { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(403);
    await admin.updateUserById(id, { ban_duration: 'none' });
    expect((await client(stack).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('refuses the admin API to the anon key and to signed-in users', async () => {
    const anon = await client(stack).auth.admin.listUsers();
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin' });
    const { supabase } = await signedInUser(stack, 'not-admin');
    const token = (await supabase.auth.getSession()).data.session!.access_token;
    const res = await api(stack, '/auth/v1/admin/users', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('not_admin');
  });
});

describe('the API gateway', () => {
  it('refuses requests without a valid API key', async () => {
    const missing = await fetch(`${stack.url}/auth/v1/user`);
    expect(missing.status).toBe(401);
    expect((await missing.json()).message).toBe('No API key found in request');
    const wrong = await fetch(`${stack.url}/rest/v1/notes`, { headers: { apikey: forgeToken() } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('Invalid API key');
  });
});

/** A well-formed token signed with the wrong secret. */
function forgeToken(): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub: '00000000-0000-0000-0000-000000000000', role: 'service_role', exp: 9999999999 })}.c2lnbmF0dXJl`;
}
