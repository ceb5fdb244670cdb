// The reports' data: the four database functions (scoped to the caller by the database) and what
// each returns, typed by the generated schema. Failures are DbErrors.
import { supabase } from '../../data/client.ts';
import { rpc, run, type RpcName, type RpcResult } from '../../data/rpc.ts';

export const REPORT_TYPES = ['summary', 'daily', 'employee', 'monthly'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const RPC = {
  summary: 'report_summary',
  daily: 'report_daily',
  employee: 'report_employees',
  monthly: 'report_monthly',
} as const satisfies Record<ReportType, RpcName>;

export interface ReportParams {
  type: ReportType;
  from: string;
  to: string;
  siteId: string | null;
  departmentId: string | null;
}

export type SummaryRow = RpcResult<'report_summary'>[number];
export type DailyRow = RpcResult<'report_daily'>[number];
export type EmployeeRow = RpcResult<'report_employees'>[number];
export type MonthlyRow = RpcResult<'report_monthly'>[number];

export type Report =
  | { type: 'summary'; rows: SummaryRow[] }
  | { type: 'daily'; rows: DailyRow[] }
  | { type: 'employee'; rows: EmployeeRow[] }
  | { type: 'monthly'; rows: MonthlyRow[] };

/** A generated report: its rows, what was asked, and when and by whom. */
export interface GeneratedReport {
  report: Report;
  params: ReportParams;
  /** Site and department names for the filter line (null = all). */
  filterNames: { site: string | null; department: string | null };
  generatedAt: Date;
  generatedBy: string;
  /** The company's name (settings), at the head of the exports. */
  company: string;
}

export const reportKeys = { company: ['reports', 'company'] as const };

/** The company's name from the settings (readable by everyone signed in). */
export async function fetchCompanyName(): Promise<string> {
  const row = await run(
    supabase().from('system_settings').select('company_name').eq('id', 'default').maybeSingle(),
  );
  return row?.company_name ?? '';
}

/** Runs the report's database function (scoped to the caller by the database). */
export async function fetchReport(params: ReportParams): Promise<Report> {
  const rows = await rpc(RPC[params.type], {
    p_from: params.from,
    p_to: params.to,
    p_site_id: params.siteId ?? undefined,
    p_department_ids: params.departmentId ? [params.departmentId] : undefined,
  });
  return { type: params.type, rows } as Report;
}
