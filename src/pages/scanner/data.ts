// The scanner screen's data (register mode): an employee's enrolled fingers, storing a finger the
// scanner enrolled (enrol_fingerprint) and an admin's removal of one (remove_fingerprint); the
// database audits both.
import { supabase } from '../../data/client.ts';
import { rpc } from '../../data/rpc.ts';
import { removeEnrolment, saveEnrolment } from '../../fingerprint/scanner/enrolment.ts';
import type { Finger, ScannerMessage } from '../../fingerprint/scanner/protocol.ts';

export async function fetchEnrolledFingers(employeeId: string): Promise<Finger[]> {
  return (await rpc('enrolled_fingers', { p_employee_id: employeeId })).map((row) => row.finger);
}

export function saveFinger(
  employeeId: string,
  message: Extract<ScannerMessage, { type: 'fingerprint-register' }>,
): Promise<string> {
  return saveEnrolment(supabase(), employeeId, message);
}

export function removeFinger(employeeId: string, finger: Finger, reason: string): Promise<void> {
  return removeEnrolment(supabase(), employeeId, finger, reason);
}
