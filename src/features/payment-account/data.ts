// A person's payment account: the masked summary (payment_account_summary: admin, HR and the person
// themselves) and the save (save_payment_account: admin and HR, two-factor when enrolled). The
// numbers themselves never reach a screen. Failures are DbErrors.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Database } from '../../data/database.types.ts';
import { rpc, type RpcResult } from '../../data/rpc.ts';

type Enums = Database['public']['Enums'];
export type PaymentAccountSummary = RpcResult<'payment_account_summary'>[number];

/** What the form sends; only the method's own fields are read. */
export interface PaymentAccountInput {
  method: Enums['payment_method'];
  routingNumber?: string;
  accountNumber?: string;
  accountType?: Enums['bank_account_type'];
  iban?: string;
  bankName?: string;
  operator?: Enums['mobile_operator'];
  msisdn?: string;
}

export const paymentAccountKey = (employeeId: string) => ['payment-account', employeeId] as const;

export const fetchPaymentAccount = async (employeeId: string): Promise<PaymentAccountSummary | null> =>
  (await rpc('payment_account_summary', { p_employee_id: employeeId }))[0] ?? null;

export const usePaymentAccount = (employeeId: string) =>
  useQuery({ queryKey: paymentAccountKey(employeeId), queryFn: () => fetchPaymentAccount(employeeId) });

export const savePaymentAccount = (employeeId: string, input: PaymentAccountInput) =>
  rpc('save_payment_account', {
    p_employee_id: employeeId,
    p_method: input.method,
    p_routing_number: input.routingNumber,
    p_account_number: input.accountNumber,
    p_account_type: input.accountType,
    p_iban: input.iban,
    p_bank_name: input.bankName,
    p_operator: input.operator,
    p_msisdn: input.msisdn,
  });

/** Saves, then refreshes the card. */
export function useSavePaymentAccount(employeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentAccountInput) => savePaymentAccount(employeeId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentAccountKey(employeeId) }),
  });
}
