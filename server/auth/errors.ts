// GoTrue's error shape: supabase-js reads `code`/`error_code` (API version 2024-01-01)
// and `msg`/`message`; we send both spellings of each.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

export const API_VERSION_HEADER = { 'X-Supabase-Api-Version': '2024-01-01' };

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function sendAuthError(res: ServerResponse, error: AuthError): void {
  sendJson(
    res,
    error.status,
    { code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra },
    API_VERSION_HEADER,
  );
}

export const authErrors = {
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  invalidEmail: () =>
    new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  userExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () =>
    new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  weakPassword: (min: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  samePassword: () =>
    new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  refreshNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshReused: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token'),
  badJwt: (detail: string) =>
    new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  sessionNotFound: () =>
    new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  banned: () => new AuthError(400, 'user_banned', 'User is banned'),
  rateLimited: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  unsupportedGrant: () => new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type'),
  notFound: () => new AuthError(404, 'not_found', 'Not found'),
  hookFailed: (message: string) => new AuthError(500, 'unexpected_failure', `Error running hook: ${message}`),
};
