// An audit row's diff as lines a person can read: {"field": {"old": a, "new": b}} is a change
// (old → new); any other value is a field recorded as it was (a creation, a deletion, an enrolment).
// Field names are translated (auditFields.<column>), values read as words: yes/no, the product's
// codes (auditValues.codes.<code>), dates and numbers in the reader's way, nested records as
// "Field: value" pairs; never raw JSON.
import { formatDate, intlLocale, siteDateTime } from '../../shared/format/index.ts';

export interface DiffLine {
  field: string;
  old?: string;
  new?: string;
  value?: string;
  changed: boolean;
}

export type T = (key: string, options?: Record<string, unknown>) => string;

/** How values read: the reader's texts and language. Without it, values are shown as stored. */
export interface Reader {
  t: T;
  language: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;
const CODE = /^[a-z][a-z0-9_]*$/;
const LONG = 120;

const isChange = (value: unknown): value is { old: unknown; new: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 2 &&
  'old' in value &&
  'new' in value;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** 'pay_period_start' → 'Pay period start': a column nobody named yet still reads as words. */
const humanize = (field: string) => {
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A field's name as people read it: auditFields, then exportFields, then the column in words. */
export const fieldLabel = (field: string, reader?: Reader) =>
  reader
    ? reader.t(`auditFields.${field}`, {
        defaultValue: reader.t(`exportFields.${field}`, { defaultValue: humanize(field) }),
      })
    : field;

/** A recorded value as people read it (shortened past 120 characters). */
export function readable(value: unknown, reader?: Reader): string {
  const text = valueText(value, reader);
  return text.length > LONG ? `${text.slice(0, LONG - 1)}…` : text;
}

function valueText(value: unknown, reader?: Reader): string {
  if (value === null || value === undefined) return '∅';
  if (!reader) return typeof value === 'string' ? value : JSON.stringify(value);
  const { t, language } = reader;
  if (typeof value === 'boolean') return t(value ? 'auditValues.yes' : 'auditValues.no');
  if (typeof value === 'number')
    return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 4 }).format(value);
  if (typeof value === 'string') {
    if (value === '') return t('auditValues.empty');
    if (DATE.test(value)) return formatDate(value, language);
    if (TIMESTAMP.test(value)) return siteDateTime(value, null, language);
    if (CODE.test(value)) return t(`auditValues.codes.${value}`, { defaultValue: value });
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return t('auditValues.empty');
    if (value.every((v) => !isObject(v) && !Array.isArray(v)))
      return value.map((v) => valueText(v, reader)).join(', ');
    return t('auditValues.items', { count: value.length });
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return t('auditValues.empty');
    return entries.map(([k, v]) => `${fieldLabel(k, reader)}: ${valueText(v, reader)}`).join('; ');
  }
  return String(value);
}

export function diffLines(diff: unknown, reader?: Reader): DiffLine[] {
  if (!isObject(diff)) return [];
  const show = (v: unknown) => readable(v, reader);
  // A whole row's old and new values ({"old": {...}, "new": {...}}): the fields that differ.
  if (isChange(diff) && (isObject(diff.old) || isObject(diff.new))) {
    const before = isObject(diff.old) ? diff.old : {};
    const after = isObject(diff.new) ? diff.new : {};
    return [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .sort()
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => ({ field, old: show(before[field]), new: show(after[field]), changed: true }));
  }
  return Object.entries(diff)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([field, value]) =>
      isChange(value)
        ? { field, old: show(value.old), new: show(value.new), changed: true }
        : { field, value: show(value), changed: false },
    );
}
