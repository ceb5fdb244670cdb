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
