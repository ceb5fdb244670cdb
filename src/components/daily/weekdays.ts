// Weekday names in the reader's language: shifts store their days as 'Mon'…'Sun' (the database's
// days_of_week); people read 'Mon, Tue' in English and 'lun., mar.' in French (Intl, no table to keep).
const ORDER = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** 'en' / 'fr' (i18next's language) to the Intl locale the screens format with (src/shared/format). */
export { intlLocale } from '../../shared/format/locale.ts';

/** The short name of a stored weekday ('Mon'…'Sun') in `locale`; anything else is shown as it is. */
export function weekdayName(day: string, locale: string): string {
  const index = ORDER.indexOf(day as (typeof ORDER)[number]);
  if (index < 0) return day;
  // 2024-01-01 was a Monday (noon UTC: the same day in every time zone).
  const date = new Date(Date.UTC(2024, 0, 1 + index, 12));
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date);
}

/** A shift's days in week order, localised and joined: 'Mon, Wed, Fri' / 'lun., mer., ven.'. */
export function weekdayList(days: readonly string[], locale: string): string {
  const rank = (d: string) => {
    const i = ORDER.indexOf(d as (typeof ORDER)[number]);
    return i < 0 ? ORDER.length : i;
  };
  return [...days]
    .sort((a, b) => rank(a) - rank(b))
    .map((d) => weekdayName(d, locale))
    .join(', ');
}

/** A stored date ('2026-11-20') as people read it: 'Fri, Nov 20' / 'ven. 20 nov.' (without the
 * weekday: 'Nov 20' / '20 nov.'). */
export function dayLabel(isoDate: string, locale: string, weekday = true): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  return new Intl.DateTimeFormat(locale, {
    ...(weekday ? { weekday: 'short' as const } : {}),
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}
