// A paystub's payslip PDF: from its payroll record, else from its paid salary structure (the payslip
// feature loads its PDF builder only when a person asks for one).
import { downloadPayslip, downloadStructurePayslip } from '../../features/payslip/index.ts';
import type { Payslip } from './data.ts';

export async function downloadMyPayslip(p: Payslip): Promise<void> {
  if (p.payroll_record_id) await downloadPayslip(p.payroll_record_id);
  else if (p.salary_structure_id) await downloadStructurePayslip(p.salary_structure_id);
}
