// Sign-up: the form's fields go to the account's metadata; the database decides the role
// (first account of an empty system: admin; otherwise employee with a pending request).
import { loadSupabase, supabase } from '../../data/client.ts';
import { enrolOwnFinger, keepUntilLogin, type CapturedFinger } from '../../features/own-fingerprint/index.ts';
import type { EnrolStatus } from '../../fingerprint/server/enrol-endpoint.ts';

export const REQUESTABLE_ROLES = ['admin', 'manager', 'employee'] as const;
export type RequestedRole = (typeof REQUESTABLE_ROLES)[number];

export interface SignupForm {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone: string;
  position: string;
  department: string;
  joining_date: string;
  employment_type: string;
  salary?: string | number | null;
  address?: string;
  emergency_contact?: string;
  emergency_phone?: string;
  role: RequestedRole;
  terms: boolean;
}

const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : (value ?? null);

/** Salary to a number or null, as the spec says; optional empty fields to null. */
export function signupMetadata(form: SignupForm): Record<string, unknown> {
  const salary =
    form.salary === undefined || form.salary === null || String(form.salary).trim() === ''
      ? null
      : Number(form.salary);
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    phone: form.phone.trim(),
    position: form.position.trim(),
    department: form.department.trim(),
    joining_date: form.joining_date,
    employment_type: form.employment_type,
    salary: salary === null || Number.isNaN(salary) ? null : salary,
    address: blankToNull(form.address),
    emergency_contact: blankToNull(form.emergency_contact),
    emergency_phone: blankToNull(form.emergency_phone),
    role: form.role,
    has_agreed_to_terms: form.terms === true,
  };
}

export type SignupOutcome = (
  | { kind: 'employee' }
  | { kind: 'admin' }
  | { kind: 'pending'; role: string }
  // No session yet: the address is confirmed first, through the link auth e-mails.
  | { kind: 'confirm' }
) & {
  /** What became of the scanned finger: the endpoint's answer, 'at-login' (no session yet), or none scanned. */
  fingerprint?: EnrolStatus | 'at-login';
};

/**
 * Sign-up through an invitation: the token goes in the metadata, where the database checks it
 * (public.hook_before_user_created, app.claim_invitation) and links the account to the record the
 * invitation was for, with its details and role. Answers whether the e-mail must be confirmed first.
 */
export async function signUpInvited(
  email: string,
  password: string,
  token: string,
): Promise<{ confirmEmail: boolean }> {
  await loadSupabase();
  const { data, error } = await supabase().auth.signUp({
    email: email.trim(),
    password,
    options: { data: { invitation_token: token } },
  });
  if (error) throw error;
  // The person logs in themselves next, as after any sign-up.
  if (data.session) await supabase().auth.signOut({ scope: 'local' });
  return { confirmEmail: !data.session };
}

export async function signUp(form: SignupForm, capture?: CapturedFinger | null): Promise<SignupOutcome> {
  await loadSupabase();
  const { data, error } = await supabase().auth.signUp({
    email: form.email.trim(),
    password: form.password,
    options: { data: signupMetadata(form) },
  });
  if (error) throw error;
  let outcome: SignupOutcome = { kind: 'employee' };
  if (data.session) {
    const { data: me } = await supabase()
      .from('employees')
      .select('role')
      .eq('user_id', data.session.user.id)
      .maybeSingle();
    const { data: requests } = await supabase()
      .from('role_requests')
      .select('requested_role')
      .eq('status', 'pending');
    if (me?.role === 'admin') outcome = { kind: 'admin' };
    else if (requests && requests.length > 0)
      outcome = { kind: 'pending', role: String(requests[0]!.requested_role) };
    // The finger is enrolled with the new session: the server searches for duplicates and stores it.
    if (capture) {
      outcome.fingerprint = await enrolOwnFinger(capture);
      // The check could not run: it is tried again at the first login in this tab.
      if (outcome.fingerprint === 'unavailable') keepUntilLogin(form.email, capture);
    }
    // The person logs in themselves next, as the spec's flow goes.
    await supabase().auth.signOut({ scope: 'local' });
  } else {
    outcome = { kind: 'confirm' };
    if (capture) {
      // The account waits for its e-mail confirmation: the finger is enrolled at the first login.
      keepUntilLogin(form.email, capture);
      outcome.fingerprint = 'at-login';
    }
  }
  return outcome;
}
