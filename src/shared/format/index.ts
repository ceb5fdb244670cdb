// The one way to show amounts, numbers, hours, dates and times in the reader's language: pure
// functions (for exports, documents and tests) and useFormat() (bound to the language, for screens).
export { decimalsOf, formatMoney, formatMoneyForPrint } from './money.ts';
export { formatBytes, formatHours, formatNumber, formatPercent } from './number.ts';
export { intlLocale, languageOf } from './locale.ts';
export {
  formatDate,
  formatMonth,
  formatPeriod,
  monthName,
  siteDateTime,
  siteTime,
  viewerZone,
  zoneCity,
  type DateStyle,
} from './time.ts';
export { useFormat, type Format } from './useFormat.ts';
