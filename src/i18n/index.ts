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

// Each feature's texts (src/i18n/features/<feature>.ts) under its own namespace key: t('kiosk.ready').
const features = Object.values(
  import.meta.glob<{ default: FeatureTexts }>('./features/*.ts', { eager: true }),
).map((m) => m.default);

export const TEXTS = {
  en: { ...en, ...Object.fromEntries(features.map((f) => [f.namespace, f.en])) },
  fr: { ...fr, ...Object.fromEntries(features.map((f) => [f.namespace, f.fr])) },
} as const;

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
