// The biometric policy of each site (issue 26): read with the sites, changed by an admin through
// set_site_biometric_policy (audited). The kiosks of a site follow it at their next roster poll.
import { supabase } from '../../data/client.ts';
import type { Database } from '../../data/database.types.ts';
import { useLiveQueryOf } from '../../data/live.ts';
import { useRefreshingMutation } from '../../data/mutation.ts';
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
  return useLiveQueryOf(['sites'], { queryKey: KEY, queryFn: fetchSitePolicies });
}

export function useSetSitePolicy() {
  return useRefreshingMutation(
    ({ siteId, policy }: { siteId: string; policy: BiometricPolicy }) =>
      rpc('set_site_biometric_policy', { p_site_id: siteId, p_policy: policy }),
    KEY,
  );
}

// Settings → 'Fingerprint retention': the no-punch period after which the daily job destroys a
// person's templates (set_biometric_retention_days: admins, 30 days to 3 years, audited).
export const RETENTION_DAYS = { min: 30, max: 1095 } as const;
const RETENTION_KEY = ['system_settings', 'biometric-retention'] as const;

export async function fetchRetentionDays(): Promise<number | null> {
  const row = await run(
    supabase().from('system_settings').select('biometric_retention_days').eq('id', 'default').single(),
  );
  return row?.biometric_retention_days ?? null;
}

export function useRetentionDays() {
  return useLiveQueryOf(['system_settings'], { queryKey: RETENTION_KEY, queryFn: fetchRetentionDays });
}

export function useSetRetentionDays() {
  return useRefreshingMutation(
    (days: number) => rpc('set_biometric_retention_days', { p_days: days }),
    RETENTION_KEY,
  );
}

// HR's list of presses a verify kiosk queued offline that did not verify at replay: not punches
// until HR records them (resolve_unverified_press), or dismissed.
export type UnverifiedPress = Pick<
  Database['public']['Tables']['unverified_presses']['Row'],
  'id' | 'personal_number' | 'action' | 'pressed_at' | 'reason'
> & { sites: { name: string; time_zone: string } | null };
export type PressResolution = 'dismissed' | 'recorded';
const PRESSES_KEY = ['unverified_presses', 'open'] as const;

export async function fetchOpenPresses(): Promise<UnverifiedPress[]> {
  return (
    (await run(
      supabase()
        .from('unverified_presses')
        .select('id, personal_number, action, pressed_at, reason, sites(name, time_zone)')
        .is('resolution', null)
        .order('pressed_at'),
    )) ?? []
  );
}

export function useOpenPresses(enabled: boolean) {
  return useLiveQueryOf(['unverified_presses'], {
    queryKey: PRESSES_KEY,
    queryFn: fetchOpenPresses,
    enabled,
  });
}

export function useResolvePress() {
  return useRefreshingMutation(
    ({ id, resolution }: { id: string; resolution: PressResolution }) =>
      rpc('resolve_unverified_press', { p_id: id, p_resolution: resolution }),
    PRESSES_KEY,
  );
}
