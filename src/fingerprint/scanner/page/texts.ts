// The scanner page's texts without i18next: the feature file's English or French, `{{name}}` filled in.
import scanner from '../../../i18n/features/scanner.ts';

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
  const texts = scanner[language] as unknown as Record<string, unknown>;
  const translate = (key: string, values: Record<string, string | number> = {}) => {
    let node: unknown = texts;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const text = typeof node === 'string' ? node : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
  return Object.assign(translate, { language });
}
