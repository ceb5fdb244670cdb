// The database's domain refusals (issue 23) in the reader's language. A CHECK violation reaches the
// client as 23514 with the constraint's name in its message ('new row for relation "employees"
// violates check constraint "employees_first_name_length"'); the names say what they hold
// (<table>_<column>_length | _range | _window | _size). The validation triggers' refusals are
// recognised by their (English) message. Anything else: null, the caller shows the server's words.
import type { TFunction } from 'i18next';
import { TEXT_LIMITS } from '../domain/limits/index.ts';

const CHECK = /violates check constraint "([a-z0-9_]+)"/;
const RELATION = /relation "([a-z0-9_]+)"/;
const KINDS = ['length', 'range', 'window', 'size'] as const;

const REFUSALS: Array<[RegExp, (m: RegExpExecArray) => [string, Record<string, string>]]> = [
  [/^An attendance record lasts at most (\d+) hours$/, (m) => ['attendanceTooLong', { hours: m[1]! }]],
  [
    /^Missed check-out: the check-in of (\S+) is more than (\d+) hours old/,
    (m) => ['openTooLong', { day: m[1]!, hours: m[2]! }],
  ],
  [/^Attendance cannot start before the joining date \((\S+)\)$/, (m) => ['beforeJoining', { date: m[1]! }]],
  [/^Times cannot be in the future$/, () => ['inFuture', {}]],
  [/^Dates must be between \S+ and \S+$/, () => ['dateWindow', {}]],
  [/^Dates must be finite$/, () => ['dateWindow', {}]],
  [/^A date range covers at most (\d+) days$/, (m) => ['rangeTooLong', { days: m[1]! }]],
  [/^Unknown allowance "([^"]*)"/, (m) => ['allowanceUnknown', { name: m[1]! }]],
  [/^Allowance "([^"]*)" must be a number$/, (m) => ['allowanceNotNumber', { name: m[1]! }]],
  [/^Allowance "([^"]*)" must be between/, (m) => ['allowanceRange', { name: m[1]! }]],
];

/** The constraint's table, column and kind, e.g. employees / first_name / length. */
export function parseCheckViolation(
  message: string,
): { table: string; column: string; kind: (typeof KINDS)[number] } | null {
  const constraint = CHECK.exec(message)?.[1];
  const table = RELATION.exec(message)?.[1];
  if (!constraint || !table || !constraint.startsWith(`${table}_`)) return null;
  const kind = KINDS.find((k) => constraint.endsWith(`_${k}`));
  if (!kind) return null;
  const column = constraint.slice(table.length + 1, -(kind.length + 1));
  return column ? { table, column, kind } : null;
}

export function dbErrorText(t: TFunction, message: string | null | undefined): string | null {
  if (!message) return null;
  for (const [pattern, text] of REFUSALS) {
    const m = pattern.exec(message);
    if (m) {
      const [key, params] = text(m);
      return t(`domains.${key}`, params);
    }
  }
  const check = parseCheckViolation(message);
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
