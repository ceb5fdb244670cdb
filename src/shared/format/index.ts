// Formatting shared by every screen: amounts (money.ts) and times (time.ts).
export { decimalsOf, formatMoney, formatMoneyForPrint } from './money.ts';
export { siteTime } from './time.ts';
