// Two-factor sign-in (TOTP) through supabase-js's auth.mfa API, as it runs against Supabase Auth:
// enrol, challenge, verify, list, assurance level, unenrol, the aal/amr claims, wrong, reused and
// expired codes, the verification budget and the admin API.
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../server/stack.ts';
import { api, client, PASSWORD, signedInUser, startTestStack } from './helpers.ts';
import { enrolTotp, totpCode } from './totp.ts';

let stack: Stack;
let db: pg.Pool;

beforeAll(async () => {
  stack = await startTestStack();
  db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
});
afterAll(async () => {
  await db?.end();
  await stack?.stop();
});

const claimsOf = async (supabase: SupabaseClient) =>
  decodeJwt((await supabase.auth.getSession()).data.session!.access_token) as {
    aal: string;
    amr: { method: string; timestamp: number }[];
    session_id: string;
  };

const factorRows = async (userId: string) =>
  (
    await db.query<{ id: string; status: string; secret: string }>(
      'select id, status, secret from auth.mfa_factors where user_id = $1 order by created_at',
      [userId],
    )
  ).rows;

async function signIn(email: string) {
  const supabase = client(stack);
  const { error } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return supabase;
}

describe('enrol, challenge and verify a TOTP factor', () => {
  it('enrols an unverified factor with its secret and otpauth URI, stored as Supabase stores it', async () => {
    const { supabase, user } = await signedInUser(stack, 'enrol');
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'My phone' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'My phone' });
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.totp.uri).toMatch(/^otpauth:\/\/totp\/.+\?/);
    expect(new URL(data!.totp.uri).searchParams.get('secret')).toBe(data!.totp.secret);
    expect(data!.totp.qr_code).toContain(data!.totp.uri);
    expect(await factorRows(user.id)).toEqual([
      { id: data!.id, status: 'unverified', secret: data!.totp.secret },
    ]);

    const factors = await supabase.auth.mfa.listFactors();
    expect(factors.data?.all.map((f) => [f.id, f.status, f.friendly_name])).toEqual([
      [data!.id, 'unverified', 'My phone'],
    ]);
    expect(factors.data?.totp).toEqual([]);
    const level = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    // A second factor with the same name conflicts; other factor types are not enabled.
    const again = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'My phone' });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
    const phone = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: '+22670000000' });
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
    expect((await factorRows(user.id)).length).toBe(1);
  });

  it('refuses a wrong code and leaves the factor unverified and the session at aal1', async () => {
    const { supabase, user } = await signedInUser(stack, 'wrong');
    const { data } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
    const challenge = await supabase.auth.mfa.challenge({ factorId: data!.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ id: expect.any(String), type: 'totp' });
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);
    const good = totpCode(data!.totp.secret);
    for (const code of ['000000', 'Infinity', '-1', '12345a', ' ']) {
      if (code === good) continue;
      const { error } = await supabase.auth.mfa.verify({
        factorId: data!.id,
        challengeId: challenge.data!.id,
        code,
      });
      expect(error, code).toMatchObject({ status: expect.any(Number) });
      expect([400, 422]).toContain(error!.status);
    }
    expect(await factorRows(user.id)).toMatchObject([{ status: 'unverified' }]);
    expect((await claimsOf(supabase)).aal).toBe('aal1');
  });

  it('verifies: factor verified, session aal2 with totp then the first method in amr, other aal1 sessions end', async () => {
    const { supabase, user, email } = await signedInUser(stack, 'verify');
    const other = await signIn(email);
    const { factorId, secret } = await enrolTotp(supabase);

    expect(await factorRows(user.id)).toMatchObject([{ id: factorId, status: 'verified' }]);
    const claims = await claimsOf(supabase);
    expect(claims.aal).toBe('aal2');
    // signedInUser's session was opened by the sign-up confirmation link (e-mails are confirmed).
    expect(claims.amr.map((a) => a.method)).toEqual(['totp', 'otp']);
    expect(claims.amr[0]!.timestamp).toBeGreaterThanOrEqual(claims.amr[1]!.timestamp);
    const { rows } = await db.query('select aal from auth.sessions where id = $1', [claims.session_id]);
    expect(rows).toEqual([{ aal: 'aal2' }]);

    const factors = await supabase.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([factorId]);
    const level = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

    // GoTrue ends the person's sessions below aal2 once a factor is verified.
    expect((await other.auth.refreshSession()).error).not.toBeNull();

    // Refreshing keeps aal2.
    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal2' });

    // The same code is accepted once.
    const reused = await supabase.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret) });
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
  });

  it('a password sign-in of a person with a factor is aal1 and must verify to reach aal2', async () => {
    const { supabase, email, user } = await signedInUser(stack, 'signin');
    const { factorId, secret } = await enrolTotp(supabase);
    const fresh = await signIn(email);
    expect((await claimsOf(fresh)).aal).toBe('aal1');
    expect((await fresh.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });

    // At aal1 the verified factor cannot be removed, nor another enrolled.
    const unenrol = await fresh.auth.mfa.unenroll({ factorId });
    expect(unenrol.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const enrol = await fresh.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' });
    expect(enrol.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect((await factorRows(user.id)).map((f) => f.id)).toEqual([factorId]);

    // The next step's code (one step of skew), unused so far, raises this session.
    const verified = await fresh.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, 1) });
    expect(verified.error).toBeNull();
    expect((await claimsOf(fresh)).aal).toBe('aal2');

    const removed = await fresh.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factorId });
    expect(await factorRows(user.id)).toEqual([]);
    // Without a verified factor the session falls back to aal1 at its next refresh.
    const refreshed = await fresh.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({
      aal: 'aal1',
      amr: [{ method: 'password' }],
    });
  });

  it('an aal1 session of a person with a factor changes neither e-mail nor password; aal2 may', async () => {
    const { supabase, email, user } = await signedInUser(stack, 'aal-update');
    const { factorId, secret } = await enrolTotp(supabase);
    const stolen = await signIn(email);
    const refusal = {
      status: 401,
      code: 'insufficient_aal',
      message: 'AAL2 session is required to update email or password when MFA is enabled.',
    };
    const account = async () =>
      (
        await db.query(
          `select email, encrypted_password, email_change, email_change_token_new, email_change_token_current
           from auth.users where id = $1`,
          [user.id],
        )
      ).rows[0];
    const before = await account();

    const newEmail = await stolen.auth.updateUser({ email: `taken-${email}` });
    expect(newEmail.error).toMatchObject(refusal);
    const newPassword = await stolen.auth.updateUser({
      password: 'harbour-crane-47',
      current_password: PASSWORD,
    });
    expect(newPassword.error).toMatchObject(refusal);
    const both = await stolen.auth.updateUser({ email: `taken-${email}`, password: 'harbour-crane-47' });
    expect(both.error).toMatchObject(refusal);
    expect(await account()).toEqual(before);
    // What changes neither (metadata, the same address) still goes through at aal1.
    const metadata = await stolen.auth.updateUser({ email, data: { theme: 'dark' } });
    expect(metadata.error).toBeNull();
    expect(await account()).toEqual(before);

    // The same session raised to aal2 (next step's code, unused so far) may change the password.
    const raised = await stolen.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, 1) });
    expect(raised.error).toBeNull();
    const changed = await stolen.auth.updateUser({
      password: 'harbour-crane-47',
      current_password: PASSWORD,
    });
    expect(changed.error).toBeNull();
    const { error } = await client(stack).auth.signInWithPassword({ email, password: 'harbour-crane-47' });
    expect(error).toBeNull();
  });

  it("refuses another person's factor, bad ids, expired challenges and challenges from another address", async () => {
    const owner = await signedInUser(stack, 'owner');
    const stranger = await signedInUser(stack, 'stranger');
    const { data } = await owner.supabase.auth.mfa.enroll({ factorType: 'totp' });
    const factorId = data!.id;
    const secret = data!.totp.secret;

    expect((await stranger.supabase.auth.mfa.challenge({ factorId })).error).toMatchObject({
      status: 404,
      code: 'mfa_factor_not_found',
    });
    expect((await stranger.supabase.auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 404 });
    expect((await owner.supabase.auth.mfa.challenge({ factorId: 'not-a-uuid' })).error).toMatchObject({
      status: 404,
    });
    const badChallenge = await owner.supabase.auth.mfa.verify({
      factorId,
      challengeId: 'not-a-uuid',
      code: totpCode(secret),
    });
    expect(badChallenge.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const expired = await owner.supabase.auth.mfa.challenge({ factorId });
    await db.query(
      `update auth.mfa_challenges set created_at = now() - interval '10 minutes' where id = $1`,
      [expired.data!.id],
    );
    const late = await owner.supabase.auth.mfa.verify({
      factorId,
      challengeId: expired.data!.id,
      code: totpCode(secret),
    });
    expect(late.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });

    const moved = await owner.supabase.auth.mfa.challenge({ factorId });
    await db.query(`update auth.mfa_challenges set ip_address = '203.0.113.9' where id = $1`, [
      moved.data!.id,
    ]);
    const elsewhere = await owner.supabase.auth.mfa.verify({
      factorId,
      challengeId: moved.data!.id,
      code: totpCode(secret),
    });
    expect(elsewhere.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
    expect(await factorRows(owner.user.id)).toMatchObject([{ status: 'unverified' }]);
  });

  it('pauses verification of a factor after ten wrong codes, even for the right one', async () => {
    const { supabase, user } = await signedInUser(stack, 'guess');
    const { data } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
    const challenge = await supabase.auth.mfa.challenge({ factorId: data!.id });
    const good = totpCode(data!.totp.secret);
    const wrong = good === '000001' ? '000002' : '000001';
    for (let i = 0; i < 10; i++) {
      const { error } = await supabase.auth.mfa.verify({
        factorId: data!.id,
        challengeId: challenge.data!.id,
        code: wrong,
      });
      expect(error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    }
    const right = await supabase.auth.mfa.verify({
      factorId: data!.id,
      challengeId: challenge.data!.id,
      code: good,
    });
    expect(right.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(await factorRows(user.id)).toMatchObject([{ status: 'unverified' }]);
  });
});

describe('admin API', () => {
  it("lists and deletes a person's factors with the service key only; the person's sessions fall to aal1", async () => {
    const { supabase, user } = await signedInUser(stack, 'lost-phone');
    const { factorId } = await enrolTotp(supabase);
    const admin = client(stack, stack.serviceKey).auth.admin;

    const listed = await admin.mfa.listFactors({ userId: user.id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors.map((f) => [f.id, f.status])).toEqual([[factorId, 'verified']]);

    // A user's own token is not an admin key.
    const token = (await supabase.auth.getSession()).data.session!.access_token;
    const asUser = (method: string, path: string) =>
      api(stack, `/auth/v1/admin/users/${user.id}/factors${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}` },
      });
    expect((await asUser('GET', '')).status).toBe(403);
    expect((await asUser('DELETE', `/${factorId}`)).status).toBe(403);
    expect(
      (await admin.mfa.deleteFactor({ userId: user.id, id: '00000000-0000-4000-8000-000000000000' })).error,
    ).toMatchObject({ status: 404 });
    expect(await factorRows(user.id)).toHaveLength(1);

    const deleted = await admin.mfa.deleteFactor({ userId: user.id, id: factorId });
    expect(deleted.error).toBeNull();
    expect(await factorRows(user.id)).toEqual([]);
    const refreshed = await supabase.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1' });
  });
});
