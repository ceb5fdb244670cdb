// Public holidays that stop salary payments (bank holidays), per country and year.
// date-holidays 3.37 gives the lists; two corrections follow docs/payroll.md:
// - US: banks stay open on the Friday before a Saturday holiday (only Monday substitutes count);
// - BF: the law of 9 January 2026 keeps 11 paid days; 3 Jan, Easter Monday, 5 Aug, 15 Oct,
//   31 Oct and 1 Nov are no longer holidays, 15 May is new, and a Sunday holiday gives no Monday off.
import Holidays from 'date-holidays';

export interface PublicHoliday {
  country: 'US' | 'BF';
  date: string;
  name: string;
}

const BF_KEPT_FROM_2026 = new Set([
  '01-01', // Nouvel An
  '03-08', // Journée internationale des femmes
  '05-01', // Fête du travail
  '08-15', // Assomption
  '12-11', // Fête nationale
  '12-25', // Noël
]);
const BF_MOVABLE_KEPT = ['Ascension', 'Ramadan', 'mouton', 'Mawlid', 'Maouloud'];

export function publicHolidays(country: 'US' | 'BF', year: number): PublicHoliday[] {
  const list = new Holidays(country)
    .getHolidays(year)
    .filter((h) => h.type === 'public')
    .map((h) => ({ country, date: h.date.slice(0, 10), name: h.name }));
  if (country === 'US') {
    // A substitute on a Friday (for a Saturday holiday) is not a bank holiday.
    return list.filter((h) => !(h.name.includes('substitute') && new Date(`${h.date}T12:00:00Z`).getUTCDay() === 5));
  }
  if (year < 2026) return list;
  const kept = list.filter(
    (h) => BF_KEPT_FROM_2026.has(h.date.slice(5)) || BF_MOVABLE_KEPT.some((word) => h.name.includes(word)),
  );
  kept.push({ country, date: `${year}-05-15`, name: 'Journée des coutumes et traditions' });
  return kept.sort((a, b) => a.date.localeCompare(b.date));
}
