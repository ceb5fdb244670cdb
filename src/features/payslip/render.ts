// Draws a payslip's content as a PDF with jspdf + jspdf-autotable, both loaded only here, on demand.
import type { PayslipContent } from './lines.ts';

export async function renderPayslipPdf(content: PayslipContent): Promise<Blob> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  doc.setProperties({ title: `${content.title} - ${content.subtitle}` });
  doc.setFontSize(18);
  doc.text(content.title, 40, 50);
  doc.setFontSize(11);
  doc.text(content.subtitle, 40, 70);
  let y = 90;
  for (const section of content.sections) {
    doc.setFontSize(12);
    doc.text(section.title, 40, y);
    autoTable(doc, {
      startY: y + 6,
      head: section.head ? [section.head] : undefined,
      body: section.rows,
      theme: 'grid',
      styles: { fontSize: 9, cellPadding: 4 },
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
    y = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 24;
    if (y > 760) {
      doc.addPage();
      y = 50;
    }
  }
  doc.setFontSize(8);
  for (const note of content.notes) {
    doc.text(note, 40, y);
    y += 12;
  }
  return doc.output('blob');
}
