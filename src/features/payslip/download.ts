// The heavy part of the payslip download (content, jspdf), loaded by index.ts on demand: fetches
// the record's data (an employee may fetch only their own), builds the content and saves the PDF.
import { saveFile } from '../../shared/download/index.ts';
import { payslipContent } from './content.ts';
import { fetchPayslipData } from './data.ts';
import { renderPayslipPdf } from './render.ts';

/** The payslip of one payroll record, as a downloaded PDF. */
export async function downloadPayslip(recordId: string): Promise<void> {
  const content = payslipContent(await fetchPayslipData({ recordId }));
  saveFile(await renderPayslipPdf(content), content.fileName);
}

/** The payslip of one paid salary structure, as a downloaded PDF. */
export async function downloadStructurePayslip(structureId: string): Promise<void> {
  const content = payslipContent(await fetchPayslipData({ structureId }));
  saveFile(await renderPayslipPdf(content), content.fileName);
}
