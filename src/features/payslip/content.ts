// The payslip's content, a pure function of its data: a US earnings statement (statement-us.ts)
// or a Burkina Faso bulletin de paie in French (bulletin-bf.ts). Amounts are exact decimal strings
// printed with the currency's decimals (XOF none), in characters the PDF's standard fonts can draw
// (formatMoneyForPrint).
import { bulletinBf } from './bulletin-bf.ts';
import type { PayslipData } from './data.ts';
import type { PayslipContent } from './lines.ts';
import { statementUs } from './statement-us.ts';

export type { PayslipContent, PayslipSection } from './lines.ts';

export function payslipContent(data: PayslipData): PayslipContent {
  return data.employer?.country === 'BF' || data.currency === 'XOF' ? bulletinBf(data) : statementUs(data);
}
