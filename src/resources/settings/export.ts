// Export Data: the company's tables (from export_company_data(), admin only, without fingerprint
// templates) as one Excel workbook, a sheet per table (named as the table). Each sheet's header row
// reads the columns as words in the reader's language (the audit log's field names), dates and
// times are Excel dates, numbers and yes/no stay typed, columns are as wide as their content.
// SheetJS is loaded only when an export runs.
import type * as XlsxModule from 'xlsx';
import { fieldLabel, type Reader } from '../../features/audit-diff/index.ts';
import { companyData } from './data.ts';

type Row = Record<string, unknown>;
type XLSX = typeof XlsxModule;
type Cell = string | number | boolean | Date | null;

const EXCEL_CELL_LIMIT = 32767;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** A cell value Excel keeps typed: dates as dates, objects and arrays as JSON, long texts cut to Excel's limit. */
export function cell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string' && DATE.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return new Date(y!, m! - 1, d!);
  }
  if (typeof value === 'string' && TIMESTAMP.test(value)) return new Date(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > EXCEL_CELL_LIMIT ? text.slice(0, EXCEL_CELL_LIMIT) : text;
}

/** Date-only columns show as dates, timestamps with their time, in the reader's order. */
const dateFormat = (language: string, withTime: boolean) =>
  (language.toLowerCase().startsWith('fr') ? 'dd/mm/yyyy' : 'm/d/yyyy') + (withTime ? ' hh:mm' : '');

export function buildWorkbook(xlsx: XLSX, tables: Record<string, Row[]>, reader: Reader) {
  const workbook = xlsx.utils.book_new();
  for (const name of Object.keys(tables).sort()) {
    const source = tables[name]!;
    const columns = [...new Set(source.flatMap((r) => Object.keys(r)))];
    const header = columns.map((c) => fieldLabel(c, reader));
    const body = source.map((r) => columns.map((c) => cell(r[c])));
    const sheet = xlsx.utils.aoa_to_sheet([header, ...body], { cellDates: true });
    columns.forEach((column, c) => {
      for (let r = 0; r < body.length; r++) {
        const value = source[r]![column];
        const ref = xlsx.utils.encode_cell({ r: r + 1, c });
        if (sheet[ref] && typeof value === 'string' && (DATE.test(value) || TIMESTAMP.test(value)))
          sheet[ref].z = dateFormat(reader.language, TIMESTAMP.test(value));
      }
    });
    sheet['!cols'] = columns.map((_, c) => {
      const longest = Math.max(
        header[c]!.length,
        ...body.slice(0, 200).map((row) => {
          const v = row[c];
          return v instanceof Date ? 16 : v === null ? 0 : String(v).length;
        }),
      );
      return { wch: Math.min(Math.max(longest + 2, 8), 50) };
    });
    xlsx.utils.book_append_sheet(workbook, sheet, name.slice(0, 31));
  }
  return workbook;
}

export async function exportCompanyData(reader: Reader): Promise<{ tables: number; rows: number }> {
  const [tables, xlsx] = await Promise.all([companyData(), import('xlsx')]);
  const workbook = buildWorkbook(xlsx, tables, reader);
  xlsx.writeFile(workbook, `pointage-export-${new Date().toISOString().slice(0, 10)}.xlsx`, {
    compression: true,
    cellDates: true,
  });
  return {
    tables: Object.keys(tables).length,
    rows: Object.values(tables).reduce((n, r) => n + r.length, 0),
  };
}
