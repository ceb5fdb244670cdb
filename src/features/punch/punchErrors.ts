// The database's refusals of a punch (check_in, check_out, manual_entry and the functions they call)
// as the person reads them: the punch refusal codes have their texts in the 'punch' namespace; any
// other code (a domain refusal such as attendance.too_long) is described by src/shared/feedback.
import type { TFunction } from 'i18next';
import { toDbError } from '../../data/errors.ts';
// The function alone: the feedback index brings Refine and antd, which the kiosk paints without.
import { describeError } from '../../shared/feedback/describe-error.ts';

/** The punch functions' refusal codes → their text key under 'punch.errors'. */
export const PUNCH_MESSAGES = {
  'employee.missing_id': 'missingId',
  'employee.not_found': 'notFound',
  'employee.no_site': 'noSite',
  'punch.use_correction': 'useCorrection',
  'punch.other_site': 'otherSite',
  'punch.kiosk_source': 'kioskSource',
  'punch.own_only': 'ownOnly',
  'punch.source_not_allowed': 'sourceNotAllowed',
  'access.sign_in_required': 'signIn',
  'punch.already_checked_in': 'alreadyIn',
  'punch.overlaps': 'overlaps',
  'punch.already_checked_out': 'alreadyOut',
  'punch.no_active_check_in': 'noActive',
  'punch.out_before_in': 'outBeforeIn',
  'punch.manual_staff_only': 'manualStaffOnly',
  'punch.already_recorded': 'alreadyRecorded',
} as const;

export type PunchErrorKey = (typeof PUNCH_MESSAGES)[keyof typeof PUNCH_MESSAGES];

/** The refusals that have a second line (the spec's 'Already Checked In / Employee must check out…'). */
const WITH_DETAIL: ReadonlySet<PunchErrorKey> = new Set([
  'alreadyIn',
  'noActive',
  'overlaps',
  'alreadyRecorded',
]);

/** The text key of a refusal code (null: not a punch refusal). A malformed ID is nobody's. */
export function punchErrorKey(message: string | null | undefined): PunchErrorKey | null {
  if (!message) return null;
  if (message in PUNCH_MESSAGES) return PUNCH_MESSAGES[message as keyof typeof PUNCH_MESSAGES];
  if (message.startsWith('invalid input syntax for type uuid')) return 'notFound';
  return null;
}

/** A punch's failure as a toast: the refusal translated, else 'Failed to record attendance' with the
 * failure described by its code (an unexpected failure: the network, the server down). */
export function punchErrorToast(
  t: TFunction,
  error: { message?: string } | null | undefined,
): { message: string; description?: string } {
  const key = punchErrorKey(error?.message);
  // A domain refusal (a record longer than the maximum, a missed check-out): its own text.
  const domain = key ? null : domainText(t, error);
  if (domain) return { message: domain };
  if (!key) return { message: t('punch.failed'), description: describeError(t, error) };
  return {
    message: t(`punch.errors.${key}`),
    ...(WITH_DETAIL.has(key) ? { description: t(`punch.details.${key}`) } : {}),
  };
}

/** The text of a refusal code the database raised (not a punch one), or null for other failures. */
function domainText(t: TFunction, error: unknown): string | null {
  const e = toDbError(error);
  return e.sqlState === 'P0001' || e.sqlState === '42501' || e.code === 'check.violation'
    ? describeError(t, e)
    : null;
}

/** A refusal in one line, for a toast whose title already says what failed ('Failed to check in'):
 * the translated refusal (with its detail), or the failure described by its code. */
export function punchErrorLine(t: TFunction, error: { message?: string } | null | undefined): string {
  if (!punchErrorKey(error?.message)) return describeError(t, error);
  const toast = punchErrorToast(t, error);
  return toast.description ? `${toast.message}: ${toast.description}` : toast.message;
}
