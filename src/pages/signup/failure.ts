// The sentence a refused sign-up shows: the product's refusals in the person's language, else the
// auth server's own message (never a refusal code the screen does not know).
import { signupRefusalKey } from '../../features/account/index.ts';

const REFUSAL_CODE = /\b[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

export function signupFailure(t: (key: string) => string, error: unknown): string {
  const failure = (error ?? {}) as { message?: string; code?: string };
  const key = signupRefusalKey(failure);
  if (key) return t(key);
  if (!failure.message || REFUSAL_CODE.test(failure.message)) return t('signup.somethingWrong');
  return failure.message;
}
