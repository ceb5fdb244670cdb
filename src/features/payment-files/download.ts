// Saves a stored payment file: the bank and operator files as they are stored (byte for byte, so
// their SHA-256 is the stored one), the cash sheet as its PDF.
import type { TFunction } from 'i18next';
import { saveFile } from '../../shared/download/index.ts';
import { renderCashSheet, type SheetRun } from './cash-sheet.ts';
import { fetchPaymentFile } from './data.ts';

export async function downloadPaymentFile(
  fileId: string,
  run: SheetRun,
  t: TFunction,
  language: 'en' | 'fr',
) {
  const file = await fetchPaymentFile(fileId);
  if (file.kind === 'cash_sheet') {
    saveFile(await renderCashSheet(file, run, t, language), file.file_name.replace(/\.csv$/, '.pdf'));
    return;
  }
  saveFile(
    new Blob([file.content], { type: file.kind === 'ach' ? 'text/plain' : 'text/csv' }),
    file.file_name,
  );
}
