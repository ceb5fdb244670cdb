// The payroll screen's data: runs and records are Refine table screens (list.tsx); the summary
// cards, a run's summary, the sites, and every workflow step go through the database's functions
// here (typed by the generated schema). Failures are DbErrors.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Database } from '../../data/database.types.ts';
import { supabase } from '../../data/client.ts';
import { useLiveQueryOf } from '../../data/live.ts';
import { rpc, run, type RpcResult } from '../../data/rpc.ts';
import type { Frequency } from '../../domain/payroll/types.ts';

type Tables = Database['public']['Tables'];
export type PayrollStatus = Database['public']['Enums']['payroll_status'];

/** A run with its site's name; `skipped` (jsonb) lists who was left out and why. */
export type PayrollRun = Omit<Tables['payroll_runs']['Row'], 'skipped'> & {
  skipped: Array<{ name: string; reason: string }>;
  sites?: { name: string } | null;
};

/** A record; its deductions (jsonb) are amounts by name. */
export type PayrollRecord = Omit<Tables['payroll_records']['Row'], 'deductions'> & {
  deductions: Record<string, string | number>;
};

export type SummaryRow = RpcResult<'payroll_summary'>[number];

export const payrollKeys = {
  summary: (month: number | undefined, status: PayrollStatus | undefined, search: string) =>
    ['payroll', 'summary', month ?? null, status ?? null, search] as const,
  runSummary: (runId: string) => ['payroll', 'run-summary', runId] as const,
  sites: ['payroll', 'sites'] as const,
};

/** The cards per currency (payroll_summary) with the screen's filters, live. */
export function usePayrollSummary(
  month: number | undefined,
  status: PayrollStatus | undefined,
  search: string,
) {
  return useLiveQueryOf(
    ['payroll_runs', 'payroll_records'],
    {
      queryKey: payrollKeys.summary(month, status, search),
      queryFn: () =>
        rpc('payroll_summary', {
          p_month: month === undefined ? undefined : month + 1,
          p_status: status,
          p_search: search.trim() || undefined,
        }),
      placeholderData: keepPreviousData,
    },
    ['payroll', 'summary'],
  );
}

/** A run's gross-to-net lines (payroll_run_summary). */
export const useRunSummary = (runId: string) =>
  useQuery({
    queryKey: payrollKeys.runSummary(runId),
    queryFn: () => rpc('payroll_run_summary', { p_run_id: runId }),
  });

/** The sites a run may be generated for. */
export const useSites = () =>
  useQuery({
    queryKey: payrollKeys.sites,
    queryFn: async () =>
      (await run(supabase().from('sites').select('id, name, currency').order('name'))) ?? [],
  });

export interface RunRequest {
  siteId: string;
  start: string;
  end: string;
  frequency: Frequency;
}

/** Generates a run (generate_payroll_run); the result says who was included and who was skipped. */
export const useGenerateRun = () =>
  useMutation({
    mutationFn: async ({ siteId, start, end, frequency }: RunRequest) =>
      (await rpc('generate_payroll_run', {
        p_site_id: siteId,
        p_period_start: start,
        p_period_end: end,
        p_frequency: frequency,
      })) as unknown as PayrollRun,
  });

export type RunAction = 'process' | 'markPaid' | 'cancel';
export type RecordAction = 'process' | 'markPaid';

const RUN_STEPS: Record<RunAction, (runId: string) => Promise<unknown>> = {
  process: (id) => rpc('process_payroll_run', { p_run_id: id }),
  markPaid: (id) => rpc('mark_payroll_run_paid', { p_run_id: id }),
  cancel: (id) => rpc('cancel_payroll_run', { p_run_id: id }),
};
const RECORD_STEPS: Record<RecordAction, (recordId: string) => Promise<unknown>> = {
  process: (id) => rpc('process_payroll_record', { p_record_id: id }),
  markPaid: (id) => rpc('mark_payroll_record_paid', { p_record_id: id }),
};

/** A run's next workflow step (Process / Mark paid / Cancel). */
export const useMoveRun = () =>
  useMutation({
    mutationFn: ({ runId, action }: { runId: string; action: RunAction }) => RUN_STEPS[action](runId),
  });

/** A record's next workflow step (Process / Mark paid). */
export const useMoveRecord = () =>
  useMutation({
    mutationFn: ({ recordId, action }: { recordId: string; action: RecordAction }) =>
      RECORD_STEPS[action](recordId),
  });

/** Cancels one record (draft or processed) with a reason. */
export const useCancelRecord = () =>
  useMutation({
    mutationFn: ({ recordId, reason }: { recordId: string; reason: string }) =>
      rpc('cancel_payroll_record', { p_record_id: recordId, p_reason: reason }),
  });

/** A run's records, by name, for its Excel export. */
export const fetchRunRecords = async (runId: string): Promise<PayrollRecord[]> =>
  ((await run(supabase().from('payroll_records').select('*').eq('run_id', runId).order('employee_name'))) ??
    []) as PayrollRecord[];
