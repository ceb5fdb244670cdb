// A failed punch as the person reads it. The data functions reject with a DbError; its refusal is
// recognised by punchErrors.ts (the one place that maps what the database raises to a text key), so
// screens ask refusalKey() instead of comparing the database's words themselves.
import type { TFunction } from 'i18next';
import { toDbError } from '../../data/errors.ts';
import { punchErrorKey, punchErrorLine, punchErrorToast, type PunchErrorKey } from './punchErrors.ts';

/** What the database raised, as punchErrors reads it: the code (or, for a failure without one such as
 * a malformed id, the server's words, which punchErrors recognises), with its state and parameters
 * (e.g. the day of a missed check-out) kept for the text. */
function raised(error: unknown) {
  const e = toDbError(error);
  return {
    message: e.code === 'db.unknown' ? e.serverMessage : e.code,
    code: e.sqlState ?? undefined,
    details: JSON.stringify(e.params),
  };
}

/** The refusal's text key ('alreadyIn', 'noActive', 'ownOnly'…), or null for any other failure. */
export function refusalKey(error: unknown): PunchErrorKey | null {
  return punchErrorKey(raised(error).message);
}

/** A failed punch as a toast (title and, for some refusals, a second line). */
export function punchFailureToast(t: TFunction, error: unknown): { message: string; description?: string } {
  return punchErrorToast(t, raised(error));
}

/** A failed punch in one line, for a toast or a card whose title already says what failed. */
export function punchFailureLine(t: TFunction, error: unknown): string {
  return punchErrorLine(t, raised(error));
}
