// Two-factor sign-in (TOTP) through supabase-js's auth.mfa API, which Supabase Auth and the local
// stack answer alike, and the database's setting and account RPCs. Screens call these, never
// supabase directly. Failures are DbErrors: auth's refusals carry `auth.<code>`
// (auth.mfa_verification_failed, auth.over_request_rate_limit).
import { supabase } from '../../data/client.ts';
import { DbError, toDbError } from '../../data/errors.ts';
import { rpc, run } from '../../data/rpc.ts';

export interface TotpFactor {
  id: string;
  friendlyName: string;
  status: 'verified' | 'unverified';
  createdAt: string;
}

export interface Enrolment {
  factorId: string;
  /** The base32 secret, for people who type it into their app. */
  secret: string;
  /** otpauth:// URI: the QR code is drawn from it. */
  uri: string;
}

const fail = (error: unknown): never => {
  throw toDbError(error);
};

/** The person has no verified factor to prove. */
export const noFactor = () => new DbError('two_factor.no_factor');

/** The signed-in person's TOTP factors (verified and pending). */
export async function listTotpFactors(): Promise<TotpFactor[]> {
  const { data, error } = await supabase().auth.mfa.listFactors();
  if (error) fail(error);
  return (data?.all ?? [])
    .filter((f) => f.factor_type === 'totp')
    .map((f) => ({
      id: f.id,
      friendlyName: f.friendly_name ?? '',
      status: f.status === 'verified' ? 'verified' : 'unverified',
      createdAt: f.created_at,
    }));
}

/** Starts an enrolment; a pending one left from an earlier try is dropped first. */
export async function startEnrolment(friendlyName: string): Promise<Enrolment> {
  for (const factor of await listTotpFactors()) {
    if (factor.status === 'unverified') await supabase().auth.mfa.unenroll({ factorId: factor.id });
  }
  const { data, error } = await supabase().auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error || !data) return fail(error ?? new DbError('two_factor.no_enrolment'));
  return { factorId: data.id, secret: data.totp.secret, uri: data.totp.uri };
}

/** Proves a code of the factor: verifies a new factor, and raises the session to aal2. */
export async function verifyCode(factorId: string, code: string): Promise<void> {
  const { error } = await supabase().auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
  if (error) fail(error);
}

/** The first verified factor, the one a code is asked for. */
export async function verifiedFactorId(): Promise<string | null> {
  return (await listTotpFactors()).find((f) => f.status === 'verified')?.id ?? null;
}

/** Removes one's own factor: Supabase asks for an aal2 session, so the code comes first. */
export async function removeOwnFactor(factorId: string, code: string): Promise<void> {
  await verifyCode(factorId, code);
  const { error } = await supabase().auth.mfa.unenroll({ factorId });
  if (error) fail(error);
}

export interface Assurance {
  /** The session is aal1 and the person has a verified factor: a code is due. */
  codeDue: boolean;
  verified: boolean;
}

export async function assurance(): Promise<Assurance> {
  const { data, error } = await supabase().auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) fail(error);
  return {
    codeDue: data?.nextLevel === 'aal2' && data.currentLevel !== 'aal2',
    verified: data?.nextLevel === 'aal2',
  };
}

/** The setting 'Require two-factor sign-in for admins and HR'. */
export async function readRequirement(): Promise<boolean> {
  const row = await run(
    supabase().from('system_settings').select('require_mfa_for_admins_hr').eq('id', 'default').maybeSingle(),
  );
  return row?.require_mfa_for_admins_hr ?? false;
}

export async function writeRequirement(on: boolean): Promise<void> {
  await run(supabase().from('system_settings').update({ require_mfa_for_admins_hr: on }).eq('id', 'default'));
}

/** Employee ids of the accounts with a verified factor (admins and HR). */
export async function twoFactorAccounts(): Promise<string[]> {
  return (await rpc('two_factor_accounts')) ?? [];
}

/** An admin removes another person's factors (a lost phone); audited by the database. */
export async function removeTwoFactor(employeeId: string): Promise<number> {
  return rpc('remove_two_factor', { p_employee_id: employeeId });
}

/** The access token of the session, once a code raised it to aal2. */
export async function sessionToken(): Promise<string> {
  const { data } = await supabase().auth.getSession();
  return data.session!.access_token;
}

/** Signs out of this tab only (the login's code step, cancelled). */
export async function signOutHere(): Promise<void> {
  await supabase().auth.signOut({ scope: 'local' });
}
