import { describe, expect, it } from 'vitest';
import { allTexts } from './index.ts';

// The namespaces' file names in each language: locales/<language>/<namespace>.json.
const FILES = Object.keys(import.meta.glob('./locales/*/*.json'));
const namespacesIn = (language: string) =>
  FILES.filter((file) => file.startsWith(`./locales/${language}/`)).map((file) => file.split('/').pop());

/** Every key path of a nested texts object, with the type of its value. */
function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [`${prefix}:${typeof value}`];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('texts', () => {
  it('every namespace has a file in both languages', () => {
    expect(namespacesIn('fr')).toEqual(namespacesIn('en'));
    expect(FILES.filter((file) => !/^\.\/locales\/(en|fr)\//.test(file))).toEqual([]);
  });

  it('French has exactly the keys of English, in every feature', async () => {
    const texts = await allTexts();
    expect(keys(texts.fr).sort()).toEqual(keys(texts.en).sort());
  });

  it('no text is empty in either language', async () => {
    const texts = await allTexts();
    for (const lang of ['en', 'fr'] as const) {
      const empty = keys(texts[lang])
        .filter((k) => k.endsWith(':string'))
        .filter((k) => {
          const path = k.slice(0, k.lastIndexOf(':')).split('.');
          const text = path.reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], texts[lang]);
          return String(text).trim() === '';
        });
      expect(empty, lang).toEqual([]);
    }
  });

  it('the scanner page, which has no i18next, names the fingers as the fingers namespace does', async () => {
    const texts = await allTexts();
    for (const lang of ['en', 'fr'] as const) {
      const { scanner, fingers } = texts[lang] as Record<string, Record<string, Record<string, unknown>>>;
      expect(scanner!.register!.fingers, lang).toEqual(fingers);
    }
  });
});
