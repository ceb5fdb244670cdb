import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { buildRunWorkbook, type ExportRecord } from './workbook.ts';

const record = (i: number, currency: string, deductions: Record<string, string>): ExportRecord => ({
  id: `r${i}`,
  employee_id: `e${i}`,
  employee_name: `Person ${i}`,
  pay_period_start: '2026-10-01',
  pay_period_end: '2026-10-31',
  regular_hours: 160,
  overtime_hours: 2,
  basic_pay: 1000 + i,
  overtime_pay: 0,
  allowances: 0,
  gross_pay: 1000 + i,
  deductions,
  total_deductions: 10,
  net_pay: 990 + i,
  currency,
  status: 'paid',
});

describe('buildRunWorkbook', () => {
  it('writes one row per record and one column per deduction line, reading back the same figures', () => {
    const records = [
      record(1, 'USD', { social_security: '62', medicare: '14.5' }),
      record(2, 'XOF', { cnss: '55' }),
    ];
    const book = XLSX.read(XLSX.write(buildRunWorkbook(XLSX, records), { type: 'buffer', bookType: 'xlsx' }));
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      'Record ID': 'r1',
      Net: 991,
      social_security: 62,
      medicare: 14.5,
      cnss: 0,
    });
    expect(rows[1]).toMatchObject({ Currency: 'XOF', Net: 992, cnss: 55 });
  });

  it("writes the caller's headings and statuses, periods as dates and hours as numbers", () => {
    // One word of each kind; a key the caller leaves untranslated comes back as the key.
    const french: Record<string, string> = {
      'column.gross': 'Brut',
      'deduction.cnss': 'CNSS',
      'status.paid': 'Payée',
    };
    const workbook = buildRunWorkbook(
      XLSX,
      [record(1, 'XOF', { cnss: '55' })],
      'Paie',
      (key) => french[key] ?? key,
    );
    const book = XLSX.read(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', cellDates: true }), {
      cellDates: true,
    });
    expect(book.SheetNames).toEqual(['Paie']);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Paie!);
    expect(rows[0]).toMatchObject({ Brut: 1001, CNSS: 55, 'column.status': 'Payée' });
    expect(rows[0]!['column.periodStart']).toBeInstanceOf(Date);
  });

  it('adds the leave columns (days, pay, salary withheld) when a record of the run has leave', () => {
    const withLeave: ExportRecord = {
      ...record(1, 'XOF', { cnss: '55' }),
      computation: {
        leave_lines: [
          { type: 'annual', days: '9' },
          { type: 'unpaid', days: '2.5' },
        ],
        leave_pay: '95355',
        leave_withheld: '115000',
      },
    };
    const book = XLSX.read(
      XLSX.write(buildRunWorkbook(XLSX, [withLeave, record(2, 'XOF', { cnss: '55' })]), {
        type: 'buffer',
        bookType: 'xlsx',
      }),
    );
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
    expect(rows[0]).toMatchObject({
      'Leave days': 11.5,
      'Leave pay': 95355,
      'Salary withheld for leave': 115000,
    });
    expect(rows[1]).toMatchObject({ 'Leave days': 0, 'Leave pay': 0, 'Salary withheld for leave': 0 });
    // Without leave in the run, no leave column.
    const plain = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      buildRunWorkbook(XLSX, [record(3, 'USD', {})]).Sheets.Payroll!,
    );
    expect(Object.keys(plain[0]!)).not.toContain('Leave days');
  });
});
