// PDF (jspdf + jspdf-autotable) and Excel (SheetJS) files of a generated report, built from the
// same tables as the screen. Both libraries are imported only when an export runs.
import { saveFile } from '../../shared/download/index.ts';
import { siteDateTime } from '../../shared/format/index.ts';
import { formatCell, reportTables, type GeneratedReport, type ReportTable } from './model.ts';

type T = (key: string, options?: Record<string, unknown>) => string;

export interface ExportHeader {
  title: string;
  period: string;
  filters: string;
  generated: string;
}

/** The lines every export starts with: title, period, filters, generation time and who. */
export function exportHeader(g: GeneratedReport, t: T, language: string): ExportHeader {
  const date = (d: string) => formatCell(d, 'date', language);
  const filters = [
    `${t('reports.site')}: ${g.filterNames.site ?? t('reports.allSites')}`,
    `${t('reports.department')}: ${g.filterNames.department ?? t('reports.allDepartments')}`,
  ].join(' | ');
  return {
    title: t(`reports.types.${g.report.type}`),
    period: `${t('reports.period')}: ${date(g.params.from)} - ${date(g.params.to)}`,
    filters: `${t('reports.filters')}: ${filters}`,
    generated: t('reports.generatedAt', {
      at: siteDateTime(g.generatedAt, null, language),
      who: g.generatedBy,
    }),
  };
}

export async function buildPdf(g: GeneratedReport, t: T, language: string): Promise<ArrayBuffer> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const tables = reportTables(g.report, t);
  const wide = tables.some((table) => table.columns.length > 6);
  const doc = new jsPDF({ orientation: wide ? 'landscape' : 'portrait', unit: 'pt', format: 'a4' });
  const header = exportHeader(g, t, language);
  doc.setFontSize(18);
  doc.text(header.title, 40, 50);
  doc.setFontSize(10);
  doc.text(header.period, 40, 70);
  doc.text(header.filters, 40, 84);
  doc.text(header.generated, 40, 98);
  let y = 118;
  for (const table of tables) {
    // A section title never sits alone at the foot of a page.
    if (y > doc.internal.pageSize.getHeight() - 120) {
      doc.addPage();
      y = 50;
    }
    if (tables.length > 1) {
      doc.setFontSize(12);
      doc.text(table.name, 40, y);
      y += 8;
    }
    const body = table.rows.map((row) =>
      table.columns.map((col) => formatCell(row[col.key] ?? null, col.kind, language)),
    );
    const foot = table.totals
      ? [
          table.columns.map((col) =>
            formatCell(table.totals![col.key] ?? null, col.key === 'day' ? 'text' : col.kind, language),
          ),
        ]
      : undefined;
    autoTable(doc, {
      startY: y,
      head: [table.columns.map((col) => col.title)],
      body,
      foot,
      showFoot: 'lastPage',
      styles: { fontSize: 8 },
      headStyles: { fillColor: [22, 119, 255] },
      footStyles: { fillColor: [240, 240, 240], textColor: 20 },
      columnStyles: Object.fromEntries(
        table.columns.map((col, i) => [i, { halign: col.kind === 'text' ? 'left' : 'right' }]),
      ),
      margin: { left: 40, right: 40 },
    });
    y = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 24;
  }
  return doc.output('arraybuffer');
}

/** A date 'YYYY-MM-DD' as a local Date at midnight (SheetJS writes local dates). */
const localDate = (value: string) => {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  return new Date(y!, (m ?? 1) - 1, d ?? 1);
};

function sheetRows(table: ReportTable): unknown[][] {
  const cell = (value: unknown, kind: string) =>
    typeof value === 'string' && (kind === 'date' || kind === 'month') && /^\d{4}-\d{2}-\d{2}/.test(value)
      ? localDate(value)
      : (value ?? null);
  const rows = table.rows.map((row) => table.columns.map((col) => cell(row[col.key], col.kind)));
  if (table.totals) rows.push(table.columns.map((col) => table.totals![col.key] ?? null));
  return [table.columns.map((col) => col.title), ...rows];
}

export async function buildXlsx(g: GeneratedReport, t: T, language: string): Promise<ArrayBuffer> {
  const XLSX = await import('xlsx');
  const header = exportHeader(g, t, language);
  const book = XLSX.utils.book_new();
  book.Props = { Title: `${header.title} ${g.params.from} ${g.params.to}`, Author: g.generatedBy };
  for (const table of reportTables(g.report, t)) {
    const sheet = XLSX.utils.aoa_to_sheet(sheetRows(table), { cellDates: true });
    // Date columns show as dates (months as month and year), numbers keep their decimals.
    table.columns.forEach((col, c) => {
      const format =
        col.kind === 'date'
          ? 'yyyy-mm-dd'
          : col.kind === 'month'
            ? 'yyyy-mm'
            : col.kind === 'dec1'
              ? '0.0'
              : col.kind === 'dec2'
                ? '0.00'
                : null;
      if (!format) return;
      for (let r = 1; r <= table.rows.length; r++) {
        const ref = XLSX.utils.encode_cell({ r, c });
        if (sheet[ref]) sheet[ref].z = format;
      }
    });
    sheet['!cols'] = table.columns.map((col) => ({
      wch: Math.max(col.title.length + 2, col.kind === 'text' ? 24 : 12),
    }));
    XLSX.utils.book_append_sheet(book, sheet, table.name.slice(0, 31));
  }
  return XLSX.write(book, { type: 'array', bookType: 'xlsx', cellDates: true }) as ArrayBuffer;
}

/** Saves a built file in the browser. */
export function download(data: ArrayBuffer, fileName: string, mime: string) {
  saveFile(new Blob([data], { type: mime }), fileName);
}
