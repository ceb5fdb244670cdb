// Amounts shown in their currency with its minor unit (USD 2 decimals, XOF none), never mixed.
import { MINOR_UNIT, type Currency } from '../../domain/payroll/index.ts';

export const decimalsOf = (currency: string): number => MINOR_UNIT[currency as Currency] ?? 2;

export function formatMoney(
  amount: number | string | null | undefined,
  currency: string,
  locale = 'en',
): string {
  const digits = decimalsOf(currency);
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** Deduction lines in RULES.md's order (the database's jsonb keeps its own key order). */
export const DEDUCTION_ORDER = [
  'social_security',
  'medicare',
  'additional_medicare',
  'federal_tax',
  'cnss',
  'amu',
  'iuts',
  'other',
];

export function orderedDeductions<T>(deductions: Record<string, T> | null | undefined): Array<[string, T]> {
  const rank = (name: string) => {
    const i = DEDUCTION_ORDER.indexOf(name);
    return i === -1 ? DEDUCTION_ORDER.length : i;
  };
  return Object.entries(deductions ?? {}).sort(([a], [b]) => rank(a) - rank(b));
}
