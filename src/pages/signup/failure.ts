// The sentence a refused sign-up shows: the product's refusals in the person's language, else the
// auth server's own message.
import { signupRefusalKey } from '../../features/account/index.ts';

export function signupFailure(t: (key: string) => string, error: unknown): string {
  const failure = (error ?? {}) as { message?: string; code?: string };
  const key = signupRefusalKey(failure);
  return key ? t(key) : failure.message || t('signup.somethingWrong');
}
