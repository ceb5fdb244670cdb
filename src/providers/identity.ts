// Who is signed in, read from the database (the employee row), never from user metadata.
import { isRole, type Role } from '../domain/access/roles.ts';
import { isLanguage, type Language } from '../i18n/index.ts';
import { loadSupabase, supabase } from './supabase.ts';

export interface Identity {
  userId: string;
  employeeId: string;
  name: string;
  email: string;
  role: Role;
  language: Language | null;
  country: 'US' | 'BF' | null;
}

export async function loadIdentity(): Promise<Identity | null> {
  await loadSupabase();
  const { data: session } = await supabase().auth.getSession();
  const user = session.session?.user;
  if (!user) return null;
  const { data, error } = await supabase()
    .from('employees')
    .select('id, first_name, last_name, email, role, locale, status, sites(country)')
    .eq('user_id', user.id)
    .maybeSingle();
  if (error || !data || data.status !== 'active' || !isRole(data.role)) return null;
  const site = data.sites as unknown as { country: 'US' | 'BF' } | null;
  return {
    userId: user.id,
    employeeId: data.id as string,
    name: `${data.first_name} ${data.last_name}`.trim(),
    email: data.email as string,
    role: data.role,
    language: isLanguage(data.locale) ? data.locale : null,
    country: site?.country ?? null,
  };
}
