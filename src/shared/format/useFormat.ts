// The formatters bound to the reader's language, for screens: const f = useFormat(); f.date(row.date).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './money.ts';
import { formatBytes, formatHours, formatNumber, formatPercent } from './number.ts';
import {
  formatDate,
  formatMonth,
  formatPeriod,
  monthName,
  siteDateTime,
  siteTime,
  type DateStyle,
  type SiteTimeOptions,
} from './time.ts';
import { intlLocale, languageOf } from './locale.ts';

type Moment = string | number | Date | null | undefined;
type Day = string | Date | { toDate(): Date } | null | undefined;
type NumberLike = number | string | null | undefined;

export function useFormat() {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return useMemo(
    () => ({
      language,
      locale: intlLocale(language),
      /** A moment in its site's clock (named when the reader's differs); the reader's clock without a zone. */
      time: (at: Moment, timeZone?: string | null, options?: SiteTimeOptions) =>
        siteTime(at, timeZone, language, options),
      dateTime: (at: Moment, timeZone?: string | null, options?: SiteTimeOptions & { seconds?: boolean }) =>
        siteDateTime(at, timeZone, language, options),
      date: (value: Day, style?: DateStyle) => formatDate(value, language, style),
      period: (start: string | null | undefined, end: string | null | undefined) =>
        formatPeriod(start, end, language),
      month: (value: string | Date | { toDate(): Date }, withYear?: boolean) =>
        formatMonth(value, language, withYear),
      monthName: (index: number) => monthName(index, language),
      number: (value: NumberLike, digits?: number) => formatNumber(value, language, digits),
      hours: (value: NumberLike) => formatHours(value, language),
      percent: (value: NumberLike, digits?: number) => formatPercent(value, language, digits),
      money: (value: NumberLike, currency: string) => formatMoney(value, currency, language),
      bytes: (bytes: number) => formatBytes(bytes, language),
    }),
    [language],
  );
}

export type Format = ReturnType<typeof useFormat>;
