// The one error type of the data layer. Every refusal the database raises carries a stable code
// (`punch.already_checked_in`) and parameters (the `details` of the PostgREST error, as JSON);
// constraint violations, timeouts, auth and network failures are given codes here, so that the
// client never shows the server's words: src/shared/feedback turns a DbError into EN/FR text.
import type { PostgrestError } from '@supabase/supabase-js';

export type ErrorParams = Record<string, string | number | boolean | null>;

export class DbError extends Error {
  /** A stable code, e.g. `punch.already_checked_in`, `check.violation`, `network.unreachable`. */
  readonly code: string;
  readonly params: ErrorParams;
  /** The SQLSTATE (P0001 refusal, 42501 forbidden, 23514 check…), or null off the database. */
  readonly sqlState: string | null;
  /** What the server said, kept for logs and tests; never shown to people. */
  readonly serverMessage: string;

  constructor(code: string, params: ErrorParams = {}, sqlState: string | null = null, serverMessage = code) {
    super(code);
    this.name = 'DbError';
    this.code = code;
    this.params = params;
    this.sqlState = sqlState;
    this.serverMessage = serverMessage;
  }
}

const CODE = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

function parseParams(details: string | null | undefined): ErrorParams {
  if (!details) return {};
  try {
    const value: unknown = JSON.parse(details);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ErrorParams) : {};
  } catch {
    return {};
  }
}

const CHECK = /violates check constraint "([a-z0-9_]+)"/;
const RELATION = /relation "([a-z0-9_]+)"/;
const UNIQUE = /unique constraint "([a-z0-9_]+)"/;

function fromPostgrest(error: Partial<PostgrestError>): DbError {
  const message = error.message ?? '';
  const sqlState = error.code ?? null;
  if (CODE.test(message)) return new DbError(message, parseParams(error.details), sqlState, message);
  const check = CHECK.exec(message);
  if (sqlState === '23514' && check)
    return new DbError(
      'check.violation',
      { constraint: check[1]!, table: RELATION.exec(message)?.[1] ?? '' },
      sqlState,
      message,
    );
  if (sqlState === '23505')
    return new DbError('db.duplicate', { constraint: UNIQUE.exec(message)?.[1] ?? '' }, sqlState, message);
  if (sqlState === '57014') return new DbError('db.timeout', {}, sqlState, message);
  if (sqlState === '42501') return new DbError('access.denied', {}, sqlState, message);
  if (sqlState === 'PGRST301' || sqlState === 'PGRST303')
    return new DbError('auth.session_expired', {}, sqlState, message);
  return new DbError('db.unknown', {}, sqlState, message);
}

/** Any failure of a data call as a DbError (PostgREST, auth, fetch, or a thrown value). */
export function toDbError(error: unknown): DbError {
  if (error instanceof DbError) return error;
  if (typeof error === 'string')
    return CODE.test(error) ? new DbError(error) : new DbError('db.unknown', {}, null, error);
  if (error && typeof error === 'object') {
    const e = error as Partial<PostgrestError> & { name?: string; status?: number; __isAuthError?: boolean };
    if (e.__isAuthError || e.name?.startsWith('Auth'))
      return new DbError(
        `auth.${typeof e.code === 'string' && e.code ? e.code : 'failed'}`,
        {},
        null,
        e.message ?? '',
      );
    if (e.name === 'TypeError' && /fetch|network/i.test(e.message ?? ''))
      return new DbError('network.unreachable', {}, null, e.message ?? '');
    if ('message' in e) return fromPostgrest(e);
  }
  return new DbError('db.unknown', {}, null, String(error));
}
