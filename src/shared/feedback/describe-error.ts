// Which text a person reads for a failure: the EN/FR text of its code (src/i18n/features/errors.ts,
// key `errors.<code>` with the error's parameters), a CHECK constraint's text, else a generic
// translated sentence. Never the server's own words.
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

function known(t: TFunction, key: string, params: Record<string, unknown>): string | null {
  const text = t(key, placeholderValues(params));
  return text !== key ? text : null;
}

export function describeError(t: TFunction, error: unknown): string {
  const e = toDbError(error);
  if (e.code === 'check.violation') return checkViolationText(t, e.params) ?? t('errors.db.unknown');
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
