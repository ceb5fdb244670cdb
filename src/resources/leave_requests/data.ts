// The leave screens' data beyond the shared leave feature: the list's select (the person's name
// with each request) and the people HR may record leave for.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../data/client.ts';
import { run } from '../../data/rpc.ts';

export const REQUEST_SELECT = '*, employee:employees!leave_requests_employee_id_fkey(first_name, last_name)';

/** Active people (not kiosks), for HR's "record for" choice. */
export function usePeople(enabled: boolean) {
  return useQuery({
    queryKey: ['leave', 'people'],
    queryFn: async () =>
      (await run(
        supabase()
          .from('employees')
          .select('id, first_name, last_name')
          .eq('status', 'active')
          .neq('role', 'kiosk')
          .order('first_name')
          .order('last_name'),
      )) ?? [],
    enabled,
  });
}
