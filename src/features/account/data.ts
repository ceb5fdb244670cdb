// The signed-in person's own account, through auth. Failures are DbErrors with codes: a refused
// password is `password.weak` (with the policy's reasons), `password.wrong_current` or
// `password.same`; anything else as toDbError names it (auth.<code>, network...), never auth's words.
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../data/client.ts';
import { DbError, toDbError } from '../../data/errors.ts';
import { passwordRefusal } from './auth-errors.ts';

/** A refused password change as a DbError with the refusal's code. */
export function passwordError(error: unknown): DbError {
  const refusal = passwordRefusal(error as { message?: string; code?: string; reasons?: string[] });
  if (refusal.kind === 'weak') return new DbError('password.weak', { reasons: refusal.reasons.join(',') });
  if (refusal.kind === 'wrong-current') return new DbError('password.wrong_current');
  if (refusal.kind === 'same') return new DbError('password.same');
  return toDbError(error);
}

/**
 * Changes the signed-in person's password. The auth server checks the current one itself ('Require
 * current password when changing password'), so a stolen session alone cannot change it.
 */
async function changePassword({ current, next }: { current: string; next: string }): Promise<void> {
  const { error } = await supabase().auth.updateUser({ password: next, current_password: current });
  if (error) throw passwordError(error);
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
