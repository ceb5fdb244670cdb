// The one way to show an amount: in its currency with its minor unit (USD 2 decimals, XOF none),
// in the reader's language, never mixed.
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
