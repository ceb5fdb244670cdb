// Payslips as PDF documents: what the payroll screen, the salary screen and the employee portal use.
// The content builder and jspdf load only when a person asks for a payslip.

/** The payslip of one payroll record, as a downloaded PDF (a DbError when refused). */
export async function downloadPayslip(recordId: string): Promise<void> {
  await (await import('./download.ts')).downloadPayslip(recordId);
}

/** The payslip of one paid salary structure, as a downloaded PDF (a DbError when refused). */
export async function downloadStructurePayslip(structureId: string): Promise<void> {
  await (await import('./download.ts')).downloadStructurePayslip(structureId);
}
