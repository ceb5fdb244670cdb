// The password rule, as GoTrue's reason codes (weak_password.reasons): the screens show the same
// hint the auth server enforces. Minimal stand-in until the auth service's full rule lands
// (helper "authcore" owns this file; it keeps this signature).
export type PasswordProblem = 'length' | 'characters' | 'pwned';

export const MIN_PASSWORD_LENGTH = 8;

/** The reasons this password would be refused; empty when it is acceptable. */
export function passwordProblems(password: string, _email?: string): PasswordProblem[] {
  return password.length < MIN_PASSWORD_LENGTH ? ['length'] : [];
}
