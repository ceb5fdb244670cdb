// The salary screen's data: every read and every workflow step through the database (typed by the
// generated schema), never a client-side status update. Failures are DbErrors.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Database } from '../../data/database.types.ts';
import { supabase } from '../../data/client.ts';
import { DbError, toDbError } from '../../data/errors.ts';
import { useLiveQueryOf } from '../../data/live.ts';
import { rpc, run, type RpcResult } from '../../data/rpc.ts';
import type { SalaryStructure } from '../../features/salary-form/index.ts';
import type { DecisionBlocker } from './duties.ts';

export type { SalaryStructure };

type Enums = Database['public']['Enums'];
export type ApprovalStatus = Enums['approval_status'];
export type PaymentStatus = Enums['payment_status'];

export type SalarySummaryRow = RpcResult<'salary_summary'>[number];

export interface SalaryFilters {
  search?: string;
  active?: boolean;
  approval?: ApprovalStatus;
  payment?: PaymentStatus;
}

export const salaryKeys = {
  all: ['salary'] as const,
  summary: (filters: SalaryFilters) => ['salary', 'summary', filters] as const,
  hours: (month: string, ids: readonly string[]) => ['salary', 'hours', month, ids] as const,
  history: (id: string) => ['salary', 'history', id] as const,
};

// Summary cards ------------------------------------------------------------------------------

export const fetchSalarySummary = (filters: SalaryFilters) =>
  rpc('salary_summary', {
    p_search: filters.search,
    p_active: filters.active,
    p_approval: filters.approval,
    p_payment: filters.payment,
  });

/** The summary cards per currency (salary_summary in SQL), live. */
export function useSalarySummary(filters: SalaryFilters) {
  return useLiveQueryOf(
    ['salary_structures'],
    { queryKey: salaryKeys.summary(filters), queryFn: () => fetchSalarySummary(filters) },
    ['salary', 'summary'],
  );
}

// Hours worked in a month, per employee of the page ---------------------------------------------

export async function fetchHoursInMonth(month: string, employeeIds: readonly string[]) {
  if (employeeIds.length === 0) return new Map<string, number>();
  const rows = await rpc('hours_worked_in_month', { p_month: month, p_employee_ids: [...employeeIds] });
  return new Map(rows.map((r) => [r.employee_id, Number(r.hours)]));
}

export function useHoursInMonth(month: string, employeeIds: readonly string[]) {
  return useQuery({
    queryKey: salaryKeys.hours(month, employeeIds),
    queryFn: () => fetchHoursInMonth(month, employeeIds),
    placeholderData: keepPreviousData,
  });
}

// Writes -----------------------------------------------------------------------------------------

const asStructure = (row: unknown) => row as SalaryStructure;

export async function deleteStructure(id: string): Promise<void> {
  const deleted = await run(supabase().from('salary_structures').delete().eq('id', id).select('id'));
  // RLS hides what the reader may not delete: nothing deleted is a refusal.
  if (!deleted?.length) throw new DbError('access.denied');
}

export const setApproval = async (id: string, status: 'approved' | 'rejected', reason: string | null) =>
  asStructure(
    await rpc('set_salary_approval', { p_id: id, p_status: status, p_reason: reason ?? undefined }),
  );

export const setPayment = async (id: string, status: 'paid' | 'failed', reference: string | null) =>
  asStructure(
    await rpc('set_salary_payment', { p_id: id, p_status: status, p_reference: reference ?? undefined }),
  );

/** What bulk approval did: how many it decided, and which it left for another admin and why. */
export interface BulkDecision {
  decided: number;
  skipped: Array<{ id: string; employee_name: string; reason: DecisionBlocker }>;
}

export const bulkApproval = async (approve: boolean, reason: string | null) =>
  (await rpc('bulk_set_salary_approval', {
    p_approve: approve,
    p_reason: reason ?? undefined,
  })) as unknown as BulkDecision;

/** Pending structures the caller may decide, and those left for another admin (their own salary,
 * or created or changed by them): the bulk confirmation's counts. The database decides in the end. */
export async function pendingDecisions(myEmployeeId: string): Promise<{ decidable: number; left: number }> {
  const pending = () =>
    supabase()
      .from('salary_structures')
      .select('id', { count: 'exact', head: true })
      .eq('approval_status', 'pending');
  const count = async (query: ReturnType<typeof pending>) => {
    const answer = await query;
    if (answer.error) throw toDbError(answer.error);
    return answer.count ?? 0;
  };
  const [all, decidable] = await Promise.all([
    count(pending()),
    count(
      pending()
        .neq('employee_id', myEmployeeId)
        .or(`created_by.is.null,created_by.neq.${myEmployeeId}`)
        .not('amounts_changed_by', 'cs', `{${myEmployeeId}}`),
    ),
  ]);
  return { decidable, left: all - decidable };
}

// A structure's history (audit log) --------------------------------------------------------------

export interface HistoryEntry {
  action: string;
  diff: Record<string, unknown> | null;
  created_at: string;
}

export const fetchHistory = async (id: string): Promise<HistoryEntry[]> =>
  (await run(
    supabase()
      .from('audit_logs')
      .select('action, diff, created_at')
      .eq('entity', 'salary_structures')
      .eq('entity_id', id)
      .order('created_at'),
  )) as HistoryEntry[];

export const useHistory = (id: string | undefined) =>
  useQuery({
    queryKey: salaryKeys.history(id ?? ''),
    queryFn: () => fetchHistory(id!),
    enabled: Boolean(id),
  });
