// Leave's data: types, balances and their ledger, the quote of a request before it is sent, the
// requests a reader may see (RLS: own, team, everyone for HR), the team's approved days off, and
// the workflow steps (request, decide, cancel) as mutations. Failures are DbErrors with codes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Database } from '../../data/database.types.ts';
import { supabase } from '../../data/client.ts';
import { useLiveQuery } from '../../data/live.ts';
import { rpc, run, type RpcResult } from '../../data/rpc.ts';

export type LeaveRequest = Database['public']['Tables']['leave_requests']['Row'];
export type LeaveStatus = Database['public']['Enums']['leave_status'];
export type LeaveType = Database['public']['Tables']['leave_types']['Row'];
export type Balance = RpcResult<'leave_balances'>[number];
export type LedgerLine = RpcResult<'leave_ledger'>[number];
export type Quote = RpcResult<'leave_quote'>[number];
/** A request with its person's name (the list's and the manager's view). */
export type LeaveRequestRow = LeaveRequest & { employee: { first_name: string; last_name: string } | null };

export const leaveKeys = {
  all: ['leave'] as const,
  types: ['leave', 'types'] as const,
  balances: (employeeId: string | null) => ['leave', 'balances', employeeId] as const,
  ledger: (employeeId: string, type: string) => ['leave', 'ledger', employeeId, type] as const,
  quote: (args: QuoteArgs) => ['leave', 'quote', args] as const,
  requests: (scope: RequestScope) => ['leave', 'requests', scope] as const,
  teamDays: (from: string, to: string) => ['leave', 'team-days', from, to] as const,
};
const LIVE = ['leave_requests', 'leave_adjustments', 'leave_policies', 'leave_types'] as const;

/** Every leave type, for labels (custom types carry their own EN and FR names). */
export function useLeaveTypes() {
  useLiveQuery(['leave_types'], leaveKeys.types);
  return useQuery({
    queryKey: leaveKeys.types,
    queryFn: async () => (await run(supabase().from('leave_types').select('*').order('code'))) ?? [],
    staleTime: 60_000,
  });
}

/** A person's balances today (their own when `employeeId` is null). */
export function useLeaveBalances(employeeId: string | null, enabled = true) {
  useLiveQuery(LIVE, leaveKeys.balances(employeeId), enabled);
  return useQuery({
    queryKey: leaveKeys.balances(employeeId),
    queryFn: () => rpc('leave_balances', { p_employee_id: employeeId ?? undefined }),
    enabled,
  });
}

/** The ledger behind one balance, with the running sum. */
export function useLeaveLedger(employeeId: string, type: string | null) {
  useLiveQuery(LIVE, leaveKeys.ledger(employeeId, type ?? ''), type !== null);
  return useQuery({
    queryKey: leaveKeys.ledger(employeeId, type ?? ''),
    queryFn: () => rpc('leave_ledger', { p_employee_id: employeeId, p_leave_type: type! }),
    enabled: type !== null && employeeId !== '',
  });
}

export interface QuoteArgs {
  type: string;
  start: string;
  end: string;
  half: 'am' | 'pm' | null;
  employeeId: string | null;
}

/** What a request would cost and what is available at its start, before sending it. */
export function useLeaveQuote(args: QuoteArgs | null) {
  return useQuery({
    queryKey: leaveKeys.quote(args ?? { type: '', start: '', end: '', half: null, employeeId: null }),
    queryFn: async () =>
      (
        await rpc('leave_quote', {
          p_leave_type: args!.type,
          p_start: args!.start,
          p_end: args!.end,
          p_half_day: args!.half ?? undefined,
          p_employee_id: args!.employeeId ?? undefined,
        })
      )[0] ?? null,
    enabled: args !== null,
    retry: false,
  });
}

export interface RequestScope {
  employeeId?: string;
  status?: LeaveStatus;
  limit?: number;
}

/** Requests the reader may see (RLS), newest first, with the person's name. */
export function useLeaveRequests(scope: RequestScope, enabled = true) {
  useLiveQuery(['leave_requests'], leaveKeys.requests(scope), enabled);
  return useQuery({
    queryKey: leaveKeys.requests(scope),
    queryFn: async () => {
      let query = supabase()
        .from('leave_requests')
        .select('*, employee:employees!leave_requests_employee_id_fkey(first_name, last_name)')
        .order('start_date', { ascending: false })
        .limit(scope.limit ?? 50);
      if (scope.employeeId) query = query.eq('employee_id', scope.employeeId);
      if (scope.status) query = query.eq('status', scope.status);
      return ((await run(query)) ?? []) as LeaveRequestRow[];
    },
    enabled,
  });
}

/** Approved leave overlapping a period (the team calendar: RLS limits it to the reader's team). */
export function useLeaveDays(from: string, to: string) {
  useLiveQuery(['leave_requests'], leaveKeys.teamDays(from, to));
  return useQuery({
    queryKey: leaveKeys.teamDays(from, to),
    queryFn: async () =>
      ((await run(
        supabase()
          .from('leave_requests')
          .select('*, employee:employees!leave_requests_employee_id_fkey(first_name, last_name)')
          .eq('status', 'approved')
          .lte('start_date', to)
          .gte('end_date', from)
          .order('start_date'),
      )) ?? []) as LeaveRequestRow[],
  });
}

export interface NewRequest {
  type: string;
  start: string;
  end: string;
  half: 'am' | 'pm' | null;
  note: string;
  /** Someone else (HR recording on their behalf); null: oneself. */
  employeeId: string | null;
}

function useLeaveMutation<A>(fn: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

export const useRequestLeave = () =>
  useLeaveMutation((r: NewRequest) =>
    rpc('request_leave', {
      p_leave_type: r.type,
      p_start: r.start,
      p_end: r.end,
      p_half_day: r.half ?? undefined,
      p_note: r.note.trim() || undefined,
      p_employee_id: r.employeeId ?? undefined,
    }),
  );

export const useDecideLeave = () =>
  useLeaveMutation((d: { id: string; approve: boolean; reason?: string }) =>
    rpc('decide_leave', { p_request_id: d.id, p_approve: d.approve, p_reason: d.reason }),
  );

export const useCancelLeave = () =>
  useLeaveMutation((id: string) => rpc('cancel_leave', { p_request_id: id }));

// Types and policy versions (issue 27 item 1): everyone signed in reads them; admins add a company
// type and a new dated version (RLS; a version starts after today, never replacing a past one).
export type LeavePolicy = Database['public']['Tables']['leave_policies']['Row'];
export type NewLeavePolicy = Database['public']['Tables']['leave_policies']['Insert'];
const policiesKey = ['leave', 'policies'] as const;

/** Every policy version, newest first per country and type. */
export function useLeavePolicies() {
  useLiveQuery(['leave_policies'], policiesKey);
  return useQuery({
    queryKey: policiesKey,
    queryFn: async () =>
      ((await run(
        supabase()
          .from('leave_policies')
          .select('*')
          .order('country')
          .order('leave_type')
          .order('effective_from', { ascending: false }),
      )) ?? []) as LeavePolicy[],
  });
}

export const useAddLeaveType = () =>
  useLeaveMutation((type: { code: string; name_en: string; name_fr: string }) =>
    run(supabase().from('leave_types').insert(type).select()),
  );

export const useAddLeavePolicy = () =>
  useLeaveMutation((policy: NewLeavePolicy) =>
    run(supabase().from('leave_policies').insert(policy).select()),
  );
