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
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Retry-After in whole seconds, as HTTP says it (none when unknown). */
const retryHeader = (ms: number): Record<string, string> =>
  ms > 0 ? { 'Retry-After': String(Math.ceil(ms / 1000)) } : {};

export function sendAuthError(res: ServerResponse, error: AuthError): void {
  sendJson(
    res,
    error.status,
    { code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra },
    { ...API_VERSION_HEADER, ...error.headers },
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
  weakPassword: (message: string, reasons: string[]) =>
    new AuthError(422, 'weak_password', message, { weak_password: { reasons } }),
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
  rateLimited: (retryAfterMs = 0) =>
    new AuthError(
      429,
      'over_request_rate_limit',
      'Request rate limit reached',
      {},
      retryHeader(retryAfterMs),
    ),
  emailRateLimited: (message = 'Email rate limit exceeded', retryAfterMs = 0) =>
    new AuthError(429, 'over_email_send_rate_limit', message, {}, retryHeader(retryAfterMs)),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  linkInvalid: () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired'),
  currentPasswordRequired: () =>
    new AuthError(400, 'current_password_required', 'Current password required when setting new password.'),
  // GoTrue's constant is ErrorCodeCurrentPasswordMismatch; the code it sends is current_password_invalid.
  currentPasswordInvalid: () =>
    new AuthError(400, 'current_password_invalid', 'Current password required when setting new password.'),
  reauthenticationNotValid: () =>
    new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid'),
  databaseSaveFailed: () => new AuthError(500, 'unexpected_failure', 'Database error saving new user'),
  unsupportedGrant: () => new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type'),
  notFound: () => new AuthError(404, 'not_found', 'Not found'),
  // GoTrue's refusal of an e-mail or password change from an aal1 session once a factor is verified.
  insufficientAalForUpdate: () =>
    new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    ),
  hookFailed: (message: string) => new AuthError(500, 'unexpected_failure', `Error running hook: ${message}`),
};
