// 'Forgot password?': the auth server sends a recovery link to the address, which opens the
// 'Set a new password' screen. It answers the same whether or not the address has an account.
import { loadSupabase, supabase } from '../../data/client.ts';

export const RESET_PASSWORD_PATH = '/reset-password';

export async function sendRecoveryLink(email: string): Promise<void> {
  await loadSupabase();
  const { error } = await supabase().auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}${RESET_PASSWORD_PATH}`,
  });
  if (error) throw error;
}
