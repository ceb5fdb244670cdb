// The one way to show amounts, numbers, hours, dates and times in the reader's language: pure
// functions (for exports, documents and tests) and useFormat() (bound to the language, for screens).
export { decimalsOf, formatMoney, formatMoneyForPrint } from './money.ts';
export { formatBytes, formatHours, formatNumber, formatPercent } from './number.ts';
export { intlLocale, languageOf } from './locale.ts';
// Everything time.ts offers: dates, months, periods, site clocks and zones.
export * from './time.ts';
export { useFormat, type Format } from './useFormat.ts';
