// The public biometric policy's facts (no sign-in): the current version, its text's key and date,
// and the retention period an admin set in Settings (biometric_policy_public()).
import { useEffect, useState } from 'react';
import { rpc } from '../../data/rpc.ts';

export interface PublishedPolicy {
  version: string;
  textKey: string;
  publishedOn: string;
  retentionDays: number;
}

/** The text this build carries when the database cannot be reached (the latest it knows). */
export const BUILT_IN_POLICY = { version: 'biometric-policy-2026-11-v2', textKey: 'v2' } as const;

export async function fetchPublishedPolicy(): Promise<PublishedPolicy> {
  const row = (await rpc('biometric_policy_public')) as {
    version: string;
    text_key: string;
    published_on: string;
    retention_days: number;
  };
  return {
    version: row.version,
    textKey: row.text_key,
    publishedOn: row.published_on,
    retentionDays: row.retention_days,
  };
}

/** The public page runs outside the signed-in shell (no query cache there): one fetch on mount. */
export function usePublishedPolicy(): { data: PublishedPolicy | null; isError: boolean } {
  const [state, setState] = useState<{ data: PublishedPolicy | null; isError: boolean }>({
    data: null,
    isError: false,
  });
  useEffect(() => {
    let live = true;
    fetchPublishedPolicy().then(
      (data) => live && setState({ data, isError: false }),
      () => live && setState({ data: null, isError: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
