// PDF (jspdf + jspdf-autotable) and Excel (SheetJS) files of a generated report, built from the
// same tables as the screen. Both libraries are imported only when an export runs. The PDF carries
// the company's name, the period and the report's chart (the chart drawn on screen, as an image).
import { saveFile } from '../../shared/download/index.ts';
import { siteDateTime } from '../../shared/format/index.ts';
import { formatCell, reportTables, type GeneratedReport, type ReportTable } from './model.ts';

type T = (key: string, options?: Record<string, unknown>) => string;

export interface ExportHeader {
  company: string;
  title: string;
  period: string;
  filters: string;
  generated: string;
}

/** The lines every export starts with: title, period, filters, generation time and who. */
export function exportHeader(g: GeneratedReport, t: T, language: string): ExportHeader {
  const date = (d: string) => formatCell(d, 'date', language);
  const filters = [
    t('reports.filterLine', { name: t('reports.site'), value: g.filterNames.site ?? t('reports.allSites') }),
    t('reports.filterLine', {
      name: t('reports.department'),
      value: g.filterNames.department ?? t('reports.allDepartments'),
    }),
  ].join(' | ');
  return {
    company: g.company,
    title: t(`reports.types.${g.report.type}`),
    period: t('reports.periodLine', { from: date(g.params.from), to: date(g.params.to) }),
    filters: t('reports.filterLine', { name: t('reports.filters'), value: filters }),
    generated: t('reports.generatedAt', {
      at: siteDateTime(g.generatedAt, null, language),
      who: g.generatedBy,
    }),
  };
}

/** A chart as drawn on screen: a PNG data URL and its size on screen (for its proportions). */
export interface ChartImage {
  dataUrl: string;
  width: number;
  height: number;
}

/** The report's charts drawn on the page (canvases under `root`), as images for the PDF. */
export function captureCharts(root: ParentNode | null): ChartImage[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll('canvas'))
    .filter((c) => c.width > 0 && c.height > 0)
    .flatMap((c) => {
      try {
        return [
          {
            dataUrl: c.toDataURL('image/png'),
            width: c.clientWidth || c.width,
            height: c.clientHeight || c.height,
          },
        ];
      } catch {
        return []; // a canvas that cannot be read is left out, not the export
      }
    });
}

/** Where the charts go on the page: side by side, scaled to the width, proportions kept. */
export function chartLayout(charts: ChartImage[], pageWidth: number, margin = 40, gap = 12) {
  if (charts.length === 0) return { boxes: [], height: 0 };
  const width = (pageWidth - 2 * margin - gap * (charts.length - 1)) / charts.length;
  const boxes = charts.map((c, i) => ({
    x: margin + i * (width + gap),
    width,
    height: Math.min(width * (c.height / c.width), 220),
  }));
  return { boxes, height: Math.max(...boxes.map((b) => b.height)) };
}

export async function buildPdf(
  g: GeneratedReport,
  t: T,
  language: string,
  charts: ChartImage[] = [],
): Promise<ArrayBuffer> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const tables = reportTables(g.report, t);
  const wide = tables.some((table) => table.columns.length > 6) || charts.length > 1;
  const doc = new jsPDF({ orientation: wide ? 'landscape' : 'portrait', unit: 'pt', format: 'a4' });
  const header = exportHeader(g, t, language);
  doc.setProperties({
    title: `${header.title} ${g.params.from} ${g.params.to}`,
    author: g.generatedBy,
    creator: header.company,
  });
  doc.setFontSize(10);
  doc.setTextColor(90);
  doc.text(header.company, 40, 40);
  doc.setTextColor(20);
  doc.setFontSize(18);
  doc.text(header.title, 40, 62);
  doc.setFontSize(10);
  doc.text(header.period, 40, 80);
  doc.text(header.filters, 40, 94);
  doc.text(header.generated, 40, 108);
  let y = 124;
  const layout = chartLayout(charts, doc.internal.pageSize.getWidth());
  charts.forEach((chart, i) => {
    const box = layout.boxes[i]!;
    doc.addImage(chart.dataUrl, 'PNG', box.x, y, box.width, box.height);
  });
  if (layout.height > 0) y += layout.height + 16;
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

/** The Excel number format of a column: dates in the reader's order, decimals as the report shows them. */
export function cellFormat(kind: ReportTable['columns'][number]['kind'], language: string): string | null {
  const french = language.toLowerCase().startsWith('fr');
  switch (kind) {
    case 'date':
      return french ? 'dd/mm/yyyy' : 'm/d/yyyy';
    case 'month':
      return 'mmmm yyyy';
    case 'int':
      return '0';
    case 'dec1':
      return '0.0';
    case 'dec2':
      return '0.00';
    default:
      return null;
  }
}

/** Each column as wide as its title or its longest value as shown (2 more, 8 to 40 characters). */
export function columnWidths(table: ReportTable, language: string): { wch: number }[] {
  return table.columns.map((col) => {
    const longest = Math.max(
      col.title.length,
      ...table.rows.map(
        (row) => formatCell(row[col.key] ?? null, col.kind === 'month' ? 'month' : col.kind, language).length,
      ),
      col.kind === 'date' ? 10 : 0,
    );
    return { wch: Math.min(Math.max(longest + 2, 8), 40) };
  });
}

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
  book.Props = {
    Title: `${header.title} ${g.params.from} ${g.params.to}`,
    Subject: header.period,
    Author: g.generatedBy,
    Company: header.company,
  };
  for (const table of reportTables(g.report, t)) {
    const sheet = XLSX.utils.aoa_to_sheet(sheetRows(table), { cellDates: true });
    // Date columns show as dates in the reader's order (months as month and year), numbers keep
    // their decimals (Excel writes the decimal separator of the reader's own settings).
    table.columns.forEach((col, c) => {
      const format = cellFormat(col.kind, language);
      if (!format) return;
      for (let r = 1; r <= table.rows.length; r++) {
        const ref = XLSX.utils.encode_cell({ r, c });
        if (sheet[ref]) sheet[ref].z = format;
      }
    });
    sheet['!cols'] = columnWidths(table, language);
    XLSX.utils.book_append_sheet(book, sheet, table.name.slice(0, 31));
  }
  return XLSX.write(book, { type: 'array', bookType: 'xlsx', cellDates: true }) as ArrayBuffer;
}

/** Saves a built file in the browser. */
export function download(data: ArrayBuffer, fileName: string, mime: string) {
  saveFile(new Blob([data], { type: mime }), fileName);
}
