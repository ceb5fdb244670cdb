// i18next with English and French; antd and dayjs follow the language.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { fr } from './fr.ts';
import type { FeatureTexts } from './define.ts';

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

// The public pages' texts (en.ts, fr.ts) are in the first paint.
export const TEXTS = { en, fr } as const;

// Each feature's texts (src/i18n/features/<feature>.ts) under its own namespace key: t('kiosk.ready').
// They load on demand, with the signed-in shell (App.tsx waits for loadFeatureTexts() before
// RefineShell renders): the public pages' first paint does not carry every screen's texts.
const featureModules = import.meta.glob<{ default: FeatureTexts }>('./features/*.ts');

/** Every feature's texts, merged into the core texts (for the shell, and for the texts test). */
export async function allTexts() {
  const features = (await Promise.all(Object.values(featureModules).map((load) => load()))).map(
    (m) => m.default,
  );
  return {
    en: { ...en, ...Object.fromEntries(features.map((f) => [f.namespace, f.en])) },
    fr: { ...fr, ...Object.fromEntries(features.map((f) => [f.namespace, f.fr])) },
  };
}

const loaded = new Map<string, Promise<void>>();

/** Adds feature texts to i18next, each file once: every feature (the signed-in shell), or only the
 * named ones by file name ('kiosk': ./features/kiosk.ts), for the screens that render without the
 * shell (the kiosk and the scanner: src/components/LightGuardedScreen.tsx). */
export function loadFeatureTexts(only?: readonly string[]): Promise<void> {
  const paths = Object.keys(featureModules).filter(
    (path) => !only || only.some((name) => path === `./features/${name}.ts`),
  );
  return Promise.all(
    paths.map((path) => {
      let done = loaded.get(path);
      if (!done) {
        done = featureModules[path]!().then(({ default: feature }) => {
          for (const language of LANGUAGES)
            i18n.addResourceBundle(
              language,
              'translation',
              { [feature.namespace]: feature[language] },
              true,
              true,
            );
        });
        loaded.set(path, done);
      }
      return done;
    }),
  ).then(() => undefined);
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: TEXTS.en }, fr: { translation: TEXTS.fr } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

export function rememberLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
}

export { i18n };
