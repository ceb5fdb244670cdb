// Which text a person reads for a failure: the EN/FR text of its code (src/i18n/features/errors.ts,
// key `errors.<code>` with the error's parameters), else a generic translated sentence. Never the
// server's own words.
import type { TFunction } from 'i18next';
import type { DbError } from '../../data/errors.ts';
import { toDbError } from '../../data/errors.ts';
import { dbErrorText } from '../../providers/db-errors.ts';

export function describeError(t: TFunction, error: unknown): string {
  const e: DbError = toDbError(error);
  const key = `errors.${e.code}`;
  const text = t(key, e.params);
  if (text !== key) return text;
  if (e.code === 'check.violation') return dbErrorText(t, e.serverMessage) ?? t('errors.db.unknown');
  // TRANSITIONAL (issue 24): English refusals not yet moved to codes.
  if ((e.sqlState === 'P0001' || e.sqlState === '42501') && e.code === 'db.unknown')
    return dbErrorText(t, e.serverMessage) ?? e.serverMessage;
  return t('errors.db.unknown');
}
