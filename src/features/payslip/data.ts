// What a payslip prints, as payslip_data() returns it (a DbError when refused) (security definer: HR/admin any, an employee their own).
import { rpc } from '../../data/rpc.ts';
import type { LeaveLine } from '../../domain/payroll/index.ts';

export interface PayslipData {
  kind: 'payroll_record' | 'salary_structure';
  id: string;
  status: string;
  period_start: string | null;
  period_end: string;
  pay_date: string | null;
  regular_hours: number;
  overtime_hours: number;
  currency: 'USD' | 'XOF';
  rule_set: string;
  frequency: string;
  payment_reference?: string | null;
  computation: {
    basic_pay: string;
    overtime_pay: string;
    overtime_premium?: string;
    allowances_total: string;
    gross: string;
    deductions: Record<string, string>;
    total_deductions: string;
    net: string;
    iuts_base?: string;
    /** us-federal-2026: the FLSA status applied (absent on records computed before). */
    flsa_exempt?: boolean;
    /** us-federal-2026: the state whose income tax was withheld (state_income_tax). */
    state?: string;
    /** bf-2026: one line per overtime premium band with hours (absent on records computed before). */
    overtime_lines?: Array<{ band: string; hours: string; premium: string; amount: string }>;
    /** The period's leave, one line per type (RULES.md "Leave"; absent on records computed before). */
    leave_lines?: LeaveLine[];
    leave_pay?: string;
    leave_withheld?: string;
  };
  /** The names of the leave types its leave lines name. */
  leave_types?: Record<string, { en: string; fr: string }>;
  structure: {
    hourly_rate: number;
    overtime_rate: number;
    basic_salary: number;
    pay_basis: string;
    allowances: Record<string, string | number>;
  } | null;
  employer: {
    company: string;
    site: string | null;
    country: 'US' | 'BF' | null;
    time_zone: string | null;
    /** The site's postal address (Settings → sites). */
    address?: string | null;
    /** The US state of the site ('IL'), when payslip_data names it. */
    state?: string | null;
    /** The employer's CNSS registration number (Burkina Faso sites). */
    cnss_number?: string | null;
  } | null;
  employee: {
    id: string;
    name: string;
    email: string;
    position: string | null;
    department: string | null;
    address: string | null;
    joining_date: string | null;
    employment_type: string | null;
  };
  profile: {
    dependants?: number;
    abatement_rate?: number;
    filing_status?: string;
    cnss_number?: string | null;
  };
  ytd: { gross: number; net: number; deductions: number };
}

export async function fetchPayslipData(
  ref: { recordId: string } | { structureId: string },
): Promise<PayslipData> {
  const data = await rpc(
    'payslip_data',
    'recordId' in ref ? { p_record_id: ref.recordId } : { p_structure_id: ref.structureId },
  );
  // jsonb: its shape is the function's (payslip_data), written out above.
  return data as unknown as PayslipData;
}
