// Draws a payslip's content as a PDF with jspdf + jspdf-autotable, both loaded only here, on demand.
import type { PayslipContent } from './content.ts';

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
      columnStyles:
        section.head && section.head.length > 2 ? { 0: { cellWidth: 200 } } : { 0: { cellWidth: 200 } },
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
