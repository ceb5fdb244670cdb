// How leave reads: a type's name in the reader's language (built-in types from the texts, the
// company's own from their EN/FR names), an amount in its unit, a date, a request's dates.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { dayLabel, intlLocale } from '../../components/daily/weekdays.ts';
import { useLeaveTypes } from './data.ts';

export function useLeaveLabels() {
  const { t, i18n } = useTranslation();
  const types = useLeaveTypes();
  const locale = intlLocale(i18n.language);
  const french = i18n.language?.startsWith('fr');
  const typeName = useCallback(
    (code: string | null | undefined) => {
      if (!code) return '';
      const custom = types.data?.find((x) => x.code === code);
      const key = `leave.types.${code}`;
      const builtin = t(key);
      if (builtin !== key) return builtin;
      return custom ? (french ? custom.name_fr : custom.name_en) : code;
    },
    [t, types.data, french],
  );
  const number = useCallback(
    (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n),
    [locale],
  );
  const amount = useCallback(
    (n: number, unit: string) =>
      t(`leave.units.${unit === 'hours' ? 'hours' : 'days'}`, { count: number(n) as never }),
    [t, number],
  );
  const day = useCallback((iso: string) => dayLabel(iso, locale, false), [locale]);
  const dates = useCallback(
    (r: { start_date: string; end_date: string; half_day: string | null }) =>
      r.start_date === r.end_date
        ? `${day(r.start_date)}${r.half_day ? ` (${t(`leave.half.${r.half_day}`)})` : ''}`
        : `${day(r.start_date)} – ${day(r.end_date)}`,
    [day, t],
  );
  return { typeName, amount, number, day, dates, locale };
}
