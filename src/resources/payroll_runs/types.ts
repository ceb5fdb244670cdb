// The payroll screen's rows, their status colours, and its RPC call.
import dayjs from 'dayjs';
import { legacySupabase as supabase } from '../../data/client.ts';
import { RpcError } from '../salary_structures/queries.ts';
import type { ExportRecord } from './export/workbook.ts';

export type PayrollStatus = 'draft' | 'processed' | 'paid' | 'cancelled';
export interface PayrollRun {
  id: string;
  site_id: string;
  period_start: string;
  period_end: string;
  frequency: string;
  status: PayrollStatus;
  currency: string;
  employee_count: number;
  total_gross: number;
  total_deductions: number;
  total_net: number;
  skipped: Array<{ name: string; reason: string }>;
  sites?: { name: string } | null;
}
export type PayrollRecord = ExportRecord & { run_id: string; cancel_reason?: string | null };

export interface SummaryRow {
  currency: string;
  total_records: number;
  total_paid: number;
  pending: number;
  /** Null when every record in view is cancelled. */
  average_pay: number | null;
}

export const STATUS_COLOR: Record<PayrollStatus, string> = {
  draft: 'default',
  processed: 'blue',
  paid: 'green',
  cancelled: 'red',
};

export async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase().rpc(name, args);
  if (error) throw new RpcError(error.message, error.hint || null, error.code, error.details);
  return data as T;
}

export const runName = (run: PayrollRun) =>
  `${run.sites?.name ?? ''} ${dayjs(run.period_start).format('MMM DD')} – ${dayjs(run.period_end).format('MMM DD, YYYY')}`.trim();
