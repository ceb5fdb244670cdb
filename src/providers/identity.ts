// Who is signed in, read from the database (the employee row), never from user metadata.
import { isRole, type Role } from '../domain/access/roles.ts';
import { isLanguage, type Language } from '../i18n/index.ts';
import { loadSupabase, supabase } from '../data/client.ts';

export interface Identity {
  userId: string;
  employeeId: string;
  name: string;
  email: string;
  role: Role;
  language: Language | null;
  country: 'US' | 'BF' | null;
}

/**
 * How long one read of the employee row answers every caller. A page asks many times at once
 * (access control for each menu entry and button, the header, the screen); without this each ask
 * was a request (about twelve per page load). Keyed by the session's token, so signing in or out,
 * or a refreshed token, reads again; the database still refuses a deactivated person at once.
 */
const IDENTITY_TTL_MS = 10_000;
let cached: { key: string; at: number; identity: Promise<Identity | null> } | null = null;

/** Forget the cached identity (after the person changed their own row, e.g. their language). */
export function forgetIdentity(): void {
  cached = null;
}

export async function loadIdentity(): Promise<Identity | null> {
  await loadSupabase();
  const { data: session } = await supabase().auth.getSession();
  const user = session.session?.user;
  if (!user) {
    cached = null;
    return null;
  }
  const key = `${user.id}:${session.session!.access_token}`;
  if (cached && cached.key === key && Date.now() - cached.at < IDENTITY_TTL_MS) return cached.identity;
  const identity = readIdentity(user.id);
  const entry = { key, at: Date.now(), identity };
  cached = entry;
  // A failed read is not remembered.
  identity.then(
    (value) => {
      if (value === null && cached === entry) cached = null;
    },
    () => {
      if (cached === entry) cached = null;
    },
  );
  return identity;
}

async function readIdentity(userId: string): Promise<Identity | null> {
  const { data, error } = await supabase()
    .from('employees')
    .select('id, first_name, last_name, email, role, locale, status, sites(country)')
    .eq('user_id', userId)
    .maybeSingle();
  if (error || !data || data.status !== 'active' || !isRole(data.role)) return null;
  const site = data.sites as unknown as { country: 'US' | 'BF' } | null;
  return {
    userId,
    employeeId: data.id as string,
    name: `${data.first_name} ${data.last_name}`.trim(),
    email: data.email as string,
    role: data.role,
    language: isLanguage(data.locale) ? data.locale : null,
    country: site?.country ?? null,
  };
}
