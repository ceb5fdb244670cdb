// Is a failed call worth retrying later (network or backend down) or was it an answer
// (the server refused the punch: Already Checked In, No Active Check-In, …)? The punch feature's
// calls reject with a DbError (its SQLSTATE in sqlState); other callers' errors are read as they are.
import { DbError } from '../../../data/errors.ts';

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  status?: unknown;
  message?: unknown;
}

/** SQLSTATEs the database answers with on purpose: a refusal, never to be retried or queued. */
const REFUSALS = new Set(['P0001', '42501', '23505', '23P01', '23514', '22P02', '22023']);

/** A DbError as the PostgREST error it came from (its SQLSTATE as `code`). */
function plain(error: unknown): unknown {
  if (!(error instanceof DbError)) return error;
  if (error.code === 'network.unreachable') return new TypeError(error.serverMessage);
  return { code: error.sqlState ?? '', message: error.serverMessage };
}

export function isRefusal(error: unknown): boolean {
  const e = (plain(error) ?? {}) as ErrorLike;
  return typeof e.code === 'string' && REFUSALS.has(e.code);
}

/**
 * True for a failure that says nothing about the punch: no network (fetch threw a TypeError, the
 * browser is offline), the gateway or database down (5xx, PostgREST's PGRST000-003 connection
 * errors), a timeout. False for a refusal by the database.
 */
export function isTransientFailure(failure: unknown): boolean {
  const error = plain(failure);
  if (isRefusal(error)) return false;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  if (error instanceof TypeError) return true;
  const e = (error ?? {}) as ErrorLike;
  if (e.name === 'AbortError' || e.name === 'TimeoutError' || e.name === 'TypeError') return true;
  if (typeof e.status === 'number' && (e.status === 0 || e.status >= 500)) return true;
  if (typeof e.code === 'string') {
    if (e.code === '' || /^PGRST00\d$/.test(e.code)) return true;
    return false;
  }
  const message = typeof e.message === 'string' ? e.message : '';
  return /fetch|network|load failed|timed? ?out/i.test(message);
}
