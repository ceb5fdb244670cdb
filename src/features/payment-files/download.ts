// Saves a stored payment file: the bank and operator files as they are stored (byte for byte, so
// their SHA-256 is the stored one), the cash sheet as its PDF.
import type { TFunction } from 'i18next';
import { renderCashSheet, type SheetRun } from './cash-sheet.ts';
import { fetchPaymentFile } from './data.ts';

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadPaymentFile(
  fileId: string,
  run: SheetRun,
  t: TFunction,
  language: 'en' | 'fr',
) {
  const file = await fetchPaymentFile(fileId);
  if (file.kind === 'cash_sheet') {
    save(await renderCashSheet(file, run, t, language), file.file_name.replace(/\.csv$/, '.pdf'));
    return;
  }
  save(new Blob([file.content], { type: file.kind === 'ach' ? 'text/plain' : 'text/csv' }), file.file_name);
}
