// The biometric policy of each site (issue 26): read with the sites, changed by an admin through
// set_site_biometric_policy (audited). The kiosks of a site follow it at their next roster poll.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../data/client.ts';
import type { Database } from '../../data/database.types.ts';
import { useLiveQuery } from '../../data/live.ts';
import { rpc, run } from '../../data/rpc.ts';

export type SitePolicyRow = Pick<
  Database['public']['Tables']['sites']['Row'],
  'id' | 'name' | 'country' | 'biometric_policy'
>;
export type BiometricPolicy = 'identify' | 'verify';
export const POLICIES: readonly BiometricPolicy[] = ['identify', 'verify'];

const KEY = ['sites', 'biometric-policy'] as const;

export async function fetchSitePolicies(): Promise<SitePolicyRow[]> {
  return (
    (await run(supabase().from('sites').select('id, name, country, biometric_policy').order('name'))) ?? []
  );
}

export function useSitePolicies() {
  useLiveQuery(['sites'], KEY);
  return useQuery({ queryKey: KEY, queryFn: fetchSitePolicies });
}

export function useSetSitePolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, policy }: { siteId: string; policy: BiometricPolicy }) =>
      rpc('set_site_biometric_policy', { p_site_id: siteId, p_policy: policy }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
