// Formatting shared by every screen: amounts (money.ts). Dates and times: see time.ts when present.
export { decimalsOf, formatMoney, formatMoneyForPrint } from './money.ts';
