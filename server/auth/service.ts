// A GoTrue-compatible auth service: the subset of /auth/v1 that supabase-js uses.
// Users live in auth.users of the same database; passwords are bcrypt hashes.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { bearerToken, BodyError, clientIp, readJson, sendJson } from '../http.ts';
import { verifyToken, type Claims } from '../keys.ts';
import { API_VERSION_HEADER, AuthError, authErrors, sendAuthError } from './errors.ts';
import { createAdminHandlers } from './admin.ts';
import { factorsField } from './factors.ts';
import { createMfaHandlers } from './mfa.ts';
import { type Handler } from './handler.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { FailureLimiter } from './rate-limit.ts';
import { createSession, endSessions, hashToken, rotateRefreshToken, sessionExists } from './sessions.ts';
import { sessionJson, type TokenContext } from './tokens.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isBanned,
  updateUser,
  userJson,
  type UserRow,
} from './users.ts';

export interface AuthOptions {
  db: pg.Pool;
  secret: Uint8Array;
  /** Public base URL of the gateway, e.g. http://localhost:8080 */
  siteUrl: () => string;
  jwtExpiry: number;
  minPasswordLength: number;
  signInFailureLimit: number;
  signInFailureWindowSeconds: number;
  log: (line: string) => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createAuthService(options: AuthOptions) {
  const { db } = options;
  const limiter = new FailureLimiter(options.signInFailureLimit, options.signInFailureWindowSeconds * 1000);
  const tokens = (): TokenContext => ({
    db,
    secret: options.secret,
    issuer: `${options.siteUrl()}/auth/v1`,
    expiresIn: options.jwtExpiry,
  });

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    sendJson(res, status, body, { ...API_VERSION_HEADER, ...headers });

  function checkPassword(password: unknown): string {
    if (typeof password !== 'string' || password === '') throw authErrors.validation('Password is required');
    if (password.length < options.minPasswordLength) throw authErrors.weakPassword(options.minPasswordLength);
    if (password.length > 72) throw authErrors.validation('Password cannot be longer than 72 characters');
    return password;
  }

  function checkEmail(email: unknown): string {
    if (typeof email !== 'string' || email.trim() === '') throw authErrors.validation('Email is required');
    const trimmed = email.trim();
    if (!EMAIL.test(trimmed) || trimmed.length > 255) throw authErrors.invalidEmail();
    return trimmed.toLowerCase();
  }

  const objectOrEmpty = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};

  async function issueSession(req: IncomingMessage, user: UserRow) {
    const signedIn = await updateUser(db, user.id, { signedIn: true });
    const { sessionId, refreshToken } = await createSession(db, user.id, {
      userAgent: req.headers['user-agent'],
      ip: clientIp(req),
    });
    return sessionJson(tokens(), signedIn, sessionId, refreshToken);
  }

  /** The signed-in caller: a valid user token whose session and user still exist. */
  async function caller(req: IncomingMessage): Promise<{ user: UserRow; claims: Claims }> {
    const token = bearerToken(req);
    if (!token) throw authErrors.noAuthorization();
    const verified = await verifyToken(token, options.secret);
    if (!verified.ok)
      throw authErrors.badJwt(verified.reason === 'expired' ? 'token is expired' : 'signature is invalid');
    const { claims } = verified;
    if (typeof claims.sub !== 'string') throw authErrors.badJwt('missing sub claim');
    if (typeof claims.session_id === 'string' && !(await sessionExists(db, claims.session_id))) {
      throw authErrors.sessionNotFound();
    }
    const user = await findUserById(db, claims.sub);
    if (!user) throw new AuthError(404, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user, claims };
  }

  async function requireServiceRole(req: IncomingMessage): Promise<void> {
    const token = bearerToken(req);
    if (!token) throw authErrors.noAuthorization();
    const verified = await verifyToken(token, options.secret);
    if (!verified.ok)
      throw authErrors.badJwt(verified.reason === 'expired' ? 'token is expired' : 'signature is invalid');
    if (verified.claims.role !== 'service_role') throw authErrors.notAdmin();
  }

  const signup: Handler = async (req, res) => {
    const body = await readJson(req);
    const email = checkEmail(body.email);
    const password = checkPassword(body.password);
    const user = await insertUser(db, {
      email,
      passwordHash: await hashPassword(password),
      confirmed: true, // local stack: e-mail is confirmed at once
      userMetadata: objectOrEmpty(body.data),
      appMetadata: {},
    });
    if (!user) throw authErrors.userExists();
    send(res, 200, await issueSession(req, user));
  };

  const token: Handler = async (req, res, url) => {
    const grant = url.searchParams.get('grant_type');
    const body = await readJson(req);
    if (grant === 'password') {
      if (typeof body.email !== 'string' || typeof body.password !== 'string' || body.password === '') {
        throw authErrors.validation('missing email or phone');
      }
      const email = body.email.trim().toLowerCase();
      const keys = [`email:${email}`, `ip:${clientIp(req)}`];
      if (limiter.blocked(keys)) throw authErrors.rateLimited();
      const user = await findUserByEmail(db, email);
      const ok = user?.encrypted_password
        ? await verifyPassword(body.password, user.encrypted_password)
        : false;
      if (!user || !ok) {
        limiter.recordFailure(keys);
        throw authErrors.invalidCredentials();
      }
      if (isBanned(user)) throw authErrors.banned();
      limiter.clear(keys[0]!);
      send(res, 200, await issueSession(req, user));
      return;
    }
    if (grant === 'refresh_token') {
      if (typeof body.refresh_token !== 'string' || body.refresh_token === '') {
        throw authErrors.refreshNotFound();
      }
      const rotated = await rotateRefreshToken(db, body.refresh_token);
      const user = await findUserById(db, rotated.userId);
      if (!user) throw authErrors.userNotFound();
      if (isBanned(user)) throw authErrors.banned();
      send(res, 200, await sessionJson(tokens(), user, rotated.sessionId, rotated.refreshToken));
      return;
    }
    throw authErrors.unsupportedGrant();
  };

  const getUser: Handler = async (req, res) => {
    const { user } = await caller(req);
    send(res, 200, { ...userJson(user), ...(await factorsField(db, user.id)) });
  };

  const putUser: Handler = async (req, res) => {
    const { user } = await caller(req);
    const body = await readJson(req);
    const changes: Parameters<typeof updateUser>[2] = {};
    if (body.password !== undefined) {
      const password = checkPassword(body.password);
      if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) {
        throw authErrors.samePassword();
      }
      changes.passwordHash = await hashPassword(password);
    }
    if (body.email !== undefined) {
      const email = checkEmail(body.email);
      const other = await findUserByEmail(db, email);
      if (other && other.id !== user.id) throw authErrors.emailExists();
      changes.email = email;
    }
    if (body.data !== undefined) changes.userMetadata = objectOrEmpty(body.data);
    send(res, 200, userJson(await updateUser(db, user.id, changes)));
  };

  const logout: Handler = async (req, res, url) => {
    const { user, claims } = await caller(req);
    const scope = url.searchParams.get('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw authErrors.validation('Unsupported logout scope');
    }
    await endSessions(db, user.id, String(claims.session_id ?? ''), scope);
    res.writeHead(204, API_VERSION_HEADER).end();
  };

  /** Redirects stay on this site or on a local dev server; anything else falls back to the site. */
  function safeRedirect(candidate: unknown): string {
    if (typeof candidate !== 'string' || candidate === '') return options.siteUrl();
    try {
      const target = new URL(candidate);
      const site = new URL(options.siteUrl());
      const local = ['localhost', '127.0.0.1', '[::1]'].includes(target.hostname);
      return target.host === site.host || local ? target.toString() : options.siteUrl();
    } catch {
      return options.siteUrl();
    }
  }

  const recover: Handler = async (req, res, url) => {
    const body = await readJson(req);
    const email = checkEmail(body.email);
    const user = await findUserByEmail(db, email);
    if (user) {
      const token = randomBytes(24).toString('base64url');
      await db.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [
        user.id,
        hashToken(token),
      ]);
      const redirect = safeRedirect(url.searchParams.get('redirect_to') ?? body.redirect_to);
      const link = `${options.siteUrl()}/auth/v1/verify?token=${token}&type=recovery&redirect_to=${encodeURIComponent(redirect)}`;
      options.log(`[auth] password recovery link for ${email}: ${link}`);
    }
    // Same answer whether or not the address exists: no account enumeration.
    send(res, 200, {});
  };

  /** Consumes a recovery token (valid one hour, single use) and signs the user in. */
  async function redeemRecovery(req: IncomingMessage, token: string) {
    const { rows } = await db.query<{ id: string }>(
      `update auth.users set recovery_token = null, email_confirmed_at = coalesce(email_confirmed_at, now())
       where recovery_token = $1 and recovery_sent_at > now() - interval '1 hour' returning id`,
      [hashToken(token)],
    );
    const user = rows[0] && (await findUserById(db, rows[0].id));
    if (!user) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
    const session = await issueSession(req, user);
    return session;
  }

  const verifyGet: Handler = async (req, res, url) => {
    const token = url.searchParams.get('token') ?? '';
    const redirect = safeRedirect(url.searchParams.get('redirect_to'));
    try {
      const session = await redeemRecovery(req, token);
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: 'recovery',
      });
      res.writeHead(303, { Location: `${redirect}#${fragment}` }).end();
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const fragment = new URLSearchParams({
        error: 'access_denied',
        error_code: error.code,
        error_description: error.message,
      });
      res.writeHead(303, { Location: `${redirect}#${fragment}` }).end();
    }
  };

  const verifyPost: Handler = async (req, res) => {
    const body = await readJson(req);
    if (body.type !== 'recovery') throw authErrors.validation('Only type "recovery" is supported locally');
    const token =
      typeof body.token_hash === 'string'
        ? body.token_hash
        : typeof body.token === 'string'
          ? body.token
          : '';
    send(res, 200, await redeemRecovery(req, token));
  };

  const settings: Handler = async (_req, res) => {
    send(res, 200, {
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  };

  const health: Handler = async (_req, res) => {
    send(res, 200, {
      version: 'pointage-local',
      name: 'GoTrue',
      description: 'Local GoTrue-compatible auth',
    });
  };

  const { adminCreate, adminList, adminGet, adminUpdate, adminDelete } = createAdminHandlers({
    db,
    send,
    siteUrl: options.siteUrl,
    requireServiceRole,
    checkEmail,
    checkPassword,
    objectOrEmpty,
  });

  const mfa = createMfaHandlers({ db, send, siteUrl: options.siteUrl, tokens, caller, requireServiceRole });

  const routes: Array<[string, RegExp, Handler]> = [
    ['POST', /^\/signup$/, signup],
    ['POST', /^\/token$/, token],
    ['GET', /^\/user$/, getUser],
    ['PUT', /^\/user$/, putUser],
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
