// The pay period a run covers, as the database requires it (app.assert_pay_period): a weekly run
// is 7 days, bi-weekly 14, semi-monthly the 1st–15th or the 16th–last day, monthly a calendar month.
// Dates are ISO 'YYYY-MM-DD' strings, computed in UTC so no time zone moves a day.
import type { Frequency } from './types.ts';

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const plusDays = (day: string, n: number) => {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
};
const monthEnd = (day: string) => {
  const d = utc(day);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));
};

/** The period of `frequency` that starts at (or, for month-based ones, contains) `start`. */
export function payPeriod(frequency: Frequency, start: string): { start: string; end: string } {
  const month = start.slice(0, 8);
  switch (frequency) {
    case 'weekly':
      return { start, end: plusDays(start, 6) };
    case 'biweekly':
      return { start, end: plusDays(start, 13) };
    case 'semimonthly':
      return start.slice(8, 10) <= '15' // two-digit days compare as text
        ? { start: `${month}01`, end: `${month}15` }
        : { start: `${month}16`, end: monthEnd(start) };
    case 'monthly':
      return { start: `${month}01`, end: monthEnd(start) };
  }
}
