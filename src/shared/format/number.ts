// Numbers, hours and rates as the reader's language writes them: '6.71' / '6,71', '1,234' / '1 234'.
import { intlLocale } from './locale.ts';

type NumberLike = number | string | null | undefined;

const toNumber = (value: NumberLike): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** A number with exactly `digits` decimals: formatNumber(6.714, 'fr') → '6,71'. */
export function formatNumber(value: NumberLike, language: string, digits = 2): string {
  const n = toNumber(value);
  if (n === null) return '—';
  return new Intl.NumberFormat(intlLocale(language), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(n);
}

/** Hours worked: '6.71 h' / '6,71 h'. */
export function formatHours(value: NumberLike, language: string): string {
  const n = toNumber(value);
  return n === null ? '—' : `${formatNumber(n, language, 2)} h`;
}

/** A rate given in percent (87.5 → '87.5%' / '87,5 %'). */
export function formatPercent(value: NumberLike, language: string, digits = 1): string {
  const n = toNumber(value);
  if (n === null) return '—';
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(n / 100);
}

/** A size in bytes: '1.5 MB' / '1,5 Mo'. */
export function formatBytes(bytes: number, language: string): string {
  const french = intlLocale(language) === 'fr-FR';
  if (bytes >= 1 << 20) return `${formatNumber(bytes / (1 << 20), language, 1)} ${french ? 'Mo' : 'MB'}`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), language, 0)} ${french ? 'Ko' : 'KB'}`;
}
