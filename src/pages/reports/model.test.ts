import { describe, expect, it } from 'vitest';
import reportsEn from '../../i18n/locales/en/reports.json';
import reportsFr from '../../i18n/locales/fr/reports.json';
import { buildPdf, buildXlsx, cellFormat, chartLayout, columnWidths, exportHeader } from './exports.ts';
import {
  bestAndWorst,
  dailyTotals,
  exportFileName,
  formatCell,
  reportTables,
  type GeneratedReport,
} from './model.ts';
import type { DailyRow, EmployeeRow } from './data.ts';

const textsIn = (texts: typeof reportsEn) => (key: string, options?: Record<string, unknown>) => {
  const value = key
    .replace(/^reports\./, '')
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], texts);
  return String(value ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ''));
};

const tFr = textsIn(reportsFr);

const t = textsIn(reportsEn);

const daily: DailyRow[] = [
  { day: '2026-09-07', present: 1, absent: 0, late: 0, total: 1, rate: 100, on_leave: 0 },
  { day: '2026-09-08', present: 4, absent: 2, late: 0, total: 6, rate: 66.7, on_leave: 1 },
  { day: '2026-09-12', present: 1, absent: 0, late: 0, total: 0, rate: 0, on_leave: 2 },
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
  leave_days: rank % 3,
});

const generated = (report: GeneratedReport['report']): GeneratedReport => ({
  report,
  params: { type: report.type, from: '2026-09-07', to: '2026-09-13', siteId: null, departmentId: null },
  filterNames: { site: 'Chicago', department: null },
  generatedAt: new Date('2026-09-14T10:00:00Z'),
  generatedBy: 'Alex Morgan',
  company: 'Acme Attendance',
});

describe('report tables', () => {
  it('totals the daily table with the rate of the whole period', () => {
    // 7 expected person-days, 2 absent: 5 present on an expected day.
    // Leave is its own measure: 3 person-days on leave, none of them absent nor expected.
    expect(dailyTotals(daily)).toEqual({ present: 6, absent: 2, late: 0, total: 7, rate: 71.4, on_leave: 3 });
    const [table] = reportTables({ type: 'daily', rows: daily }, t);
    expect(table!.columns.map((c) => c.title)).toEqual([
      'Date',
      'Present',
      'Absent',
      'Late',
      'On leave',
      'Total',
      'Rate',
    ]);
    expect(table!.totals).toMatchObject({ day: 'Total', total: 7, on_leave: 3 });
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
    expect(rows[0]).toEqual(['Date', 'Present', 'Absent', 'Late', 'On leave', 'Total', 'Rate']);
    expect(rows[1]![0]).toBeInstanceOf(Date);
    expect((rows[1]![0] as Date).getDate()).toBe(7);
    expect(rows[2]!.slice(1)).toEqual([4, 2, 0, 1, 6, 66.7]);
    expect(rows[4]).toEqual(['Total', 6, 2, 0, 3, 7, 71.4]);
    expect(book.Props?.Company).toBe('Acme Attendance');
  });

  it('writes Excel in the reader’s language: French headers, typed cells, formats and widths', async () => {
    const XLSX = await import('xlsx');
    const rows = [person(1), person(2)];
    const data = await buildXlsx(generated({ type: 'employee', rows }), tFr, 'fr');
    const book = XLSX.read(data, { cellDates: true, cellNF: true, cellStyles: true });
    expect(book.SheetNames).toEqual(['Employés', 'Dix meilleurs', 'Dix derniers']);
    const sheet = book.Sheets['Employés']!;
    const header = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0];
    expect(header).toEqual([
      'Rang',
      'Employé',
      'Département',
      'Site',
      'Jours prévus',
      'Jours présents',
      'Jours en retard',
      "Jours d'absence",
      'Jours de congé',
      'Heures',
      'Heures sup.',
      'Présence (%)',
      'Ponctualité (%)',
    ]);
    // Numbers are numbers (type n) with the report's decimals; names are text (type s).
    expect(sheet.B2).toMatchObject({ t: 's', v: 'Person 1' });
    expect(sheet.I2).toMatchObject({ t: 'n', v: 1, z: '0' });
    expect(sheet.J2).toMatchObject({ t: 'n', v: 150.5, z: '0.00' });
    expect(sheet.L2).toMatchObject({ t: 'n', v: 99, z: '0.0' });
    const widths = (sheet['!cols'] ?? []).map((c) => c.wch);
    expect(widths[1]).toBe('Person 1'.length + 2); // the longest name, not a fixed width
    expect(widths[8]).toBe('Jours de congé'.length + 2);
  });

  it('formats dates in the reader’s order and months as month and year', () => {
    expect(cellFormat('date', 'fr')).toBe('dd/mm/yyyy');
    expect(cellFormat('date', 'en')).toBe('m/d/yyyy');
    expect(cellFormat('month', 'fr')).toBe('mmmm yyyy');
    expect(cellFormat('text', 'fr')).toBeNull();
    const [table] = reportTables({ type: 'daily', rows: daily }, tFr);
    expect(columnWidths(table!, 'fr')[0]).toEqual({ wch: 12 });
  });

  it('starts the PDF with the company, and places charts side by side in proportion', () => {
    const h = exportHeader(generated({ type: 'daily', rows: daily }), tFr, 'fr');
    expect(h.company).toBe('Acme Attendance');
    expect(h.period).toBe('Période : 07/09/2026 - 13/09/2026');
    const layout = chartLayout(
      [
        { dataUrl: '', width: 400, height: 200 },
        { dataUrl: '', width: 400, height: 300 },
      ],
      842,
    );
    // A4 landscape: 842 - 2 × 40 margins - 12 gap = 750, two charts of 375.
    expect(layout.boxes.map((b) => b.width)).toEqual([375, 375]);
    expect(layout.boxes.map((b) => b.height)).toEqual([187.5, 220]); // capped at 220 pt
    expect(layout.height).toBe(220);
    expect(chartLayout([], 842)).toEqual({ boxes: [], height: 0 });
  });

  it('writes a PDF with the company name, the period and the chart', async () => {
    // A 1×1 PNG stands for the chart drawn on screen.
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const data = await buildPdf(generated({ type: 'employee', rows: [person(1), person(2)] }), t, 'en', [
      { dataUrl: png, width: 600, height: 260 },
    ]);
    const text = new TextDecoder('latin1').decode(data);
    expect(text.slice(0, 5)).toBe('%PDF-');
    expect(text).toContain('(Acme Attendance)');
    expect(text).toContain('(Period: 9/7/2026 - 9/13/2026)');
    expect(text).toMatch(/\/Subtype \/Image/);
  });
});
