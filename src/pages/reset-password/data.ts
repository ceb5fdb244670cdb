// The 'Set a new password' screen's data: what the recovery link brought, and the new password.
import { homeFor } from '../../domain/access/roles.ts';
import { onPasswordRecovery } from '../../providers/auth-provider.ts';
import { loadIdentity } from '../../providers/identity.ts';
import { loadSupabase, supabase } from '../../data/client.ts';

/** What the address's fragment says, read before supabase-js consumes it. */
export type RecoveryLink = 'recovery' | 'invalid' | 'none';

export function recoveryLinkIn(hash: string): RecoveryLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.get('error') || params.get('error_code')) return 'invalid';
  return params.get('type') === 'recovery' && params.get('access_token') ? 'recovery' : 'none';
}

/**
 * The e-mail of the account the recovery link signed in, once supabase-js has read the link
 * (its PASSWORD_RECOVERY event, or the session it saved if the event came first); null if none.
 */
export async function recoveredAccount(link: RecoveryLink): Promise<string | null> {
  if (link !== 'recovery') return null;
  let stop = () => {};
  const fromEvent = new Promise<string>((resolve) => {
    void onPasswordRecovery(resolve).then((unsubscribe) => (stop = unsubscribe));
  });
  // getSession waits for supabase-js to finish reading the link.
  const fromSession = loadSupabase()
    .then(() => supabase().auth.getSession())
    .then(({ data }) => data.session?.user.email ?? null);
  const email = await Promise.race([fromEvent, fromSession]);
  stop();
  return email;
}

/** Sets the new password with the recovery session; answers the person's home screen. */
export async function saveNewPassword(password: string): Promise<string> {
  const { error } = await supabase().auth.updateUser({ password });
  if (error) throw error;
  const identity = await loadIdentity();
  return identity ? homeFor(identity.role) : '/login';
}
