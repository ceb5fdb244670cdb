// What both payslips share: their shape (sections of rows, the net, notes, the file's name) and
// the small formatting helpers of their lines.
import { Dec } from '../../domain/payroll/money.ts';
import type { PayslipData } from './data.ts';

export interface PayslipSection {
  title: string;
  head?: string[];
  rows: string[][];
}

export interface PayslipContent {
  title: string;
  subtitle: string;
  language: 'en' | 'fr';
  sections: PayslipSection[];
  net: string;
  notes: string[];
  fileName: string;
}

const HEADINGS = {
  en: {
    title: 'Earnings Statement',
    subtitle: (period: string) => `Pay period ${period}`,
    period: (from: string, to: string) => `${from} to ${to}`,
    file: 'payslip',
  },
  fr: {
    title: 'Bulletin de paie',
    subtitle: (period: string) => `Période ${period}`,
    period: (from: string, to: string) => `du ${from} au ${to}`,
    file: 'bulletin',
  },
};

/** The pay period as the payslip's language writes it (a record without a start is its last day). */
export function periodText(d: PayslipData, language: 'en' | 'fr'): string {
  return HEADINGS[language].period(d.period_start ?? d.period_end, d.period_end);
}

/** A payslip: its title and period in its language, the net and the PDF's name, its sections and notes. */
export function payslip(
  d: PayslipData,
  language: 'en' | 'fr',
  net: string,
  { sections, notes }: Pick<PayslipContent, 'sections' | 'notes'>,
): PayslipContent {
  const words = HEADINGS[language];
  return {
    title: words.title,
    subtitle: words.subtitle(periodText(d, language)),
    language,
    net,
    fileName: `${words.file}-${d.employee.name.replace(/\W+/g, '-')}-${d.period_end}.pdf`,
    sections,
    notes,
  };
}

export const hours = (h: number | string | null | undefined) => new Dec(String(h ?? 0)).toFixed(2);
export const sum = (values: Array<string | number>) =>
  values.reduce<Dec>((s, v) => s.plus(String(v)), new Dec(0));

export function allowanceRows(
  data: PayslipData,
  labels: Record<string, string>,
  fmt: (v: string | number) => string,
) {
  const rows = Object.entries(data.structure?.allowances ?? {})
    .filter(([, v]) => Number(v) !== 0)
    .map(([name, v]) => [labels[name] ?? name, '', '', fmt(v)]);
  return rows;
}

/**
 * The period's leave (RULES.md "Leave"): one row per type with its days, and what it pays or
 * withholds. A paid day a salary already pays is shown with "included", not added to the gross;
 * Burkina Faso's allowance prints the salary it replaces (withheld) and the allowance.
 */
export function leaveRows(
  d: PayslipData,
  language: 'en' | 'fr',
  fmt: (v: string | number) => string,
): string[][] {
  const words = LEAVE_WORDS[language];
  const rate = d.structure?.hourly_rate ?? 0;
  return (d.computation.leave_lines ?? []).flatMap((line) => {
    const name = d.leave_types?.[line.type]?.[language] ?? line.type;
    const days = words.days(new Dec(line.days));
    const minus = (v: string) => fmt(new Dec(v).negated().toString());
    // By the hour, the part of the leave that was worked is paid as worked time, not as leave again.
    const worked = new Dec(line.worked_hours ?? 0);
    const daysWorked = worked.isZero() ? days : `${days}, ${words.worked(hours(worked.toString()))}`;
    switch (line.kind) {
      case 'included':
        return [[`${name} (${days}, ${words.included})`, '', '', fmt(line.pay)]];
      case 'paid_time':
        return [
          [
            `${name} (${daysWorked})`,
            hours(new Dec(line.hours).minus(worked).toString()),
            fmt(rate),
            fmt(line.pay),
          ],
        ];
      case 'unpaid':
        return [
          new Dec(line.withheld).isZero()
            ? [`${name} (${days}, ${words.notPaid})`, hours(line.hours), '', fmt(0)]
            : [`${name} (${days}, ${words.withheld})`, '', '', minus(line.withheld)],
        ];
      case 'allowance':
        return [
          ...(new Dec(line.withheld).isZero()
            ? []
            : [[`${name} (${days}, ${words.salaryOfDays})`, '', '', minus(line.withheld)]]),
          [`${words.allowance} (${name}, ${daysWorked})`, '', '', fmt(line.pay)],
        ];
      default:
        return [];
    }
  });
}

const decimalFr = (x: Dec) => x.toString().replace('.', ',');
const LEAVE_WORDS = {
  en: {
    days: (x: Dec) => `${x.toString()} ${x.lte(1) ? 'day' : 'days'}`,
    included: 'included in salary',
    notPaid: 'not paid',
    withheld: 'salary withheld',
    salaryOfDays: 'salary of the days',
    allowance: 'Paid-leave allowance',
    worked: (h: string) => `${h} h worked`,
  },
  fr: {
    days: (x: Dec) => `${decimalFr(x)} ${x.lte(1) ? 'jour' : 'jours'}`,
    included: 'compris dans le salaire',
    notPaid: 'non payé',
    withheld: 'retenue sur salaire',
    salaryOfDays: 'salaire des jours retenu',
    allowance: 'Allocation de congé',
    worked: (h: string) => `${h.replace('.', ',')} h travaillées`,
  },
};
