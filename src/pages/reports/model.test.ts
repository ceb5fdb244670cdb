import { describe, expect, it } from 'vitest';
import reportTexts from '../../i18n/features/reports.ts';
import { buildPdf, buildXlsx, exportHeader } from './exports.ts';
import {
  bestAndWorst,
  dailyTotals,
  exportFileName,
  formatCell,
  reportTables,
  type GeneratedReport,
} from './model.ts';
import type { DailyRow, EmployeeRow } from './data.ts';

const t = (key: string, options?: Record<string, unknown>) => {
  const value = key
    .replace(/^reports\./, '')
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], reportTexts.en);
  return String(value ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ''));
};

const daily: DailyRow[] = [
  { day: '2026-09-07', present: 1, absent: 0, late: 0, total: 1, rate: 100 },
  { day: '2026-09-08', present: 4, absent: 2, late: 0, total: 6, rate: 66.7 },
  { day: '2026-09-12', present: 1, absent: 0, late: 0, total: 0, rate: 0 },
];

const person = (rank: number): EmployeeRow => ({
  employee_id: `id-${rank}`,
  employee_name: `Person ${rank}`,
  department_name: 'Engineering',
  site_name: 'Chicago',
  expected_days: 20,
  present_days: 20 - rank,
  late_days: 1,
  absent_days: rank,
  hours: 150.5,
  overtime_hours: 2.25,
  attendance_rate: 100 - rank,
  punctuality_rate: 95,
  rank,
});

const generated = (report: GeneratedReport['report']): GeneratedReport => ({
  report,
  params: { type: report.type, from: '2026-09-07', to: '2026-09-13', siteId: null, departmentId: null },
  filterNames: { site: 'Chicago', department: null },
  generatedAt: new Date('2026-09-14T10:00:00Z'),
  generatedBy: 'Alex Morgan',
});

describe('report tables', () => {
  it('totals the daily table with the rate of the whole period', () => {
    // 7 expected person-days, 2 absent: 5 present on an expected day.
    expect(dailyTotals(daily)).toEqual({ present: 6, absent: 2, late: 0, total: 7, rate: 71.4 });
    const [table] = reportTables({ type: 'daily', rows: daily }, t);
    expect(table!.columns.map((c) => c.title)).toEqual([
      'Date',
      'Present',
      'Absent',
      'Late',
      'Total',
      'Rate',
    ]);
    expect(table!.totals).toMatchObject({ day: 'Total', total: 7 });
  });

  it('gives the best ten and the worst ten by rank', () => {
    const rows = Array.from({ length: 25 }, (_, i) => person(i + 1)).reverse();
    const { best, worst } = bestAndWorst(rows);
    expect(best.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(worst.map((r) => r.rank)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(reportTables({ type: 'employee', rows }, t).map((x) => x.name)).toEqual([
      'Employees',
      'Best ten',
      'Worst ten',
    ]);
  });

  it('formats numbers and dates in the user language', () => {
    expect(formatCell(35.7, 'dec1', 'fr')).toBe('35,7');
    expect(formatCell(8.5, 'dec2', 'en')).toBe('8.50');
    expect(formatCell(18, 'dec2', 'en')).toBe('18');
    expect(formatCell(35.7, 'num', 'en')).toBe('35.7');
    expect(formatCell('2026-09-07', 'date', 'en')).toBe('9/7/2026');
    expect(formatCell('2026-09-07', 'date', 'fr')).toBe('07/09/2026');
    expect(formatCell(null, 'int', 'en')).toBe('');
  });

  it('names export files from the title and the period', () => {
    expect(exportFileName('Analyse journalière', '2026-09-07', '2026-09-13', 'pdf')).toBe(
      'Analyse-journaliere_2026-09-07_2026-09-13.pdf',
    );
  });
});

describe('exports', () => {
  it('starts with the title, the period, the filters and who generated it when', () => {
    const h = exportHeader(generated({ type: 'daily', rows: daily }), t, 'en');
    expect(h.title).toBe('Daily Analytics');
    expect(h.period).toBe('Period: 9/7/2026 - 9/13/2026');
    expect(h.filters).toBe('Filters: Site: Chicago | Department: All departments');
    expect(h.generated).toMatch(/^Generated on .+ by Alex Morgan$/);
  });

  it('writes Excel with a header row, numbers as numbers and dates as dates', async () => {
    const XLSX = await import('xlsx');
    const data = await buildXlsx(generated({ type: 'daily', rows: daily }), t, 'en');
    const book = XLSX.read(data, { cellDates: true });
    expect(book.SheetNames).toEqual(['Daily']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Daily!, { header: 1 });
    expect(rows[0]).toEqual(['Date', 'Present', 'Absent', 'Late', 'Total', 'Rate']);
    expect(rows[1]![0]).toBeInstanceOf(Date);
    expect((rows[1]![0] as Date).getDate()).toBe(7);
    expect(rows[2]!.slice(1)).toEqual([4, 2, 0, 6, 66.7]);
    expect(rows[4]).toEqual(['Total', 6, 2, 0, 7, 71.4]);
  });

  it('writes a PDF', async () => {
    const data = await buildPdf(generated({ type: 'employee', rows: [person(1), person(2)] }), t, 'en');
    expect(new TextDecoder().decode(data.slice(0, 5))).toBe('%PDF-');
  });
});
