// The host side of an enrolment: store what the scanner page's `fingerprint-register` message
// carries (its impressions, kept together as one set, and the consent version) with enrol_fingerprint, and an
// admin's removal of an enrolled finger with remove_fingerprint (both audited by the database).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Finger, ScannerMessage } from './protocol.ts';
import { storedEnrolmentTemplate } from '../template/stored.ts';

type RegisterMessage = Extract<ScannerMessage, { type: 'fingerprint-register' }>;

/** base64 → PostgREST's bytea text (`\x…`). */
export function base64ToByteaHex(base64: string): string {
  const binary = atob(base64);
  let hex = '\\x';
  for (let i = 0; i < binary.length; i++) hex += binary.charCodeAt(i).toString(16).padStart(2, '0');
  return hex;
}

export async function saveEnrolment(
  client: SupabaseClient,
  employeeId: string,
  message: RegisterMessage,
): Promise<string> {
  const stored = storedEnrolmentTemplate(message.templates.length ? message.templates : [message.template]);
  const { data, error } = await client.rpc('enrol_fingerprint', {
    p_employee_id: employeeId,
    p_finger: message.finger,
    p_template: base64ToByteaHex(stored.template),
    p_quality: message.quality,
    p_consent_text_version: message.consentVersion,
    p_template_format: stored.format,
  });
  if (error) throw new Error(error.message);
  return data as string;
}

export async function removeEnrolment(
  client: SupabaseClient,
  employeeId: string,
  finger: Finger,
  reason?: string,
): Promise<void> {
  const { error } = await client.rpc('remove_fingerprint', {
    p_employee_id: employeeId,
    p_finger: finger,
    p_reason: reason ?? null,
  });
  if (error) throw new Error(error.message);
}
