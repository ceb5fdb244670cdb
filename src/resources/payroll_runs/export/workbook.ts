// A payroll run as an Excel workbook (SheetJS, loaded only when an export runs): one row per record,
// one column per deduction line, amounts as numbers formatted with the currency's decimals.
import type * as XLSXType from 'xlsx';
import { DEDUCTION_ORDER } from '../../../domain/payroll/deductions.ts';
import leavePayEn from '../../../i18n/locales/en/leavePay.json';
import payrollEn from '../../../i18n/locales/en/payroll.json';

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
  /** The stored computation: its leave totals (RULES.md "Leave") become the leave columns. */
  computation?: unknown;
}

interface LeaveTotals {
  leave_lines?: Array<{ days: string }>;
  leave_pay?: string;
  leave_withheld?: string;
}
const leaveOf = (r: ExportRecord) => (r.computation ?? {}) as LeaveTotals;
/** Days of leave in the period (every type, half days counting half). */
const leaveDays = (r: ExportRecord) =>
  (leaveOf(r).leave_lines ?? []).reduce((total, line) => total + Number(line.days), 0);

/** The sheet's words in the reader's language (English by default, as the tests read them). */
export type Heading = (key: string) => string;
// The default words are the English texts of the screens (one source: src/i18n/locales/en).
const english: Heading = (key) => {
  const [kind, name = ''] = key.split('.');
  if (kind === 'column') return (payrollEn.sheet as Record<string, string>)[name] ?? name;
  if (kind === 'leave') return (leavePayEn.sheet as Record<string, string>)[name] ?? name;
  return name;
};

/** A stored date 'YYYY-MM-DD' as a local Date at midnight (SheetJS writes local dates). */
const localDate = (value: string) => {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  return new Date(y!, (m ?? 1) - 1, d ?? 1);
};

/**
 * `heading('column.gross')`, `heading('deduction.cnss')`, `heading('status.paid')`: the export's
 * words, translated by the caller (usePayrollActions).
 */
export function buildRunWorkbook(
  XLSX: typeof XLSXType,
  records: ExportRecord[],
  sheetName = 'Payroll',
  heading: Heading = english,
): XLSXType.WorkBook {
  const present = new Set(records.flatMap((r) => Object.keys(r.deductions ?? {})));
  const deductions = DEDUCTION_ORDER.filter((d) => present.has(d)).concat(
    [...present].filter((d) => !DEDUCTION_ORDER.includes(d)),
  );
  const column = (key: string) => heading(`column.${key}`);
  // The leave columns only when a record of the run has leave (issue 27 item 5).
  const withLeave = records.some((r) => (leaveOf(r).leave_lines ?? []).length > 0);
  const head = [
    column('recordId'),
    column('employeeId'),
    column('employee'),
    column('periodStart'),
    column('periodEnd'),
    column('regularHours'),
    column('overtimeHours'),
    column('basicPay'),
    column('overtimePay'),
    column('allowances'),
    ...(withLeave ? [heading('leave.days'), heading('leave.pay'), heading('leave.withheld')] : []),
    column('gross'),
    ...deductions.map((d) => heading(`deduction.${d}`)),
    column('totalDeductions'),
    column('net'),
    column('currency'),
    column('status'),
  ];
  const rows = records.map((r) => [
    r.id,
    r.employee_id,
    r.employee_name,
    localDate(r.pay_period_start),
    localDate(r.pay_period_end),
    Number(r.regular_hours),
    Number(r.overtime_hours),
    Number(r.basic_pay),
    Number(r.overtime_pay),
    Number(r.allowances),
    ...(withLeave
      ? [leaveDays(r), Number(leaveOf(r).leave_pay ?? 0), Number(leaveOf(r).leave_withheld ?? 0)]
      : []),
    Number(r.gross_pay),
    ...deductions.map((d) => Number(r.deductions?.[d] ?? 0)),
    Number(r.total_deductions),
    Number(r.net_pay),
    r.currency,
    heading(`status.${r.status}`),
  ]);
  const sheet = XLSX.utils.aoa_to_sheet([head, ...rows], { cellDates: true });
  const firstMoney = 7;
  const lastMoney = head.length - 3;
  rows.forEach((row, i) => {
    for (const c of [3, 4]) {
      const cell = sheet[XLSX.utils.encode_cell({ r: i + 1, c })] as XLSXType.CellObject | undefined;
      if (cell) cell.z = 'yyyy-mm-dd';
    }
    for (const c of [5, 6]) {
      const cell = sheet[XLSX.utils.encode_cell({ r: i + 1, c })] as XLSXType.CellObject | undefined;
      if (cell) cell.z = '0.00';
    }
    const format = row[head.length - 2] === 'XOF' ? '#,##0' : '#,##0.00';
    for (let c = firstMoney; c <= lastMoney; c++) {
      const cell = sheet[XLSX.utils.encode_cell({ r: i + 1, c })] as XLSXType.CellObject | undefined;
      if (cell) cell.z = format;
    }
    if (withLeave) {
      // Leave days (after allowances) are days, not money.
      const cell = sheet[XLSX.utils.encode_cell({ r: i + 1, c: 10 })] as XLSXType.CellObject | undefined;
      if (cell) cell.z = '0.0';
    }
  });
  sheet['!cols'] = head.map((h, c) => ({ wch: c < 3 ? 24 : Math.max(12, h.length + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return book;
}

/** Loads SheetJS, builds the workbook and saves it. */
export async function exportRun(
  records: ExportRecord[],
  fileName: string,
  sheetName: string,
  heading: Heading,
): Promise<void> {
  const XLSX = await import('xlsx');
  XLSX.writeFile(buildRunWorkbook(XLSX, records, sheetName, heading), fileName, { cellDates: true });
}
