import { describe, expect, it } from 'vitest';
import { allTexts } from './index.ts';

const TEXTS = await allTexts();

/** Every key path of a nested texts object, with the type of its value. */
function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [`${prefix}:${typeof value}`];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('texts', () => {
  it('French has exactly the keys of English, in every feature', () => {
    expect(keys(TEXTS.fr).sort()).toEqual(keys(TEXTS.en).sort());
  });

  it('no text is empty in either language', () => {
    for (const lang of ['en', 'fr'] as const) {
      const empty = keys(TEXTS[lang])
        .filter((k) => k.endsWith(':string'))
        .filter((k) => {
          const path = k.slice(0, k.lastIndexOf(':')).split('.');
          const text = path.reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], TEXTS[lang]);
          return String(text).trim() === '';
        });
      expect(empty, lang).toEqual([]);
    }
  });
});
