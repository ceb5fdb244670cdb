// TOTP codes for tests, computed with the same library and parameters as the auth service
// (RFC 6238: SHA1, 6 digits, 30 s). A step offset picks a neighbouring code, which the service
// accepts (one step of skew) and which has not been used yet (each code is accepted once).
import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';

export function totpCode(secret: string, stepOffset = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + stepOffset * 30_000,
  });
}

/** Enrols a TOTP factor and verifies it: the client's session becomes aal2. */
export async function enrolTotp(supabase: SupabaseClient, friendlyName = 'Phone') {
  const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (enrolled.error) throw enrolled.error;
  const { id, totp } = enrolled.data;
  const verified = await supabase.auth.mfa.challengeAndVerify({ factorId: id, code: totpCode(totp.secret) });
  if (verified.error) throw verified.error;
  return { factorId: id, secret: totp.secret };
}
