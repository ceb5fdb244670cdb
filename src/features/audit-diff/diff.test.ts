import { describe, expect, it } from 'vitest';
import { diffLines, readable } from './diff.ts';

describe('diffLines', () => {
  it('shows a change field by field, old → new, and a recorded value as it is', () => {
    expect(
      diffLines({
        role: { old: 'employee', new: 'manager' },
        salary: { old: null, new: 1200 },
        email: 'a@b.c',
      }),
    ).toEqual([
      { field: 'email', value: 'a@b.c', changed: false },
      { field: 'role', old: 'employee', new: 'manager', changed: true },
      { field: 'salary', old: '∅', new: '1200', changed: true },
    ]);
  });

  it('compares a whole row given as old and new, field by field', () => {
    expect(diffLines({ old: { rate: 0.062, cap: 1000 }, new: { rate: 0.065, cap: 1000, floor: 1 } })).toEqual(
      [
        { field: 'floor', old: '∅', new: '1', changed: true },
        { field: 'rate', old: '0.062', new: '0.065', changed: true },
      ],
    );
  });

  it('gives nothing for an empty or malformed diff', () => {
    expect(diffLines({})).toEqual([]);
    expect(diffLines(null)).toEqual([]);
    expect(diffLines([1, 2])).toEqual([]);
  });
});

describe('readable values (the reader’s language)', () => {
  const texts: Record<string, string> = {
    'auditValues.yes': 'Oui',
    'auditValues.no': 'Non',
    'auditValues.empty': 'vide',
    'auditValues.items': '{{count}} éléments',
    'auditValues.codes.manager': 'Responsable',
    'auditValues.codes.approved': 'Approuvé',
    'auditFields.start_date': 'Début',
  };
  const t = (key: string, options?: Record<string, unknown>) =>
    (texts[key] ?? String(options?.defaultValue ?? key)).replace(/\{\{(\w+)\}\}/g, (_, n: string) =>
      String(options?.[n] ?? ''),
    );
  const fr = { t, language: 'fr' };

  it('reads booleans, codes, dates, numbers and nested records as words, never JSON', () => {
    expect(readable(true, fr)).toBe('Oui');
    expect(readable(false, fr)).toBe('Non');
    expect(readable('manager', fr)).toBe('Responsable');
    expect(readable('some_unknown_code', fr)).toBe('some_unknown_code');
    expect(readable('2026-11-17', fr)).toBe('17 nov. 2026');
    expect(readable(1234.5, fr)).toBe('1\u202f234,5');
    expect(readable(['Mon', 'Tue'], fr)).toBe('Mon, Tue');
    expect(readable([{ a: 1 }, { a: 2 }], fr)).toBe('2 éléments');
    expect(readable({ start_date: '2026-11-17', status: 'approved' }, fr)).toBe(
      'Début: 17 nov. 2026; Status: Approuvé',
    );
    expect(readable('', fr)).toBe('vide');
    expect(readable('x'.repeat(200), fr)).toHaveLength(120);
  });
});
