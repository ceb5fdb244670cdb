// What the auth server's refusals mean to a person, as keys of the 'accounts' texts. The server
// answers with GoTrue's codes and the sign-up hook's refusal codes; the screens say it in the
// person's language.
import { MIN_PASSWORD_LENGTH, type PasswordProblem } from '../../domain/password-policy.ts';

interface AuthLikeError {
  message?: string;
  code?: string;
  status?: number;
  reasons?: string[];
}

/** The database's sign-up refusals (public.hook_before_user_created and the sign-up triggers), by
 * their code (the hook's message; the auth server may prefix it). */
const SIGNUP_REFUSALS: Array<[RegExp, string]> = [
  [/\bsignup\.invitation_required\b/, 'accounts.refusals.invitationRequired'],
  [/\bsignup\.invitation_invalid\b/, 'accounts.refusals.invitationInvalid'],
  [/\bsignup\.invitation_other_email\b/, 'accounts.refusals.invitationOtherEmail'],
  [/\bsignup\.employee_has_account\b/, 'accounts.refusals.employeeHasAccount'],
];

/** The key of a sign-up refusal's text, or null when it is not one the product knows. */
export function signupRefusalKey(error: AuthLikeError): string | null {
  if (error.code === 'user_already_exists' || error.code === 'email_exists')
    return 'accounts.refusals.userExists';
  const found = SIGNUP_REFUSALS.find(([pattern]) => pattern.test(error.message ?? ''));
  return found ? found[1] : null;
}

const passwordProblems = (reasons: string[]): PasswordProblem[] =>
  reasons.filter((r): r is PasswordProblem => ['length', 'characters', 'pwned'].includes(r));

export type PasswordRefusal =
  | { kind: 'weak'; reasons: PasswordProblem[] }
  | { kind: 'wrong-current' }
  | { kind: 'same' }
  | { kind: 'other'; message: string };

/** A refused password change: too weak (with GoTrue's reasons), wrong current password, or unchanged. */
export function passwordRefusal(
  error: AuthLikeError & { params?: Record<string, unknown> },
): PasswordRefusal {
  // Already a coded refusal (src/features/account/data.ts): read it back.
  if (error.code === 'password.weak')
    return { kind: 'weak', reasons: passwordProblems(String(error.params?.reasons ?? '').split(',')) };
  if (error.code === 'password.wrong_current') return { kind: 'wrong-current' };
  if (error.code === 'password.same') return { kind: 'same' };
  if (error.code === 'weak_password') {
    return { kind: 'weak', reasons: passwordProblems(error.reasons ?? []) };
  }
  if (error.code === 'same_password') return { kind: 'same' };
  if (
    [
      'current_password_invalid',
      'current_password_mismatch',
      'current_password_required',
      'invalid_credentials',
    ].includes(error.code ?? '') ||
    /current password/i.test(error.message ?? '')
  )
    return { kind: 'wrong-current' };
  return { kind: 'other', message: error.message ?? '' };
}

/** The sentence for a password the server refused as too weak, from its reasons. */
export function weakPasswordText(
  t: (key: string, options?: Record<string, unknown>) => string,
  reasons: string[],
): string {
  const min = MIN_PASSWORD_LENGTH;
  return reasons.length === 0
    ? t('accounts.password.weak')
    : reasons.map((reason) => t(`accounts.password.${reason}`, { min })).join(' ');
}
