// The employee portal's 'My fingerprint and number' card (issue 26): the person's personal number
// (typed at a verify site's kiosk), read from their own employee row.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../data/client.ts';
import { useLiveQuery } from '../../data/live.ts';
import { run } from '../../data/rpc.ts';

export interface MyBiometrics {
  personalNumber: string | null;
}

const key = (employeeId: string | undefined) => ['my-biometrics', employeeId] as const;

export async function fetchMyBiometrics(employeeId: string): Promise<MyBiometrics> {
  const row = await run(
    supabase().from('employees').select('personal_number').eq('id', employeeId).maybeSingle(),
  );
  return { personalNumber: row?.personal_number ?? null };
}

export function useMyBiometrics(employeeId: string | undefined) {
  useLiveQuery(['employees'], key(employeeId), Boolean(employeeId));
  return useQuery({
    queryKey: key(employeeId),
    queryFn: () => fetchMyBiometrics(employeeId!),
    enabled: Boolean(employeeId),
  });
}
