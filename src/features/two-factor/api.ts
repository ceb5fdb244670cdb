// Two-factor sign-in (TOTP) through supabase-js's auth.mfa API, which Supabase Auth and the local
// stack answer alike, and the database's setting and account RPCs. Screens call these, never
// supabase directly.
import { supabase } from '../../data/client.ts';

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

/** A refusal from auth or the database, with the code the screens branch on. */
export class TwoFactorError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

const fail = (error: { message: string; code?: string | null }): never => {
  throw new TwoFactorError(error.message, error.code ?? null);
};

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
  if (error || !data) return fail(error ?? { message: 'No enrolment returned' });
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
  const { data, error } = await supabase()
    .from('system_settings')
    .select('require_mfa_for_admins_hr')
    .eq('id', 'default')
    .maybeSingle<{ require_mfa_for_admins_hr: boolean }>();
  if (error) fail(error);
  return data?.require_mfa_for_admins_hr ?? false;
}

export async function writeRequirement(on: boolean): Promise<void> {
  const { error } = await supabase()
    .from('system_settings')
    .update({ require_mfa_for_admins_hr: on })
    .eq('id', 'default');
  if (error) fail(error);
}

/** Employee ids of the accounts with a verified factor (admins and HR). */
export async function twoFactorAccounts(): Promise<string[]> {
  const { data, error } = await supabase().rpc('two_factor_accounts');
  if (error) fail(error);
  return (data as string[] | null) ?? [];
}

/** An admin removes another person's factors (a lost phone); audited by the database. */
export async function removeTwoFactor(employeeId: string): Promise<number> {
  const { data, error } = await supabase().rpc('remove_two_factor', { p_employee_id: employeeId });
  if (error) fail(error);
  return data as number;
}
