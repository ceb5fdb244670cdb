// Refine's auth provider over Supabase auth. Roles come from the employees table.
import type { AuthProvider } from '@refinedev/core';
import { homeFor } from '../domain/access/roles.ts';
import { i18n } from '../i18n/index.ts';
import { loadIdentity } from './identity.ts';
import { loadSupabase, supabase } from '../data/client.ts';

/** PostgREST's JWT errors: the session is gone or invalid. Other errors keep the user signed in. */
const JWT_ERRORS = new Set(['PGRST301', 'PGRST303']);

/**
 * Calls back when a password-recovery link signed this tab in (supabase-js's PASSWORD_RECOVERY
 * event, after it read the link's fragment): the 'Set a new password' screen opens on it.
 * Answers the function that stops listening.
 */
export async function onPasswordRecovery(callback: (email: string) => void): Promise<() => void> {
  await loadSupabase();
  const { data } = supabase().auth.onAuthStateChange((event, session) => {
    if (event === 'PASSWORD_RECOVERY' && session) callback(session.user.email ?? '');
  });
  return () => data.subscription.unsubscribe();
}

/**
 * A sign-in refusal: in English the service's own message, as the spec says ('Login Failed' with the
 * service message or 'Invalid credentials'); in French the text of its code, never its English sentence.
 */
function signInRefusal(error: { code?: string; name?: string; status?: number; message?: string }): string {
  if (!i18n.language.startsWith('fr')) return error.message || i18n.t('login.invalidCredentials');
  const code = error.code ?? '';
  if (['email_not_confirmed', 'user_banned', 'over_request_rate_limit'].includes(code))
    return i18n.t(`login.refusals.${code}`);
  if (error.name === 'AuthRetryableFetchError' || error.status === 0) return i18n.t('login.refusals.network');
  return i18n.t('login.invalidCredentials');
}

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    await loadSupabase();
    const { error } = await supabase().auth.signInWithPassword({ email, password });
    if (error) {
      return {
        success: false,
        error: {
          name: i18n.t('login.failedTitle'),
          message: signInRefusal(error),
        },
      };
    }
    // A person with two-factor sign-in reads nothing until the code raises the session to aal2
    // (restrictive policies): the login page asks for it, then finds the person's home.
    const { data: level } = await supabase().auth.mfa.getAuthenticatorAssuranceLevel();
    if (level?.nextLevel === 'aal2' && level.currentLevel !== 'aal2') return { success: true };
    const identity = await loadIdentity();
    if (!identity) {
      await supabase().auth.signOut({ scope: 'local' });
      return {
        success: false,
        error: { name: i18n.t('login.failedTitle'), message: i18n.t('login.roleNotFound') },
      };
    }
    return { success: true, redirectTo: homeFor(identity.role) };
  },

  async logout() {
    await loadSupabase();
    await supabase().auth.signOut({ scope: 'local' });
    return {
      success: true,
      redirectTo: '/login',
      successNotification: {
        message: i18n.t('common.loggedOutTitle'),
        description: i18n.t('common.loggedOutMessage'),
      },
    };
  },

  async check() {
    await loadSupabase();
    const { data } = await supabase().auth.getSession();
    let session = data.session;
    // Refresh before deciding when the access token is about to expire.
    if (session && session.expires_at && session.expires_at * 1000 - Date.now() < 60_000) {
      session = (await supabase().auth.refreshSession()).data.session;
    }
    return session ? { authenticated: true } : { authenticated: false, redirectTo: '/login', logout: true };
  },

  async onError(error: { code?: string; statusCode?: number }) {
    return JWT_ERRORS.has(error?.code ?? '')
      ? { logout: true, redirectTo: '/login', error: error as Error }
      : {};
  },

  async getIdentity() {
    return loadIdentity();
  },

  async getPermissions() {
    return (await loadIdentity())?.role ?? null;
  },
};
