// Draws a payslip's content as a PDF with jspdf + jspdf-autotable, both loaded only here, on demand.
// A payslip is one page: when the regular layout would spill onto a second page (a bulletin de paie
// with many lines), it is drawn again in a compact layout (smaller type and padding) that fits.
import type { PayslipContent } from './lines.ts';

interface Layout {
  fontSize: number;
  cellPadding: number;
  sectionGap: number;
  noteLine: number;
}
const REGULAR: Layout = { fontSize: 9, cellPadding: 4, sectionGap: 24, noteLine: 12 };
const COMPACT: Layout = { fontSize: 8, cellPadding: 2.5, sectionGap: 16, noteLine: 10 };

export async function renderPayslipPdf(content: PayslipContent): Promise<Blob> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const draw = (layout: Layout) => {
    const doc = new jsPDF({ unit: 'pt', format: 'a4' });
    const pageHeight = doc.internal.pageSize.getHeight();
    doc.setProperties({ title: `${content.title} - ${content.subtitle}` });
    doc.setFontSize(18);
    doc.text(content.title, 40, 50);
    doc.setFontSize(11);
    doc.text(content.subtitle, 40, 70);
    let y = 90;
    for (const section of content.sections) {
      doc.setFontSize(layout.fontSize + 3);
      doc.text(section.title, 40, y);
      autoTable(doc, {
        startY: y + 6,
        head: section.head ? [section.head] : undefined,
        body: section.rows,
        theme: 'grid',
        styles: { fontSize: layout.fontSize, cellPadding: layout.cellPadding },
        headStyles: { fillColor: [22, 119, 255] },
        // The label column wide; the figures after it right-aligned (heads too).
        columnStyles: Object.fromEntries(
          (section.head ?? ['']).map((_, i) => [
            i,
            i === 0 ? { cellWidth: 200 } : { halign: 'right' as const },
          ]),
        ),
        didParseCell: (cell) => {
          if (cell.section === 'head' && cell.column.index > 0) cell.cell.styles.halign = 'right';
        },
        margin: { left: 40, right: 40 },
      });
      y = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + layout.sectionGap;
    }
    doc.setFontSize(layout.fontSize - 1);
    // Notes wrap within the margins (a law's citation is long).
    const width = doc.internal.pageSize.getWidth() - 80;
    for (const note of content.notes) {
      for (const line of doc.splitTextToSize(note, width) as string[]) {
        if (y > pageHeight - 30) {
          doc.addPage();
          y = 50;
        }
        doc.text(line, 40, y);
        y += layout.noteLine;
      }
    }
    return doc;
  };
  let doc = draw(REGULAR);
  if (doc.getNumberOfPages() > 1) doc = draw(COMPACT);
  return doc.output('blob');
}
