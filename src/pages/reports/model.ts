// The four reports: what each database function returns, and the tables the screen, the PDF and
// the Excel file all show (one definition, so an export never disagrees with the screen).
import type { DailyRow, EmployeeRow, Report } from './data.ts';

export { REPORT_TYPES, RPC, type GeneratedReport, type ReportType } from './data.ts';
/** num: as precise as the database gave it (0 to 2 decimals). */
export type CellKind = 'text' | 'date' | 'month' | 'int' | 'dec1' | 'dec2' | 'num';
export type Cell = string | number | null;
export interface Column {
  key: string;
  title: string;
  kind: CellKind;
}
export interface ReportTable {
  /** Sheet name (Excel) and section title (PDF). */
  name: string;
  columns: Column[];
  rows: Record<string, Cell>[];
  /** A last row of totals (Daily Analytics), shown apart on screen, kept in the exports. */
  totals?: Record<string, Cell>;
}

type T = (key: string, options?: Record<string, unknown>) => string;

// Every column any report shows, once: data key -> [title key under reports.columns, kind].
const COLUMNS = {
  rank: ['rank', 'int'],
  employee_name: ['employee', 'text'],
  department_name: ['department', 'text'],
  site_name: ['site', 'text'],
  expected_days: ['expected', 'int'],
  present_days: ['presentDays', 'int'],
  late_days: ['lateDays', 'int'],
  absent_days: ['absentDays', 'int'],
  leave_days: ['leaveDays', 'int'],
  hours: ['hours', 'dec2'],
  average_hours: ['averageHours', 'dec2'],
  overtime_hours: ['overtime', 'dec2'],
  attendance_rate: ['attendanceRate', 'dec1'],
  punctuality_rate: ['punctuality', 'dec1'],
  measure: ['measure', 'text'],
  current: ['current', 'num'],
  previous: ['previous', 'num'],
  change: ['change', 'dec1'],
  day: ['date', 'date'],
  month: ['month', 'month'],
  present: ['present', 'int'],
  absent: ['absent', 'int'],
  late: ['late', 'int'],
  on_leave: ['onLeave', 'int'],
  total: ['total', 'int'],
  rate: ['rate', 'dec1'],
} as const satisfies Record<string, readonly [string, CellKind]>;

/** A table's columns, in the order given, titled in the user's language. */
const columns = (t: T, ...keys: Array<keyof typeof COLUMNS>): Column[] =>
  keys.map((key) => ({ key, title: t(`reports.columns.${COLUMNS[key][0]}`), kind: COLUMNS[key][1] }));

export const rate = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10;

/** The daily table's totals row: sums, and the rate of the whole period. */
export function dailyTotals(rows: DailyRow[]) {
  const sum = (k: 'present' | 'absent' | 'late' | 'total' | 'on_leave') => rows.reduce((s, r) => s + r[k], 0);
  const total = sum('total');
  return {
    present: sum('present'),
    absent: sum('absent'),
    late: sum('late'),
    total,
    on_leave: sum('on_leave'),
    // Present on an expected day = expected - absent.
    rate: rate(total - sum('absent'), total),
  };
}

function employeeTable(t: T, name: string, rows: EmployeeRow[]): ReportTable {
  return {
    name,
    columns: columns(
      t,
      'rank',
      'employee_name',
      'department_name',
      'site_name',
      'expected_days',
      'present_days',
      'late_days',
      'absent_days',
      'leave_days',
      'hours',
      'overtime_hours',
      'attendance_rate',
      'punctuality_rate',
    ),
    rows: rows.map((r) => ({ ...r })),
  };
}

/** The ten best and the ten worst (rank is best first); with fewer than 20 people they overlap. */
export function bestAndWorst(rows: EmployeeRow[]) {
  const ranked = [...rows].sort((a, b) => a.rank - b.rank);
  return { best: ranked.slice(0, 10), worst: ranked.slice(-10).reverse() };
}

export function reportTables(report: Report, t: T): ReportTable[] {
  switch (report.type) {
    case 'summary':
      return [
        {
          name: t('reports.sheets.summary'),
          columns: columns(t, 'measure', 'current', 'previous', 'change'),
          rows: report.rows.map((r) => ({
            measure: t(`reports.measures.${r.measure}`),
            current: r.current_value,
            previous: r.previous_value,
            change: r.change_percent,
          })),
        },
      ];
    case 'daily': {
      const totals = dailyTotals(report.rows);
      return [
        {
          name: t('reports.sheets.daily'),
          columns: columns(t, 'day', 'present', 'absent', 'late', 'on_leave', 'total', 'rate'),
          rows: report.rows.map((r) => ({ ...r })),
          totals: { day: t('reports.totalRow'), ...totals },
        },
      ];
    }
    case 'employee': {
      const { best, worst } = bestAndWorst(report.rows);
      return [
        employeeTable(t, t('reports.sheets.employees'), report.rows),
        employeeTable(t, t('reports.sheets.best'), best),
        employeeTable(t, t('reports.sheets.worst'), worst),
      ];
    }
    case 'monthly':
      return [
        {
          name: t('reports.sheets.monthly'),
          columns: columns(
            t,
            'month',
            'department_name',
            'expected_days',
            'present_days',
            'attendance_rate',
            'hours',
            'average_hours',
            'late_days',
            'leave_days',
          ),
          rows: report.rows.map((r) => ({ ...r, department_name: r.department_name || '-' })),
        },
      ];
  }
}

/** A cell as text for the screen and the PDF, in the user's language. */
export function formatCell(value: Cell, kind: CellKind, language: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    if (kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value))
      return new Date(`${value}T00:00:00Z`).toLocaleDateString(language, { timeZone: 'UTC' });
    if (kind === 'month' && /^\d{4}-\d{2}/.test(value))
      return new Date(`${value.slice(0, 7)}-01T00:00:00Z`).toLocaleDateString(language, {
        timeZone: 'UTC',
        month: 'long',
        year: 'numeric',
      });
    return value;
  }
  const digits = kind === 'dec1' ? 1 : kind === 'dec2' || kind === 'num' ? 2 : 0;
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: kind === 'int' || kind === 'num' || Number.isInteger(value) ? 0 : digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(value);
}

/** The file name of an export: the title and the period. */
export function exportFileName(title: string, from: string, to: string, extension: 'pdf' | 'xlsx') {
  const safe = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${safe}_${from}_${to}.${extension}`;
}
