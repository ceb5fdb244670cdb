// The database's refusals of a punch (check_in, check_out, manual_entry and the functions they call)
// as the person reads them: each message the SQL raises has a text in the 'punch' namespace
// (punchErrors.test.ts reads the migrations and fails when one is missing).
import type { TFunction } from 'i18next';
import { dbErrorText } from '../../providers/db-errors.ts';

/** Every message the punch functions raise → its text key under 'punch.errors'. */
export const PUNCH_MESSAGES = {
  'Please enter Employee ID': 'missingId',
  'Employee not found': 'notFound',
  'Employee has no site': 'noSite',
  'Use correct_attendance to record a correction': 'useCorrection',
  'This kiosk cannot record attendance for employees of another site': 'otherSite',
  'A kiosk records fingerprint or PIN attendance only': 'kioskSource',
  'You can only record your own attendance': 'ownOnly',
  'This attendance source is not available to you': 'sourceNotAllowed',
  'Sign in to record attendance': 'signIn',
  'Already Checked In': 'alreadyIn',
  'Overlaps another attendance record': 'overlaps',
  'Already checked out': 'alreadyOut',
  'No Active Check-In': 'noActive',
  'Check-out must be after check-in': 'outBeforeIn',
  'Only admins and HR can make manual entries for others': 'manualStaffOnly',
} as const;

export type PunchErrorKey = (typeof PUNCH_MESSAGES)[keyof typeof PUNCH_MESSAGES];

/** The refusals that have a second line (the spec's 'Already Checked In / Employee must check out…'). */
const WITH_DETAIL: ReadonlySet<PunchErrorKey> = new Set(['alreadyIn', 'noActive', 'overlaps']);

/** The text key of a database message (null: not a known refusal). A malformed ID is nobody's. */
export function punchErrorKey(message: string | null | undefined): PunchErrorKey | null {
  if (!message) return null;
  if (message in PUNCH_MESSAGES) return PUNCH_MESSAGES[message as keyof typeof PUNCH_MESSAGES];
  if (message.startsWith('invalid input syntax for type uuid')) return 'notFound';
  return null;
}

/** A punch's failure as a toast: the refusal translated, else 'Failed to record attendance' with the
 * server's words (an unexpected failure: the network, the server down). */
export function punchErrorToast(
  t: TFunction,
  error: { message?: string } | null | undefined,
): { message: string; description?: string } {
  const key = punchErrorKey(error?.message);
  // A domain refusal (a record longer than the maximum, a missed check-out): its own words, translated.
  const domain = key ? null : dbErrorText(t, error?.message);
  if (domain) return { message: domain };
  if (!key) return { message: t('punch.failed'), description: error?.message || undefined };
  return {
    message: t(`punch.errors.${key}`),
    ...(WITH_DETAIL.has(key) ? { description: t(`punch.details.${key}`) } : {}),
  };
}

/** A refusal in one line, for a toast whose title already says what failed ('Failed to check in'):
 * the translated refusal (with its detail), or the server's words when it is not a known refusal. */
export function punchErrorLine(t: TFunction, error: { message?: string } | null | undefined): string {
  if (!punchErrorKey(error?.message)) return dbErrorText(t, error?.message) ?? error?.message ?? '';
  const toast = punchErrorToast(t, error);
  return toast.description ? `${toast.message}: ${toast.description}` : toast.message;
}
