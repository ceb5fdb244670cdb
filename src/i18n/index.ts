// i18next with English and French; antd and dayjs follow the language. The texts are data, one JSON
// file per language and namespace: src/i18n/locales/<language>/<namespace>.json (README.md here).
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import coreEn from './locales/en/core.json';
import coreFr from './locales/fr/core.json';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'pointage.language';

export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'fr';

function initialLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : 'en';
  return isLanguage(browser) ? browser : 'en';
}

type Texts = Record<string, unknown>;

// The public pages' texts (core.json, its keys at the top level: t('login.title')) are in the first paint.
const CORE: Record<Language, Texts> = { en: coreEn, fr: coreFr };

// Every other namespace's texts, under its own key: t('kiosk.ready') is in locales/<language>/kiosk.json.
// They load on demand, with the signed-in shell (App.tsx waits for loadFeatureTexts() before
// RefineShell renders): the public pages' first paint does not carry every screen's texts. A
// namespace's files arrive together, every language in one module ('?languages':
// server/locale-texts.ts), so that switching language stays instant.
const namespaceFiles = import.meta.glob<{ default: Record<Language, Texts> }>(
  ['./en/*.json', '!./en/core.json'],
  { base: './locales', query: '?languages' },
);
const NAMESPACES = Object.keys(namespaceFiles).map((path) => path.slice('./en/'.length, -'.json'.length));
const load = (namespace: string) => namespaceFiles[`./en/${namespace}.json`]!().then((file) => file.default);

/** Every namespace's texts, merged into the core texts (for the texts test). */
export async function allTexts(): Promise<Record<Language, Texts>> {
  const texts = await Promise.all(NAMESPACES.map(load));
  const inLanguage = (language: Language) => ({
    ...CORE[language],
    ...Object.fromEntries(NAMESPACES.map((namespace, i) => [namespace, texts[i]![language]])),
  });
  return { en: inLanguage('en'), fr: inLanguage('fr') };
}

const loaded = new Map<string, Promise<void>>();

/** Adds namespaces' texts to i18next, each once: every namespace (the signed-in shell), or only the
 * named ones ('kiosk': locales/<language>/kiosk.json), for the screens that render without the
 * shell (the kiosk and the scanner: src/components/LightGuardedScreen.tsx). */
export function loadFeatureTexts(only?: readonly string[]): Promise<void> {
  return Promise.all(
    NAMESPACES.filter((namespace) => !only || only.includes(namespace)).map((namespace) => {
      let done = loaded.get(namespace);
      if (!done) {
        done = load(namespace).then((texts) => {
          for (const language of LANGUAGES)
            i18n.addResourceBundle(language, 'translation', { [namespace]: texts[language] }, true, true);
        });
        loaded.set(namespace, done);
      }
      return done;
    }),
  ).then(() => undefined);
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: CORE.en }, fr: { translation: CORE.fr } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

export function rememberLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
}

export { i18n };
