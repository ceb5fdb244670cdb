// Which text a person reads for a failure: the EN/FR text of its code (key `errors.<code>` in
// src/i18n/locales/*/errors.json, with the error's parameters), a CHECK constraint's text, else a
// generic translated sentence. Never the server's own words.
import type { TFunction } from 'i18next';
import { toDbError } from '../../data/errors.ts';
import { checkViolationText } from './check-violation.ts';

// i18next reads some option names from the values object (lng, context, replace...): parameters
// from the server must only fill placeholders (and `count`, for plurals), never steer the lookup.
const I18NEXT_OPTIONS = new Set([
  'lng',
  'lngs',
  'ns',
  'context',
  'keyPrefix',
  'replace',
  'defaultValue',
  'interpolation',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'postProcess',
  'fallbackLng',
  'ordinal',
  'nsSeparator',
  'keySeparator',
]);

/** The server's parameters without any name i18next would take as an option. */
export function placeholderValues(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([name]) => !I18NEXT_OPTIONS.has(name)));
}

const VALUE = /^[a-z][a-z0-9_]*$/;

/**
 * The parameters with the values that are codes (a status, a field's key) in the reader's words:
 * `keyOf(name, value)` names the text of a value; a value without one stays as it is.
 */
export function translatedValues(
  t: TFunction,
  params: unknown,
  keyOf: (name: string, value: string) => string,
): Record<string, unknown> {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return {};
  return Object.fromEntries(
    Object.entries(params as Record<string, unknown>).map(([name, value]) => {
      if (typeof value !== 'string' || !VALUE.test(value)) return [name, value];
      const key = keyOf(name, value);
      const word = t(key);
      return [name, word === key ? value : word];
    }),
  );
}

function known(t: TFunction, key: string, params: Record<string, unknown>): string | null {
  const values = translatedValues(t, params, (name, value) => `errors.values.${name}.${value}`);
  const text = t(key, placeholderValues(values));
  return text !== key ? text : null;
}

export function describeError(t: TFunction, error: unknown): string {
  const e = toDbError(error);
  if (e.code === 'check.violation') return checkViolationText(t, e.params) ?? t('errors.db.unknown');
  // A unique index some screens can meet has its own sentence; any other says 'already exists'.
  if (e.code === 'db.duplicate' && typeof e.params.constraint === 'string' && VALUE.test(e.params.constraint))
    return known(t, `errors.duplicate.${e.params.constraint}`, {}) ?? t('errors.db.duplicate');
  return known(t, `errors.${e.code}`, e.params) ?? t('errors.db.unknown');
}

/** The second line some refusals carry ('Employee must check out before checking in again.'), or null. */
export function describeErrorHint(t: TFunction, error: unknown): string | null {
  const e = toDbError(error);
  return known(t, `errors.${e.code}_hint`, e.params);
}

/** The refusal and its second line in one sentence. */
export function describeErrorFully(t: TFunction, error: unknown): string {
  const hint = describeErrorHint(t, error);
  const text = describeError(t, error);
  return hint ? `${text} ${hint}` : text;
}
