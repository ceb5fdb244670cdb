// The signed-in person's biometric consent (issue 26 item 3): what they agreed to and how many
// fingers are stored (my_biometric_consent: they cannot read templates themselves), and their
// withdrawal (withdraw_biometric_consent: every template destroyed at once, audited; from then on
// they punch with their PIN, which reads biometric_consent_withdrawals).
import { useLiveQueryOf } from '../../data/live.ts';
import { useRefreshingMutation } from '../../data/mutation.ts';
import { rpc } from '../../data/rpc.ts';

export interface MyConsent {
  fingers: number;
  consentTextVersion: string | null;
  consentAt: string | null;
  withdrawnAt: string | null;
}

const KEY = ['biometric-consent', 'mine'] as const;

export async function fetchMyConsent(): Promise<MyConsent> {
  const row = (await rpc('my_biometric_consent')) as {
    fingers: number;
    consent_text_version: string | null;
    consent_at: string | null;
    withdrawn_at: string | null;
  };
  return {
    fingers: Number(row.fingers),
    consentTextVersion: row.consent_text_version,
    consentAt: row.consent_at,
    withdrawnAt: row.withdrawn_at,
  };
}

export function useMyConsent() {
  return useLiveQueryOf(['biometric_consent_withdrawals'], { queryKey: KEY, queryFn: fetchMyConsent });
}

export function useWithdrawConsent() {
  return useRefreshingMutation(() => rpc('withdraw_biometric_consent', {}), KEY);
}
