// TRANSITIONAL (issue 24): the payslip PDF comes from payroll's internals until fe-pay exposes it as
// src/features/payslip/index.ts; this file is in eslint.config.js's LEGACY list until then.
import type { Payslip } from './data.ts';

/** The payslip PDF of a paystub: from its payroll record, else from its paid salary structure. The PDF
 * builder (jspdf) loads only when a person asks for one. */
export async function downloadMyPayslip(p: Payslip): Promise<void> {
  const pdf = await import('../../resources/payroll_runs/payslip/download.ts');
  if (p.payroll_record_id) await pdf.downloadPayslip(p.payroll_record_id);
  else if (p.salary_structure_id) await pdf.downloadStructurePayslip(p.salary_structure_id);
}
