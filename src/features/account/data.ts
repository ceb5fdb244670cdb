// The signed-in person's own account, through auth.
import { supabase } from '../../data/client.ts';

/**
 * Changes the signed-in person's password. The auth server checks the current one itself ('Require
 * current password when changing password'), so a stolen session alone cannot change it. Its
 * refusals (wrong current password, too weak, with GoTrue's reasons) are rethrown as auth gave them:
 * auth-errors.ts reads their code and reasons.
 */
export async function changePassword(current: string, next: string): Promise<void> {
  const { error } = await supabase().auth.updateUser({ password: next, current_password: current });
  if (error) throw error;
}
