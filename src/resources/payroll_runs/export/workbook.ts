// A payroll run as an Excel workbook (SheetJS, loaded only when an export runs): one row per record,
// one column per deduction line, amounts as numbers formatted with the currency's decimals.
import type * as XLSXType from 'xlsx';
import { DEDUCTION_ORDER } from '../../../domain/payroll/deductions.ts';

export interface ExportRecord {
  id: string;
  employee_id: string;
  employee_name: string;
  pay_period_start: string;
  pay_period_end: string;
  regular_hours: number;
  overtime_hours: number;
  basic_pay: number;
  overtime_pay: number;
  allowances: number;
  gross_pay: number;
  deductions: Record<string, string | number>;
  total_deductions: number;
  net_pay: number;
  currency: string;
  status: string;
}

export function buildRunWorkbook(
  XLSX: typeof XLSXType,
  records: ExportRecord[],
  sheetName = 'Payroll',
): XLSXType.WorkBook {
  const present = new Set(records.flatMap((r) => Object.keys(r.deductions ?? {})));
  const deductions = DEDUCTION_ORDER.filter((d) => present.has(d)).concat(
    [...present].filter((d) => !DEDUCTION_ORDER.includes(d)),
  );
  const head = [
    'Record ID',
    'Employee ID',
    'Employee',
    'Period start',
    'Period end',
    'Regular hours',
    'Overtime hours',
    'Basic pay',
    'Overtime pay',
    'Allowances',
    'Gross',
    ...deductions,
    'Total deductions',
    'Net',
    'Currency',
    'Status',
  ];
  const rows = records.map((r) => [
    r.id,
    r.employee_id,
    r.employee_name,
    r.pay_period_start,
    r.pay_period_end,
    Number(r.regular_hours),
    Number(r.overtime_hours),
    Number(r.basic_pay),
    Number(r.overtime_pay),
    Number(r.allowances),
    Number(r.gross_pay),
    ...deductions.map((d) => Number(r.deductions?.[d] ?? 0)),
    Number(r.total_deductions),
    Number(r.net_pay),
    r.currency,
    r.status,
  ]);
  const sheet = XLSX.utils.aoa_to_sheet([head, ...rows]);
  const firstMoney = 7;
  const lastMoney = head.length - 3;
  rows.forEach((row, i) => {
    const format = row[head.length - 2] === 'XOF' ? '#,##0' : '#,##0.00';
    for (let c = firstMoney; c <= lastMoney; c++) {
      const cell = sheet[XLSX.utils.encode_cell({ r: i + 1, c })] as XLSXType.CellObject | undefined;
      if (cell) cell.z = format;
    }
  });
  sheet['!cols'] = head.map((h, c) => ({ wch: c < 3 ? 24 : Math.max(12, h.length + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return book;
}

/** Loads SheetJS, builds the workbook and saves it. */
export async function exportRun(records: ExportRecord[], fileName: string): Promise<void> {
  const XLSX = await import('xlsx');
  XLSX.writeFile(buildRunWorkbook(XLSX, records), fileName);
}
