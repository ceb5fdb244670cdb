import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import domainsEn from '../../i18n/locales/en/domains.json';
import errorsEn from '../../i18n/locales/en/errors.json';
import domainsFr from '../../i18n/locales/fr/domains.json';
import errorsFr from '../../i18n/locales/fr/errors.json';
import { DbError } from '../../data/errors.ts';
import { parseCheckViolation } from './check-violation.ts';
import { describeError, describeErrorFully, describeErrorHint } from './describe-error.ts';

const TEXTS = { en: { errors: errorsEn, domains: domainsEn }, fr: { errors: errorsFr, domains: domainsFr } };

// A t() over the errors and domains texts in one language, with {{x}} interpolation, returning the
// key when it has no text (as i18next does).
function tIn(lang: 'en' | 'fr'): TFunction {
  const roots: Record<string, unknown> = TEXTS[lang];
  return ((key: string, params: Record<string, unknown> = {}) => {
    const [root, ...path] = key.split('.');
    let node: unknown = roots[root!];
    for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') return key;
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
  }) as unknown as TFunction;
}
const t = tIn('en');

const postgrest = (message: string, details: unknown = {}, code = 'P0001') => ({
  message,
  code,
  details: JSON.stringify(details),
  hint: '',
});

describe('parseCheckViolation', () => {
  it('reads column and kind from the constraint name', () => {
    expect(parseCheckViolation('employees_first_name_length', 'employees')).toEqual({
      table: 'employees',
      column: 'first_name',
      kind: 'length',
    });
    expect(parseCheckViolation('salary_structures_basic_salary_range', 'salary_structures')).toEqual({
      table: 'salary_structures',
      column: 'basic_salary',
      kind: 'range',
    });
    expect(parseCheckViolation('check_out_after_check_in', '')).toBeNull();
  });
});

describe('describeError', () => {
  it('gives the text of a known code with its parameters, in English and in French', () => {
    const error = postgrest('attendance.too_long', { hours: 30 });
    expect(describeError(t, error)).toBe('An attendance record lasts at most 30 hours');
    expect(describeError(tIn('fr'), error)).toBe('Un pointage dure au plus 30 heures');
    expect(describeError(t, postgrest('punch.already_checked_in'))).toBe('Already Checked In');
  });

  it('gives the second line of a refusal that has one', () => {
    const error = postgrest('punch.already_checked_in');
    expect(describeErrorHint(t, error)).toBe('Employee must check out before checking in again.');
    expect(describeErrorFully(t, error)).toBe(
      'Already Checked In Employee must check out before checking in again.',
    );
    expect(describeErrorHint(t, postgrest('employee.not_found'))).toBeNull();
  });

  it('names the field and the bound of a CHECK violation', () => {
    const tooLong = postgrest(
      'new row for relation "notifications" violates check constraint "notifications_message_length"',
      null,
      '23514',
    );
    expect(describeError(t, tooLong)).toBe('Message is too long: at most 2000 characters');
    const window = postgrest(
      'new row for relation "holidays" violates check constraint "holidays_date_window"',
      null,
      '23514',
    );
    expect(describeError(t, window)).toBe('Dates must be between 2000-01-01 and 2100-12-31');
  });

  it('shows the generic translated text for an unknown code, never the raw message', () => {
    expect(describeError(t, postgrest('nothing.we_know'))).toBe('The request failed. Please try again.');
    expect(describeError(tIn('fr'), postgrest('Some English sentence'))).toBe(
      'La demande a échoué. Veuillez réessayer.',
    );
    expect(describeError(t, new DbError('db.unknown', {}, null, 'raw words'))).not.toContain('raw words');
    expect(describeError(t, { name: 'TypeError', message: 'Failed to fetch' })).toBe(
      'No connection to the server. Check the network and try again.',
    );
  });
});

describe('server parameters', () => {
  it('fill placeholders only: a parameter named like an i18next option does not steer the text', async () => {
    const { placeholderValues } = await import('./describe-error.ts');
    expect(placeholderValues({ lng: 'fr', context: 'x', replace: {}, name: 'Awa', count: 2 })).toEqual({
      name: 'Awa',
      count: 2,
    });
  });
});
