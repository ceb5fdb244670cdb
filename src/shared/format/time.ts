// Times and dates as people read them: a moment in the clock of the site where it happened (named
// when the reader's own clock differs), a stored date ('2026-11-26') as the reader's language writes it.
import { intlLocale } from './locale.ts';

type Moment = string | number | Date;

/** The reader's own time zone (the browser's); a parameter in tests. */
export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The place a zone is named after: 'Africa/Ouagadougou' → 'Ouagadougou', 'America/New_York' → 'New York'. */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

/** Two zones read the same clock at this moment (e.g. 'UTC' and 'Africa/Ouagadougou'). */
function sameClock(a: string, b: string, at: Date): boolean {
  if (a === b) return true;
  const hm = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', day: 'numeric' }).format(
      at,
    );
  return hm(a) === hm(b);
}

/** French writes 07:30, English 7:30 AM. */
const hourStyle = (language: string) => (intlLocale(language) === 'fr-FR' ? '2-digit' : 'numeric');

export interface SiteTimeOptions {
  /** The reader's zone (defaults to the browser's). */
  viewer?: string;
  /** The site's name, shown instead of the zone's city. */
  site?: string | null;
}

/**
 * A moment as the clock of the site where it happened reads it, hours and minutes: '07:30' / '7:30 AM';
 * followed by the site when the reader's clock reads otherwise: '7:30 AM (Ouagadougou)', so a
 * Ouagadougou check-in never reads 1:30 AM to a Chicago admin. Without a zone: the reader's clock.
 */
export function siteTime(
  at: Moment | null | undefined,
  timeZone: string | null | undefined,
  language: string,
  options: SiteTimeOptions = {},
): string {
  if (at === null || at === undefined || at === '') return '—';
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '—';
  const text = date.toLocaleTimeString(intlLocale(language), {
    hour: hourStyle(language),
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
  if (!timeZone || sameClock(timeZone, options.viewer ?? viewerZone(), date)) return text;
  return `${text} (${options.site || zoneCity(timeZone)})`;
}

/** A moment with its date, in the site's clock (named when it differs), or the reader's clock without a zone. */
export function siteDateTime(
  at: Moment | null | undefined,
  timeZone: string | null | undefined,
  language: string,
  options: SiteTimeOptions & { seconds?: boolean } = {},
): string {
  if (at === null || at === undefined || at === '') return '—';
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '—';
  const text = date.toLocaleString(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: hourStyle(language),
    minute: '2-digit',
    ...(options.seconds ? { second: '2-digit' as const } : {}),
    ...(timeZone ? { timeZone } : {}),
  });
  if (!timeZone || sameClock(timeZone, options.viewer ?? viewerZone(), date)) return text;
  return `${text} (${options.site || zoneCity(timeZone)})`;
}

/** A calendar date: a stored 'YYYY-MM-DD' (the same day everywhere), a Date or anything dayjs-like. */
function calendarDate(value: string | Date | { toDate(): Date }): Date | null {
  if (typeof value === 'string') {
    const [y, m, d] = value.slice(0, 10).split('-').map(Number);
    if (!y || !m || !d) return null;
    return new Date(Date.UTC(y, m - 1, d, 12));
  }
  const date = value instanceof Date ? value : value.toDate();
  // A picked day (local midnight) is that day: read its local parts.
  return Number.isNaN(date.getTime())
    ? null
    : new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), 12));
}

export type DateStyle = 'short' | 'medium' | 'long' | 'numeric';
const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  /** 'Nov 26' / '26 nov.' */
  short: { day: 'numeric', month: 'short' },
  /** 'Nov 26, 2026' / '26 nov. 2026' */
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 'Thursday, November 26, 2026' / 'jeudi 26 novembre 2026' */
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** '11/26/2026' / '26/11/2026' */
  numeric: { day: '2-digit', month: '2-digit', year: 'numeric' },
};

/** A date as the reader's language writes it: 'Nov 26, 2026' / '26 nov. 2026'. */
export function formatDate(
  value: string | Date | { toDate(): Date } | null | undefined,
  language: string,
  style: DateStyle = 'medium',
): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = calendarDate(value);
  if (!date) return String(value);
  return new Intl.DateTimeFormat(intlLocale(language), { ...DATE_OPTIONS[style], timeZone: 'UTC' }).format(
    date,
  );
}

/** A period of stored dates: 'Nov 1 – 30, 2026' / '1–30 nov. 2026'. */
export function formatPeriod(
  start: string | null | undefined,
  end: string | null | undefined,
  language: string,
): string {
  if (!start || !end) return formatDate(start ?? end, language);
  const from = calendarDate(start);
  const to = calendarDate(end);
  if (!from || !to) return `${start} – ${end}`;
  return new Intl.DateTimeFormat(intlLocale(language), {
    ...DATE_OPTIONS.medium,
    timeZone: 'UTC',
  }).formatRange(from, to);
}

/** A month: 'November 2026' / 'novembre 2026' ('2026-11' or a date in it); without the year: 'November'. */
export function formatMonth(
  value: string | Date | { toDate(): Date },
  language: string,
  withYear = true,
): string {
  const date = calendarDate(typeof value === 'string' && value.length === 7 ? `${value}-01` : value);
  if (!date) return String(value);
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'long',
    ...(withYear ? { year: 'numeric' as const } : {}),
    timeZone: 'UTC',
  }).format(date);
}

/** The name of month `index` (0 = January) in the reader's language: 'November' / 'novembre'. */
export function monthName(index: number, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, index, 15)),
  );
}
