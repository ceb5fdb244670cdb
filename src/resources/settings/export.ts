// Export Data: the company's tables (from export_company_data(), admin only, without fingerprint
// templates) as one Excel workbook, a sheet per table. SheetJS is loaded only when an export runs.
import type * as XlsxModule from 'xlsx';
import { companyData } from './data.ts';

type Row = Record<string, unknown>;
type XLSX = typeof XlsxModule;

const EXCEL_CELL_LIMIT = 32767;

/** A cell value Excel keeps as is: objects and arrays as JSON, long texts cut to Excel's limit. */
export function cell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > EXCEL_CELL_LIMIT ? text.slice(0, EXCEL_CELL_LIMIT) : text;
}

export function buildWorkbook(xlsx: XLSX, tables: Record<string, Row[]>) {
  const workbook = xlsx.utils.book_new();
  for (const name of Object.keys(tables).sort()) {
    const rows = tables[name]!.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, cell(v)])),
    );
    xlsx.utils.book_append_sheet(workbook, xlsx.utils.json_to_sheet(rows), name.slice(0, 31));
  }
  return workbook;
}

export async function exportCompanyData(): Promise<{ tables: number; rows: number }> {
  const [tables, xlsx] = await Promise.all([companyData(), import('xlsx')]);
  const workbook = buildWorkbook(xlsx, tables);
  xlsx.writeFile(workbook, `pointage-export-${new Date().toISOString().slice(0, 10)}.xlsx`, {
    compression: true,
  });
  return {
    tables: Object.keys(tables).length,
    rows: Object.values(tables).reduce((n, r) => n + r.length, 0),
  };
}
