// The browser's side of the fingerprint-enrol endpoint (sign-up, the scanner page): one call with the
// signed-in session, whose answer is the endpoint's JSON whatever its status (a 409 'duplicate' is an
// answer, not a failure). Types only from the server modules: nothing of the matcher is bundled here.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { EnrolAnswer } from './enrol-endpoint.ts';
import type { StaffCheckAnswer } from './staff-check.ts';
import type { KioskVerifyAnswer } from './kiosk-verify.ts';
import type { VerifyAnswer } from './verify.ts';

export const ENROL_FUNCTION = 'fingerprint-enrol';

export type { EnrolAnswer, KioskVerifyAnswer, StaffCheckAnswer, VerifyAnswer };

/** The endpoint's answer, or null when it could not be reached or answered something else. */
export async function callEnrolFunction<T extends { status: string }>(
  client: SupabaseClient,
  body: Record<string, unknown>,
): Promise<T | null> {
  try {
    const { data, error } = await client.functions.invoke<T>(ENROL_FUNCTION, { body });
    if (!error) return data?.status ? data : null;
    const context = (error as { context?: unknown }).context;
    if (context instanceof Response) {
      const answer = (await context.json().catch(() => null)) as T | null;
      if (answer?.status) return answer;
    }
    return null;
  } catch {
    return null;
  }
}
