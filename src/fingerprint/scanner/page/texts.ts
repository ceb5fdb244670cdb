// The scanner page's texts without i18next: the scanner namespace's English or French
// (src/i18n/locales/<language>/scanner.json), `{{name}}` filled in.
import scannerEn from '../../../i18n/locales/en/scanner.json';
import scannerFr from '../../../i18n/locales/fr/scanner.json';

export type PageLanguage = 'en' | 'fr';

/** ?lang=, else the app's remembered language (same origin: the host's choice), else the browser's. */
export function pageLanguage(query: URLSearchParams): PageLanguage {
  const wanted = query.get('lang') ?? localStorage.getItem('pointage.language') ?? navigator.language;
  return wanted?.slice(0, 2) === 'fr' ? 'fr' : 'en';
}

export interface Translator {
  (key: string, values?: Record<string, string | number>): string;
  language: PageLanguage;
}

export function createTranslator(language: PageLanguage): Translator {
  const texts: Record<string, unknown> = language === 'fr' ? scannerFr : scannerEn;
  const translate = (key: string, values: Record<string, string | number> = {}) => {
    let node: unknown = texts;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const text = typeof node === 'string' ? node : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
  return Object.assign(translate, { language });
}
