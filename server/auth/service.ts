// A GoTrue-compatible auth service: the subset of /auth/v1 that supabase-js uses.
// Users live in auth.users of the same database; passwords are bcrypt hashes.
// The handlers live in one file per area; this file holds the routes table (one line per route).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyError } from '../http.ts';
import { createAccountHandlers } from './account.ts';
import { createAdminHandlers } from './admin.ts';
import { createContext, type AuthOptions } from './context.ts';
import { AuthError, authErrors, sendAuthError } from './errors.ts';
import { createMfaHandlers } from './mfa.ts';
import { type Handler } from './handler.ts';
import { createSignInHandler } from './signin.ts';
import { createSignupHandlers } from './signup.ts';
import { createVerifyHandlers } from './verify.ts';

export type { AuthOptions } from './context.ts';

export function createAuthService(options: AuthOptions) {
  const ctx = createContext(options);
  const { signup, resend } = createSignupHandlers(ctx);
  const { token } = createSignInHandler(ctx);
  const { getUser, putUser, reauthenticate, logout } = createAccountHandlers(ctx);
  const { recover, verifyGet, verifyPost } = createVerifyHandlers(ctx);
  const { adminCreate, adminList, adminGet, adminUpdate, adminDelete } = createAdminHandlers(ctx);
  const mfa = createMfaHandlers({
    db: ctx.db,
    send: ctx.send,
    siteUrl: options.siteUrl,
    tokens: ctx.tokens,
    caller: ctx.caller,
    requireServiceRole: ctx.requireServiceRole,
  });

  const settings: Handler = async (_req, res) => {
    ctx.send(res, 200, {
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: options.mailerAutoconfirm === true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  };

  const health: Handler = async (_req, res) => {
    ctx.send(res, 200, {
      version: 'pointage-local',
      name: 'GoTrue',
      description: 'Local GoTrue-compatible auth',
    });
  };

  const routes: Array<[string, RegExp, Handler]> = [
    ['POST', /^\/signup$/, signup],
    ['POST', /^\/resend$/, resend],
    ['POST', /^\/token$/, token],
    ['GET', /^\/user$/, getUser],
    ['PUT', /^\/user$/, putUser],
    ['GET', /^\/reauthenticate$/, reauthenticate],
    ['POST', /^\/reauthenticate$/, reauthenticate],
    ['POST', /^\/logout$/, logout],
    ['POST', /^\/recover$/, recover],
    ['GET', /^\/verify$/, verifyGet],
    ['POST', /^\/verify$/, verifyPost],
    ['GET', /^\/settings$/, settings],
    ['GET', /^\/health$/, health],
    ['POST', /^\/admin\/users$/, adminCreate],
    ['GET', /^\/admin\/users$/, adminList],
    ['GET', /^\/admin\/users\/([^/]+)$/, adminGet],
    ['PUT', /^\/admin\/users\/([^/]+)$/, adminUpdate],
    ['DELETE', /^\/admin\/users\/([^/]+)$/, adminDelete],
    ['POST', /^\/factors$/, mfa.enroll],
    ['POST', /^\/factors\/([^/]+)\/challenge$/, mfa.challenge],
    ['POST', /^\/factors\/([^/]+)\/verify$/, mfa.verify],
    ['DELETE', /^\/factors\/([^/]+)$/, mfa.unenroll],
    ['GET', /^\/admin\/users\/([^/]+)\/factors$/, mfa.adminList],
    ['DELETE', /^\/admin\/users\/([^/]+)\/factors\/([^/]+)$/, mfa.adminDelete],
  ];

  /** Handles a request whose path is below /auth/v1 (`path` excludes that prefix). */
  async function handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
    try {
      for (const [method, pattern, handler] of routes) {
        const match = pattern.exec(path);
        if (match && req.method === method) {
          await handler(req, res, url, match.slice(1).map(decodeURIComponent));
          return;
        }
      }
      throw authErrors.notFound();
    } catch (error) {
      if (error instanceof AuthError) return sendAuthError(res, error);
      if (error instanceof BodyError) return sendAuthError(res, authErrors.validation(error.message));
      options.log(`[auth] unexpected error on ${req.method} ${path}: ${(error as Error).stack ?? error}`);
      return sendAuthError(
        res,
        new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
      );
    }
  }

  return { handle };
}
