// The one way to show an amount: in its currency with its minor unit (USD 2 decimals, XOF none),
// in the reader's language, never mixed.
import { MINOR_UNIT, type Currency } from '../../domain/payroll/index.ts';
import { Dec } from '../../domain/payroll/money.ts';

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

/**
 * An amount as printed on a document (payslip PDF): exact (decimal arithmetic, rounded half away
 * from zero to the currency's minor unit), in characters the PDF's standard fonts can draw (no
 * narrow spaces, no minus sign U+2212). 1234567.5 → '$1,234,567.50' (USD, en) /
 * '1 234 568 XOF' (XOF, fr).
 */
export function formatMoneyForPrint(
  value: string | number | null | undefined,
  currency: Currency,
  language: 'en' | 'fr',
): string {
  const digits = MINOR_UNIT[currency];
  const fixed = new Dec(String(value ?? 0)).toDecimalPlaces(digits, Dec.ROUND_HALF_UP).toFixed(digits);
  const negative = fixed.startsWith('-');
  const [whole, fraction] = fixed.replace('-', '').split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, language === 'fr' ? ' ' : ',');
  const number = fraction ? `${grouped}${language === 'fr' ? ',' : '.'}${fraction}` : grouped;
  if (currency === 'USD' && language === 'en') return `${negative ? '-' : ''}$${number}`;
  return `${negative ? '-' : ''}${number} ${currency}`;
}
