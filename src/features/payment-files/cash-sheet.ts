// The cash sheet as a PDF to sign: one line per person (name, amount, reference, a signature box),
// the total, who paid and when, and the stored file's SHA-256 so the paper names the file it prints.
// Drawn from the stored content (the database's CSV), with jspdf loaded only here.
import type { TFunction } from 'i18next';
import { formatMoneyForPrint } from '../../shared/format/index.ts';
import type { StoredFile } from './data.ts';

export interface SheetRun {
  siteName: string;
  periodStart: string;
  periodEnd: string;
}

/** The stored cash sheet's rows (NAME;AMOUNT;CURRENCY;REFERENCE, RFC 4180 quotes). */
export function cashRows(content: string): Array<{ name: string; amount: string; reference: string }> {
  const rows: string[][] = [];
  for (const line of content.split('\r\n').slice(1).filter(Boolean)) {
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quoted && c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = !quoted;
      else if (c === ';' && !quoted) {
        fields.push(field);
        field = '';
      } else field += c;
    }
    rows.push([...fields, field]);
  }
  return rows.map(([name, amount, , reference]) => ({ name: name!, amount: amount!, reference: reference! }));
}

export async function renderCashSheet(file: StoredFile, run: SheetRun, t: TFunction, language: 'en' | 'fr') {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const currency = file.currency as 'USD' | 'XOF';
  const money = (value: string | number) => formatMoneyForPrint(value, currency, language);
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  // The same file prints the same PDF: its date is the file's, not the printer's.
  doc.setCreationDate(new Date(file.generated_at));
  doc.setProperties({ title: `${t('payments.files.sheet.title')} - ${run.siteName}` });
  doc.setFontSize(18);
  doc.text(t('payments.files.sheet.title'), 40, 50);
  doc.setFontSize(11);
  doc.text(
    `${run.siteName} - ${t('payments.files.sheet.period', { from: run.periodStart, to: run.periodEnd })}`,
    40,
    70,
  );
  const rows = cashRows(file.content);
  autoTable(doc, {
    startY: 90,
    head: [
      [
        t('payments.files.sheet.number'),
        t('payments.files.sheet.name'),
        t('payments.files.sheet.amount'),
        t('payments.files.sheet.reference'),
        t('payments.files.sheet.signature'),
      ],
    ],
    body: rows.map((r, i) => [String(i + 1), r.name, money(r.amount), r.reference, '']),
    foot: [['', t('payments.files.sheet.total'), money(file.total), '', '']],
    theme: 'grid',
    styles: { fontSize: 10, cellPadding: 6, minCellHeight: 30, valign: 'middle' },
    headStyles: { fillColor: [22, 119, 255] },
    footStyles: { fillColor: [240, 240, 240], textColor: 20 },
    columnStyles: {
      0: { cellWidth: 28 },
      2: { halign: 'right', cellWidth: 95 },
      3: { cellWidth: 110 },
      4: { cellWidth: 130 },
    },
    margin: { left: 40, right: 40 },
  });
  let y = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 36;
  if (y > 740) {
    doc.addPage();
    y = 60;
  }
  doc.setFontSize(11);
  doc.text(t('payments.files.sheet.paidBy'), 40, y);
  doc.text(t('payments.files.sheet.date'), 360, y);
  doc.setFontSize(7);
  doc.setTextColor(120);
  doc.text(t('payments.files.sheet.fingerprint', { hash: file.sha256 }), 40, 810);
  return doc.output('blob');
}
