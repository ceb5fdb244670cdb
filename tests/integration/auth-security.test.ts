// Issue 28 §2 and §5 through supabase-js, as they would run against Supabase Auth with 'Confirm
// email', 'Require current password' and 'Secure password change' on: who may set a password,
// what a change does to other sessions, e-mail changes, sign-up confirmation, the
// before-user-created hook, and limits that stop a guesser without locking an office out.
import type { SupabaseClient } from '@supabase/supabase-js';
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
let db: pg.Pool;

beforeAll(async () => {
  // No interval between two e-mails to one address here: the interval has its own test below.
  // Delays long enough that no assertion depends on how fast the test runs.
  stack = await startTestStack({ authLimits: { emailIntervalSeconds: 0, failureDelaySeconds: 600 } });
  db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
});
afterAll(async () => {
  await db?.end();
  await stack?.stop();
});

/** Whether an access token still opens its session. */
async function alive(token: string): Promise<boolean | string> {
  const res = await api(stack, '/auth/v1/user', { headers: { Authorization: `Bearer ${token}` } });
  return res.status === 200 ? true : (await res.json()).code;
}

async function secondSession(email: string, password = PASSWORD) {
  const other = client(stack);
  const { data, error } = await other.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session;
}

const canSignIn = async (email: string, password: string) =>
  (await client(stack).auth.signInWithPassword({ email, password })).error === null;

describe('changing one’s password', () => {
  it('needs the current password, refuses a wrong one, and changes nothing until it is right', async () => {
    const { supabase, email } = await signedInUser(stack, 'pw-current');
    const missing = await supabase.auth.updateUser({ password: 'river-stone-81' });
    expect(missing.error).toMatchObject({ status: 400, code: 'current_password_required' });
    const wrong = await supabase.auth.updateUser({
      password: 'river-stone-81',
      current_password: 'nope-nope-1',
    });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_invalid' });
    expect(await canSignIn(email, PASSWORD)).toBe(true);
    expect(await canSignIn(email, 'river-stone-81')).toBe(false);
  });

  it('with the current password: this session goes on, every other one ends and its refresh token is refused', async () => {
    const { supabase, email, session } = await signedInUser(stack, 'pw-others');
    const other = await secondSession(email);
    const { error } = await supabase.auth.updateUser({
      password: 'river-stone-82',
      current_password: PASSWORD,
    });
    expect(error).toBeNull();
    expect(await alive(session.access_token)).toBe(true);
    expect(await alive(other.access_token)).toBe('session_not_found');
    const refreshed = await client(stack).auth.refreshSession({ refresh_token: other.refresh_token });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    expect(await canSignIn(email, 'river-stone-82')).toBe(true);
  });

  it('with a reauthentication code from the mail log: wrong or reused codes are refused', async () => {
    const { supabase, email } = await signedInUser(stack, 'pw-nonce');
    expect((await supabase.auth.reauthenticate()).error).toBeNull();
    const code = mailFor(stack, 'reauthentication', email);
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await supabase.auth.updateUser({ password: 'river-stone-83', nonce: wrongCode });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect(await canSignIn(email, PASSWORD)).toBe(true);

    expect((await supabase.auth.updateUser({ password: 'river-stone-83', nonce: code })).error).toBeNull();
    const reused = await supabase.auth.updateUser({ password: 'river-stone-84', nonce: code });
    expect(reused.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect(await canSignIn(email, 'river-stone-83')).toBe(true);
  });

  it('voids a reauthentication code after five wrong tries, so six digits cannot be guessed', async () => {
    const { supabase, email } = await signedInUser(stack, 'pw-guess');
    await supabase.auth.reauthenticate();
    const code = mailFor(stack, 'reauthentication', email);
    const others = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((c) => c !== code);
    for (const guess of others.slice(0, 5)) {
      const { error } = await supabase.auth.updateUser({ password: 'river-stone-85', nonce: guess });
      expect(error?.code).toBe('reauthentication_not_valid');
    }
    const late = await supabase.auth.updateUser({ password: 'river-stone-85', nonce: code });
    expect(late.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect(await canSignIn(email, PASSWORD)).toBe(true);
  });

  it('refuses weak passwords with their reasons, wherever a password is set', async () => {
    const { supabase, email } = await signedInUser(stack, 'pw-weak');
    for (const [password, reasons] of [
      ['password123', ['pwned']],
      ['abcdefgh', ['characters', 'pwned']],
      ['12345678', ['characters', 'pwned']],
      [`${email.split('@')[0]}9`, ['pwned']],
      ['short1', ['length']],
    ] as const) {
      const { error } = await supabase.auth.updateUser({ password, current_password: PASSWORD });
      expect(error, password).toMatchObject({ status: 422, code: 'weak_password' });
      expect((error as unknown as { reasons: string[] }).reasons, password).toEqual(reasons);
    }
    const tooLong = await supabase.auth.updateUser({
      password: `a1${'x'.repeat(71)}`,
      current_password: PASSWORD,
    });
    expect(tooLong.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(await canSignIn(email, PASSWORD)).toBe(true);

    const admin = client(stack, stack.serviceKey).auth.admin;
    const created = await admin.createUser({ email: uniqueEmail('admin-weak'), password: 'qwerty123' });
    expect(created.error).toMatchObject({ status: 422, code: 'weak_password' });
    const signup = await client(stack).auth.signUp({
      email: uniqueEmail('signup-weak'),
      password: 'Password1',
    });
    expect(signup.error).toMatchObject({ status: 422, code: 'weak_password' });
  });
});

describe('password reset', () => {
  /** Follows the recovery link from the mail log: a client holding the recovery session. */
  async function recoverySession(email: string): Promise<SupabaseClient> {
    expect((await client(stack).auth.resetPasswordForEmail(email)).error).toBeNull();
    const followed = await fetch(mailFor(stack, 'password recovery', email), { redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(followed.headers.get('location')!).hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const recovering = client(stack);
    const { error } = await recovering.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(error).toBeNull();
    return recovering;
  }

  it('a recovery session sets a new password without the old one, and every session opened before ends', async () => {
    const { email, session: before } = await signedInUser(stack, 'reset');
    const recovering = await recoverySession(email);
    const { error } = await recovering.auth.updateUser({ password: 'meadow-lark-91' });
    expect(error).toBeNull();
    expect(await alive(before.access_token)).toBe('session_not_found');
    const stale = await client(stack).auth.refreshSession({ refresh_token: before.refresh_token });
    expect(stale.error?.code).toBe('refresh_token_not_found');
    // The recovery session itself goes on.
    expect((await recovering.auth.getUser()).error).toBeNull();
    expect(await canSignIn(email, PASSWORD)).toBe(false);
    expect(await canSignIn(email, 'meadow-lark-91')).toBe(true);
  });

  it('a recovery session sets the password once; then it is an ordinary session', async () => {
    const { email } = await signedInUser(stack, 'reset-once');
    const recovering = await recoverySession(email);
    expect((await recovering.auth.updateUser({ password: 'meadow-lark-93' })).error).toBeNull();
    const again = await recovering.auth.updateUser({ password: 'meadow-lark-94' });
    expect(again.error).toMatchObject({ status: 400, code: 'current_password_required' });
    expect(await canSignIn(email, 'meadow-lark-93')).toBe(true);
    expect(await canSignIn(email, 'meadow-lark-94')).toBe(false);
    // Still not after a refresh: the session's methods no longer say recovery.
    const refreshed = await recovering.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const amr = (decodeJwt(refreshed.data.session!.access_token).amr ?? []) as { method: string }[];
    expect(amr.map((entry) => entry.method)).toEqual(['otp']);
    const later = await recovering.auth.updateUser({ password: 'meadow-lark-94' });
    expect(later.error).toMatchObject({ status: 400, code: 'current_password_required' });
    expect(await canSignIn(email, 'meadow-lark-93')).toBe(true);
    // With the current password it is an ordinary change.
    const ordinary = await recovering.auth.updateUser({
      password: 'meadow-lark-94',
      current_password: 'meadow-lark-93',
    });
    expect(ordinary.error).toBeNull();
  });

  it('an ordinary session of the same person still needs the current password', async () => {
    const { email } = await signedInUser(stack, 'reset-other');
    await recoverySession(email);
    const ordinary = client(stack);
    await ordinary.auth.signInWithPassword({ email, password: PASSWORD });
    const { error } = await ordinary.auth.updateUser({ password: 'meadow-lark-92' });
    expect(error).toMatchObject({ status: 400, code: 'current_password_required' });
  });
});

describe('changing one’s e-mail', () => {
  const SINGLE = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';
  const fragmentOf = (res: Response) =>
    new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
  const pending = async (userId: string) =>
    (await client(stack, stack.serviceKey).auth.admin.getUserById(userId)).data.user;

  it('takes effect only when the links sent to both the current and the new address are followed; each works once', async () => {
    const { supabase, email, user } = await signedInUser(stack, 'mail-change');
    const next = uniqueEmail('mail-next').toLowerCase();
    const { data, error } = await supabase.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: email.toLowerCase(), new_email: next });
    expect(data.user?.email_change_sent_at).toBeTruthy();
    // Nothing moved yet: the old address still signs in, the new one does not.
    expect(await canSignIn(email, PASSWORD)).toBe(true);
    expect(await canSignIn(next, PASSWORD)).toBe(false);

    // The new address alone is not enough: GoTrue's message, no session, nothing moved.
    const toNew = mailFor(stack, 'email change', next);
    const first = await fetch(toNew, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(fragmentOf(first).get('message')).toBe(SINGLE);
    expect(fragmentOf(first).get('access_token')).toBeNull();
    expect(await pending(user.id)).toMatchObject({ email: email.toLowerCase(), new_email: next });
    expect(await canSignIn(next, PASSWORD)).toBe(false);
    // The same link twice does not count as the second address.
    const replayed = await fetch(toNew, { redirect: 'manual' });
    expect(fragmentOf(replayed).get('error_code')).toBe('otp_expired');
    expect(await pending(user.id)).toMatchObject({ email: email.toLowerCase(), new_email: next });

    const toCurrent = mailFor(stack, 'email change', email);
    expect(toCurrent).not.toBe(toNew);
    const second = await fetch(toCurrent, { redirect: 'manual' });
    expect(fragmentOf(second).get('type')).toBe('email_change');
    expect(fragmentOf(second).get('access_token')).toBeTruthy();
    const after = await pending(user.id);
    expect(after).toMatchObject({ email: next });
    expect(after?.new_email).toBeUndefined();
    expect(await canSignIn(next, PASSWORD)).toBe(true);
    expect(await canSignIn(email, PASSWORD)).toBe(false);

    const again = await fetch(toCurrent, { redirect: 'manual' });
    expect(fragmentOf(again).get('error_code')).toBe('otp_expired');
  });

  it('either order works through verifyOtp; a new request voids the earlier pair', async () => {
    const { supabase, email, user } = await signedInUser(stack, 'mail-order');
    const abandoned = uniqueEmail('mail-abandoned').toLowerCase();
    await supabase.auth.updateUser({ email: abandoned });
    const staleCurrent = linkToken(mailFor(stack, 'email change', email));
    const staleNew = linkToken(mailFor(stack, 'email change', abandoned));

    const next = uniqueEmail('mail-order-next').toLowerCase();
    expect((await supabase.auth.updateUser({ email: next })).error).toBeNull();
    const verify = (token: string) =>
      client(stack).auth.verifyOtp({ type: 'email_change', token_hash: token });
    for (const stale of [staleCurrent, staleNew]) {
      expect((await verify(stale)).error).toMatchObject({ status: 403, code: 'otp_expired' });
    }
    expect(await pending(user.id)).toMatchObject({ email: email.toLowerCase(), new_email: next });

    // The current address first: accepted, no session, nothing moved.
    const first = await verify(linkToken(mailFor(stack, 'email change', email)));
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    expect(await pending(user.id)).toMatchObject({ email: email.toLowerCase(), new_email: next });
    const second = await verify(linkToken(mailFor(stack, 'email change', next)));
    expect(second.error).toBeNull();
    expect(second.data.user).toMatchObject({ email: next });
    expect(await canSignIn(next, PASSWORD)).toBe(true);
  });
});

describe('sign-up confirmation', () => {
  it('the link from the mail log confirms the address and redirects with a session of type signup', async () => {
    const email = uniqueEmail('confirm-get');
    const signup = await client(stack).auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'http://localhost:5173/welcome' },
    });
    expect(signup.data.session).toBeNull();
    const link = mailFor(stack, 'confirmation', email);
    expect(new URL(link).searchParams.get('type')).toBe('signup');
    const followed = await fetch(link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const location = new URL(followed.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:5173/welcome');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(await alive(fragment.get('access_token')!)).toBe(true);
    expect(await canSignIn(email, PASSWORD)).toBe(true);
  });

  it('resend writes a new link and the earlier one stops working; an unknown address gets the same answer', async () => {
    const email = uniqueEmail('confirm-resend');
    await client(stack).auth.signUp({ email, password: PASSWORD });
    const first = mailFor(stack, 'confirmation', email);
    expect((await client(stack).auth.resend({ type: 'signup', email })).error).toBeNull();
    const second = mailFor(stack, 'confirmation', email);
    expect(second).not.toBe(first);
    const stale = await client(stack).auth.verifyOtp({ type: 'signup', token_hash: linkToken(first) });
    expect(stale.error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect(await canSignIn(email, PASSWORD)).toBe(false);
    const fresh = await client(stack).auth.verifyOtp({ type: 'email', token_hash: linkToken(second) });
    expect(fresh.error).toBeNull();

    const ghost = uniqueEmail('confirm-ghost');
    expect((await client(stack).auth.resend({ type: 'signup', email: ghost })).error).toBeNull();
    expect(() => mailFor(stack, 'confirmation', ghost)).toThrow();
  });
});

describe('the before-user-created hook', () => {
  beforeAll(async () => {
    await db.query(`
      grant usage on schema public to supabase_auth_admin;
      create table public.hook_events (event jsonb not null);
      grant insert on public.hook_events to supabase_auth_admin;
      create function public.hook_before_user_created(event jsonb) returns jsonb
      language plpgsql as $$
      begin
        insert into public.hook_events values (event);
        if event->'user'->>'email' like '%@blocked.test' then
          return jsonb_build_object('error', jsonb_build_object(
            'http_code', 403, 'message', 'Ask your administrator for an invitation'));
        end if;
        if event->'user'->>'email' like '%@broken.test' then
          raise exception 'secret internal detail %', event->'user'->>'email';
        end if;
        return '{}'::jsonb;
      end $$;
      grant execute on function public.hook_before_user_created(jsonb) to supabase_auth_admin;
      create function public.refuse_trigger_test() returns trigger language plpgsql as $$
      begin
        if new.email like '%@trigger.test' then raise exception 'trigger says no'; end if;
        return new;
      end $$;
      create trigger refuse_trigger_test before insert on auth.users
        for each row execute function public.refuse_trigger_test();
    `);
  });
  afterAll(async () => {
    await db.query(`
      drop trigger refuse_trigger_test on auth.users;
      drop function public.refuse_trigger_test();
      drop function public.hook_before_user_created(jsonb);
      drop table public.hook_events;
    `);
  });

  const usersWith = async (email: string) =>
    Number((await db.query('select count(*) from auth.users where email = $1', [email])).rows[0].count);

  it('receives the event Supabase sends, with the id the new user then has', async () => {
    const email = uniqueEmail('hooked').toLowerCase();
    const { data, error } = await client(stack).auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { first_name: 'Ada' } },
    });
    expect(error).toBeNull();
    const { rows } = await db.query(
      `select event from public.hook_events where event->'user'->>'email' = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].event).toMatchObject({
      metadata: { name: 'before-user-created', ip_address: '127.0.0.1' },
      user: { id: data.user!.id, email, user_metadata: { first_name: 'Ada' }, aud: 'authenticated' },
    });
    expect(rows[0].event.metadata.uuid).toEqual(expect.any(String));
  });

  it('answers its refusal with its status and message, and creates nothing', async () => {
    const email = `someone.${Date.now()}@blocked.test`;
    const { data, error } = await client(stack).auth.signUp({ email, password: PASSWORD });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 403, message: 'Ask your administrator for an invitation' });
    expect(await usersWith(email)).toBe(0);
    expect(() => mailFor(stack, 'confirmation', email)).toThrow();
  });

  it('a failing hook or trigger answers 500 without leaking SQL, and creates nothing', async () => {
    for (const [email, message] of [
      [`someone.${Date.now()}@broken.test`, 'Error running hook: before-user-created'],
      [`someone.${Date.now()}@trigger.test`, 'Database error saving new user'],
    ]) {
      const res = await api(stack, '/auth/v1/signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(res.status, email).toBe(500);
      const body = await res.json();
      expect(body).toMatchObject({ code: 'unexpected_failure', message });
      expect(JSON.stringify(body)).not.toMatch(/secret internal detail|trigger says no/);
      expect(await usersWith(email!)).toBe(0);
    }
  });
});

describe('limits that stop attackers, not offices', () => {
  let limited: Stack;
  beforeAll(async () => {
    // 127.0.0.1 is a trusted proxy here, so each test speaks for its own X-Forwarded-For client.
    limited = await startTestStack({
      mailerAutoconfirm: true,
      trustedProxies: ['127.0.0.1', '::1'],
      authLimits: {
        freeFailuresPerAccountAndIp: 3,
        freeFailuresPerAccount: 6,
        failureDelaySeconds: 600,
        signInsPerIp: 20,
        signUpsPerIp: 3,
        emailsPerHour: 3,
        emailIntervalSeconds: 600,
      },
    });
  });
  afterAll(() => limited?.stop());

  const from = (ip: string) => ({ 'Content-Type': 'application/json', 'X-Forwarded-For': ip });
  async function signIn(ip: string, email: string, password: string) {
    const res = await api(limited, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: from(ip),
      body: JSON.stringify({ email, password }),
    });
    return res.status === 200 ? 'ok' : ((await res.json()).code as string);
  }
  async function account(label: string) {
    const email = uniqueEmail(label).toLowerCase();
    const { error } = await client(limited, limited.serviceKey).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    if (error) throw error;
    return email;
  }

  it('the office case: ten typos by one person delay that person only; a colleague on the same address signs in', async () => {
    const office = '198.51.100.10';
    const [typist, colleague] = [await account('typist'), await account('colleague')];
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await signIn(office, typist, `wrong-password-${i}`));
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('invalid_credentials'));
    expect(answers.slice(4)).toEqual(Array(8).fill('over_request_rate_limit'));
    // Delayed: even the right password waits (it is not checked).
    expect(await signIn(office, typist, PASSWORD)).toBe('over_request_rate_limit');
    expect(await signIn(office, colleague, PASSWORD)).toBe('ok');
    // The typist from home is not held back by the office's typos (4 < 6 for the account).
    expect(await signIn('203.0.113.20', typist, PASSWORD)).toBe('ok');
  });

  it('guesses spread over many addresses delay the account everywhere', async () => {
    const target = await account('target');
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push(await signIn(`192.0.2.${30 + Math.floor(i / 2)}`, target, `guess-${i}-x`));
    expect(answers).toEqual(Array(7).fill('invalid_credentials'));
    expect(await signIn('192.0.2.99', target, PASSWORD)).toBe('over_request_rate_limit');
  });

  it('an address has a budget of sign-in attempts; another address does not share it', async () => {
    const busy = '198.51.100.77';
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await signIn(busy, `nobody.${i}@example.test`, 'whatever-1'));
    expect(answers.slice(0, 20)).toEqual(Array(20).fill('invalid_credentials'));
    expect(answers[20]).toBe('over_request_rate_limit');
    expect(await signIn('198.51.100.78', 'nobody.0@example.test', 'whatever-1')).toBe('invalid_credentials');
  });

  it('X-Forwarded-For from a connection that is not a trusted proxy is ignored', async () => {
    // The main stack trusts no proxy: changing the header does not escape the delay.
    const email = (await signedInUser(stack, 'spoofer')).email;
    const answers = [];
    for (let i = 0; i < 12; i++) {
      const res = await api(stack, '/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: from(`10.9.8.${i}`),
        body: JSON.stringify({ email, password: `wrong-${i}-pw` }),
      });
      answers.push((await res.json()).code);
    }
    expect(answers.slice(0, 11)).toEqual(Array(11).fill('invalid_credentials'));
    expect(answers[11]).toBe('over_request_rate_limit');
  });

  it('sign-ups have a budget per address, and a refused one creates nothing', async () => {
    const ip = '198.51.100.90';
    const codes = [];
    const emails = [0, 1, 2, 3].map((i) => uniqueEmail(`budget${i}`));
    for (const email of emails) {
      const res = await api(limited, '/auth/v1/signup', {
        method: 'POST',
        headers: from(ip),
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      codes.push(res.status === 200 ? 'ok' : (await res.json()).code);
    }
    expect(codes).toEqual(['ok', 'ok', 'ok', 'over_request_rate_limit']);
    const last = await client(limited, limited.serviceKey).auth.admin.listUsers({ perPage: 1000 });
    expect(last.data.users.some((u) => u.email === emails[3]!.toLowerCase())).toBe(false);
  });

  it('one e-mail of a kind per address in the interval, known or not; the service’s e-mails per hour', async () => {
    const known = await account('mailed');
    const ghost = uniqueEmail('ghost');
    for (const email of [known, ghost]) {
      expect((await client(limited).auth.resetPasswordForEmail(email)).error, email).toBeNull();
      const again = await client(limited).auth.resetPasswordForEmail(email);
      expect(again.error, email).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    }
    // One e-mail sent so far this hour (the ghost has none); two more fit, the next does not.
    for (const label of ['hour-a', 'hour-b']) {
      expect((await client(limited).auth.resetPasswordForEmail(await account(label))).error).toBeNull();
    }
    const over = await client(limited).auth.resetPasswordForEmail(await account('hour-c'));
    expect(over.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });
});
