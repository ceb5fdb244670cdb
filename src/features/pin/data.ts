// The PIN fallback's data (issue 26 item 4): a person's PIN status and setting it, HR's view of a
// person's PIN and allowed punch methods, the kiosk's PIN punch, and the 'To review' list with its
// decisions. Every call is an RPC: the PIN's hash is in a table no role reads.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from '../../data/live.ts';
import { rpc, type RpcResult } from '../../data/rpc.ts';

export type PinStatus = RpcResult<'my_pin_status'>[number];
export type PunchMethods = 'finger' | 'pin' | 'both';
export const PUNCH_METHODS: readonly PunchMethods[] = ['finger', 'pin', 'both'];
export type ReviewStatus = 'pending' | 'accepted' | 'rejected';
export type PinPunchRow = RpcResult<'pin_punches'>[number];
/** The kiosk's answer; 'not_recognized' (whatever the reason) carries no name or record. */
export interface KioskPinOutcome {
  outcome: 'checked_in' | 'checked_out' | 'not_recognized';
  first_name: string | null;
  attendance_id: string | null;
}

export const pinKeys = {
  all: ['pin'] as const,
  mine: ['pin', 'mine'] as const,
  employee: (id: string) => ['pin', 'employee', id] as const,
  punches: (status: ReviewStatus) => ['pin', 'punches', status] as const,
};

export function useMyPinStatus() {
  return useQuery({
    queryKey: pinKeys.mine,
    queryFn: async () => (await rpc('my_pin_status'))[0] ?? null,
  });
}

export function useEmployeePinStatus(employeeId: string) {
  return useQuery({
    queryKey: pinKeys.employee(employeeId),
    queryFn: async () => (await rpc('employee_pin_status', { p_employee_id: employeeId }))[0] ?? null,
  });
}

function usePinMutation<A>(fn: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: pinKeys.all }),
  });
}

export const useSetMyPin = () => usePinMutation((pin: string) => rpc('set_my_pin', { p_pin: pin }));

export const useResetPin = () =>
  usePinMutation((employeeId: string) => rpc('reset_employee_pin', { p_employee_id: employeeId }));

export const useSetPunchMethods = () =>
  usePinMutation(({ employeeId, methods }: { employeeId: string; methods: PunchMethods }) =>
    rpc('set_punch_methods', { p_employee_id: employeeId, p_methods: methods }),
  );

/** PIN punches the reader may review (their team for a manager, everyone for HR), newest first. */
export function usePinPunches(status: ReviewStatus = 'pending') {
  useLiveQuery(['attendances'], pinKeys.punches(status));
  return useQuery({
    queryKey: pinKeys.punches(status),
    queryFn: () => rpc('pin_punches', { p_status: status }),
  });
}

export const useReviewPinPunch = () =>
  usePinMutation(({ id, accept, reason }: { id: string; accept: boolean; reason?: string }) =>
    rpc('review_pin_punch', {
      p_attendance_id: id,
      p_accept: accept,
      ...(reason ? { p_reason: reason } : {}),
    }),
  );

/** The kiosk's punch by personal number + PIN: the database decides check-in or check-out. */
export async function kioskPinPunch(personalNumber: string, pin: string): Promise<KioskPinOutcome> {
  const [row] = await rpc('kiosk_pin_punch', { p_number: personalNumber, p_pin: pin });
  return row
    ? { ...row, outcome: row.outcome as KioskPinOutcome['outcome'] }
    : { outcome: 'not_recognized', first_name: null, attendance_id: null };
}
