// A run's payment files: the plan per kind (payment_file_plan), who blocks them
// (payment_accounts_missing), the one-time generation (generate_payment_file: admin/HR, two-factor
// when enrolled) and a stored file's content for the download (payment_file_content).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Database } from '../../data/database.types.ts';
import { rpc, type RpcResult } from '../../data/rpc.ts';

export type PaymentFileKind = Database['public']['Enums']['payment_file_kind'];
export type PlannedFile = RpcResult<'payment_file_plan'>[number];
export type MissingAccount = RpcResult<'payment_accounts_missing'>[number];
export type StoredFile = RpcResult<'payment_file_content'>[number];

export const paymentFileKeys = {
  plan: (runId: string) => ['payment-files', 'plan', runId] as const,
  missing: (runId: string) => ['payment-files', 'missing', runId] as const,
};

export const usePaymentFilePlan = (runId: string) =>
  useQuery({
    queryKey: paymentFileKeys.plan(runId),
    queryFn: () => rpc('payment_file_plan', { p_run_id: runId }),
  });

export const useMissingAccounts = (runId: string) =>
  useQuery({
    queryKey: paymentFileKeys.missing(runId),
    queryFn: () => rpc('payment_accounts_missing', { p_run_id: runId }),
  });

export async function fetchPaymentFile(fileId: string): Promise<StoredFile> {
  const [file] = await rpc('payment_file_content', { p_file_id: fileId });
  return file!;
}

/** Generates a kind's file (or gets the one already generated), then refreshes the plan. */
export function useGeneratePaymentFile(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: PaymentFileKind) => rpc('generate_payment_file', { p_run_id: runId, p_kind: kind }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['payment-files'] }),
  });
}
