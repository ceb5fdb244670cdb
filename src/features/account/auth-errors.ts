// What the auth server's refusals mean to a person, as keys of the 'accounts' texts. The server
// answers in English (GoTrue's codes and the sign-up hook's messages); the screens say it in the
// person's language.
import { MIN_PASSWORD_LENGTH, type PasswordProblem } from '../../domain/password-policy.ts';

interface AuthLikeError {
  message?: string;
  code?: string;
  status?: number;
  reasons?: string[];
}

/** The database's sign-up refusals (public.hook_before_user_created), by their English message. */
const SIGNUP_REFUSALS: Array<[RegExp, string]> = [
  [/prepared by your company/i, 'accounts.refusals.invitationRequired'],
  [/invitation link is no longer valid/i, 'accounts.refusals.invitationInvalid'],
  [/invitation was sent to another e-mail/i, 'accounts.refusals.invitationOtherEmail'],
  [/employee already has an account/i, 'accounts.refusals.employeeHasAccount'],
];

/** The key of a sign-up refusal's text, or null when it is not one the product knows. */
export function signupRefusalKey(error: AuthLikeError): string | null {
  if (error.code === 'user_already_exists' || error.code === 'email_exists')
    return 'accounts.refusals.userExists';
  const found = SIGNUP_REFUSALS.find(([pattern]) => pattern.test(error.message ?? ''));
  return found ? found[1] : null;
}

export type PasswordRefusal =
  | { kind: 'weak'; reasons: PasswordProblem[] }
  | { kind: 'wrong-current' }
  | { kind: 'same' }
  | { kind: 'other'; message: string };

/** A refused password change: too weak (with GoTrue's reasons), wrong current password, or unchanged. */
export function passwordRefusal(error: AuthLikeError): PasswordRefusal {
  if (error.code === 'weak_password') {
    const reasons = (error.reasons ?? []).filter((r): r is PasswordProblem =>
      ['length', 'characters', 'pwned'].includes(r),
    );
    return { kind: 'weak', reasons };
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
