// A CHECK constraint's refusal (issue 23) in the reader's language. It reaches the client as 23514
// with the constraint's name (src/data/errors.ts gives it the code `check.violation` with the
// constraint and table as params); the names say what they hold
// (<table>_<column>_length | _range | _window | _size).
import type { TFunction } from 'i18next';
import { TEXT_LIMITS } from '../../domain/limits/index.ts';

const KINDS = ['length', 'range', 'window', 'size'] as const;

/** The constraint's column and kind, e.g. employees_first_name_length → first_name / length. */
export function parseCheckViolation(
  constraint: string,
  table: string,
): { table: string; column: string; kind: (typeof KINDS)[number] } | null {
  if (!constraint || !table || !constraint.startsWith(`${table}_`)) return null;
  const kind = KINDS.find((k) => constraint.endsWith(`_${k}`));
  if (!kind) return null;
  const column = constraint.slice(table.length + 1, -(kind.length + 1));
  return column ? { table, column, kind } : null;
}

/** The text of a check violation, or null when its constraint does not follow the naming. */
export function checkViolationText(
  t: TFunction,
  params: { constraint?: unknown; table?: unknown },
): string | null {
  const check = parseCheckViolation(String(params.constraint ?? ''), String(params.table ?? ''));
  if (!check) return null;
  const fieldKey = `domains.fields.${check.column}`;
  const field = t(fieldKey) === fieldKey ? t('domains.fields.other') : t(fieldKey);
  if (check.kind === 'window') return t('domains.dateWindow');
  if (check.kind === 'range') return t('domains.outOfRange', { field });
  if (check.kind === 'size') return t('domains.tooLarge', { field });
  const limits = TEXT_LIMITS as Record<string, Record<string, number> | undefined>;
  const max = limits[check.table]?.[check.column];
  return max ? t('domains.tooLong', { field, max }) : t('domains.tooLongNoMax', { field });
}
