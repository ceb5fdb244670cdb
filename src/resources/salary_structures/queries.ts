// The salary screen's calls: every workflow step through the database's RPCs, never a client-side status update.
import type { PostgrestError } from '@supabase/supabase-js';
import type {
  Country,
  Frequency,
  PayBasis,
  Profile,
  RuleSetName,
  RuleSets,
  Ytd,
} from '../../domain/payroll/index.ts';
import { legacySupabase as supabase } from '../../data/client.ts';
import type { DecisionBlocker } from './duties.ts';

export type ApprovalStatus = 'pending' | 'approved' | 'rejected';
export type PaymentStatus = 'pending' | 'processing' | 'paid' | 'failed';

export interface SalaryStructure {
  id: string;
  employee_id: string;
  employee_name: string;
  version: number;
  supersedes_id: string | null;
  rule_set: RuleSetName;
  country: Country;
  currency: string;
  pay_basis: PayBasis;
  frequency: Frequency;
  basic_salary: number;
  hours_worked: number;
  hourly_rate: number;
  overtime_hours: number;
  overtime_rate: number;
  allowances: Record<string, string | number>;
  other_deductions: number;
  overtime_pay: number;
  deductions: Record<string, string>;
  gross_salary: number;
  net_salary: number;
  computation: Record<string, unknown>;
  effective_date: string;
  delay_buffer: number;
  is_active: boolean;
  approval_status: ApprovalStatus;
  payment_status: PaymentStatus;
  approved_at: string | null;
  approved_by: string | null;
  rejection_reason: string | null;
  payment_notes: string | null;
  payment_processed_at: string | null;
  payment_reference: string | null;
  scheduled_release_date: string | null;
  created_by: string | null;
  /** Who last changed the pay terms, and everyone who ever did (none of them may decide it). */
  last_amounts_changed_by: string | null;
  last_amounts_changed_at: string | null;
  amounts_changed_by: string[];
  created_at: string;
}

export interface SalarySummaryRow {
  currency: string;
  total: number;
  pending_approval: number;
  approved: number;
  pending_payment: number;
  total_net_approved: number;
  average_gross: number;
}

export interface SalaryFilters {
  search?: string;
  active?: boolean;
  approval?: ApprovalStatus;
  payment?: PaymentStatus;
}

/** A refusal from the database: its code, machine hint and params (app.refuse), e.g. 'salary.approval_required'. */
export class RpcError extends Error {
  constructor(
    message: string,
    readonly hint: string | null,
    readonly code: string | null,
    readonly details: string | null = null,
  ) {
    super(message);
  }
}

function check<T>(result: { data: T | null; error: PostgrestError | null }): T {
  if (result.error)
    throw new RpcError(
      result.error.message,
      result.error.hint || null,
      result.error.code,
      result.error.details,
    );
  return result.data as T;
}

export async function salarySummary(filters: SalaryFilters): Promise<SalarySummaryRow[]> {
  return check(
    await supabase().rpc('salary_summary', {
      p_search: filters.search ?? null,
      p_active: filters.active ?? null,
      p_approval: filters.approval ?? null,
      p_payment: filters.payment ?? null,
    }),
  );
}

export async function hoursInMonth(month: string, employeeIds: string[]): Promise<Map<string, number>> {
  if (employeeIds.length === 0) return new Map();
  const rows = check<Array<{ employee_id: string; hours: number }>>(
    await supabase().rpc('hours_worked_in_month', { p_month: month, p_employee_ids: employeeIds }),
  );
  return new Map(rows.map((r) => [r.employee_id, Number(r.hours)]));
}

export interface PayContext {
  profile: Profile & Record<string, unknown>;
  ytd: { ss_wages: number; medicare_wages: number };
  site_country: Country | null;
}

export async function payContext(employeeId: string, date: string): Promise<PayContext> {
  return check(await supabase().rpc('salary_pay_context', { p_employee_id: employeeId, p_date: date }));
}

/** The rule sets as the database holds them (admins may have changed a figure), for the preview. */
export async function loadRuleSets(): Promise<RuleSets> {
  const rows = check<Array<{ rule_set: RuleSetName; effective_from: string; params: unknown }>>(
    await supabase()
      .from('payroll_rule_sets')
      .select('rule_set, effective_from, params')
      .order('effective_from'),
  );
  const sets: Record<string, Array<{ effective_from: string; params: unknown }>> = {};
  for (const row of rows)
    (sets[row.rule_set] ??= []).push({ effective_from: row.effective_from, params: row.params });
  return sets as unknown as RuleSets;
}

export const ytdOf = (context: PayContext | null): Ytd => ({
  ss_wages: String(context?.ytd.ss_wages ?? 0),
  medicare_wages: String(context?.ytd.medicare_wages ?? 0),
});

export type SalaryFields = Record<string, unknown>;

export async function createStructures(
  employeeIds: string[],
  fields: SalaryFields,
): Promise<SalaryStructure[]> {
  return check(
    await supabase().rpc('create_salary_structures', { p_employee_ids: employeeIds, p_fields: fields }),
  );
}

export async function reviseStructure(id: string, fields: SalaryFields): Promise<SalaryStructure> {
  return check(await supabase().rpc('revise_salary_structure', { p_id: id, p_fields: fields }));
}

/** A pending structure's fields (RLS: admin, or HR while pending); the database recomputes the figures. */
export async function updateStructure(id: string, fields: SalaryFields): Promise<SalaryStructure> {
  return check(await supabase().from('salary_structures').update(fields).eq('id', id).select().single());
}

export async function deleteStructure(id: string): Promise<void> {
  const result = await supabase().from('salary_structures').delete().eq('id', id).select('id');
  check(result);
  if ((result.data ?? []).length === 0) throw new RpcError('Failed to delete', null, null);
}

export async function setApproval(id: string, status: 'approved' | 'rejected', reason: string | null) {
  return check<SalaryStructure>(
    await supabase().rpc('set_salary_approval', { p_id: id, p_status: status, p_reason: reason }),
  );
}

export async function setPayment(id: string, status: 'paid' | 'failed', reference: string | null) {
  return check<SalaryStructure>(
    await supabase().rpc('set_salary_payment', { p_id: id, p_status: status, p_reference: reference }),
  );
}

/** What bulk approval did: how many it decided, and which it left for another admin and why. */
export interface BulkDecision {
  decided: number;
  skipped: Array<{ id: string; employee_name: string; reason: DecisionBlocker }>;
}

export async function bulkApproval(approve: boolean, reason: string | null): Promise<BulkDecision> {
  return check(await supabase().rpc('bulk_set_salary_approval', { p_approve: approve, p_reason: reason }));
}

/** Pending structures the caller may decide, and those left for another admin (their own salary,
 * or created or changed by them): the bulk confirmation's counts. The database decides in the end. */
export async function pendingDecisions(myEmployeeId: string): Promise<{ decidable: number; left: number }> {
  const pending = () =>
    supabase()
      .from('salary_structures')
      .select('id', { count: 'exact', head: true })
      .eq('approval_status', 'pending');
  const [all, decidable] = await Promise.all([
    pending(),
    pending()
      .neq('employee_id', myEmployeeId)
      .or(`created_by.is.null,created_by.neq.${myEmployeeId}`)
      .not('amounts_changed_by', 'cs', `{${myEmployeeId}}`),
  ]);
  check(all);
  check(decidable);
  return { decidable: decidable.count ?? 0, left: (all.count ?? 0) - (decidable.count ?? 0) };
}

export async function auditHistory(id: string) {
  return check<
    Array<{ action: string; diff: Record<string, unknown>; created_at: string; actor_id?: string }>
  >(
    await supabase()
      .from('audit_logs')
      .select('*')
      .eq('entity', 'salary_structures')
      .eq('entity_id', id)
      .order('created_at'),
  );
}

/** Saves the changed fields of an employee's pay profile (HR and admins; validated and audited in SQL). */
export async function savePayProfile(employeeId: string, profile: Record<string, unknown>) {
  return check(await supabase().rpc('save_pay_profile', { p_employee_id: employeeId, p_profile: profile }));
}
