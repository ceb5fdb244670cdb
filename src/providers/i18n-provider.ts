// Refine's i18n provider over i18next, and the language switch: a signed-in person's
// choice is stored on their employee row (a contact field they may edit).
import type { I18nProvider } from '@refinedev/core';
import { i18n, rememberLanguage, type Language } from '../i18n/index.ts';
import { forgetIdentity } from './identity.ts';
import { loadSupabase, supabase } from '../data/client.ts';

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: Record<string, unknown>, defaultMessage?: string) =>
    i18n.exists(key) ? String(i18n.t(key, options)) : (defaultMessage ?? key),
  changeLocale: (language: string) => i18n.changeLanguage(language),
  getLocale: () => i18n.language,
};

export async function switchLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await i18n.changeLanguage(language);
  await loadSupabase();
  const { data } = await supabase().auth.getSession();
  if (data.session) {
    await supabase().from('employees').update({ locale: language }).eq('user_id', data.session.user.id);
    forgetIdentity();
  }
}
