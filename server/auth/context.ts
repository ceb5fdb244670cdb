// What every auth handler shares: options, limits, the caller's identity, sessions, e-mails.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type pg from 'pg';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../../src/domain/password-policy.ts';
import { bearerToken, sendJson } from '../http.ts';
import { verifyToken, type Claims } from '../keys.ts';
import { clientAddress, proxyList } from './client-ip.ts';
import { API_VERSION_HEADER, AuthError, authErrors } from './errors.ts';
import { checkPasswordStrength } from './password.ts';
import { createLimiters, DEFAULT_AUTH_LIMITS, type AuthLimits, type SlidingWindow } from './rate-limit.ts';
import { createSession, sessionExists, type SessionMethod } from './sessions.ts';
import { sessionJson, type TokenContext } from './tokens.ts';
import { findUserById, updateUser, type UserRow } from './users.ts';

export interface AuthOptions {
  db: pg.Pool;
  secret: Uint8Array;
  /** Public base URL of the gateway, e.g. http://localhost:8080 */
  siteUrl: () => string;
  jwtExpiry: number;
  minPasswordLength: number;
  /** Supabase's 'Confirm email' turned off: sign-ups are confirmed at once. Default: confirmation required. */
  mailerAutoconfirm?: boolean;
  /** Addresses and CIDR ranges of proxies whose X-Forwarded-For is believed. */
  trustedProxies?: readonly string[];
  /** Free failed passwords per (account, address) before delays start. */
  signInFailureLimit?: number;
  /** Seconds after which failed passwords are forgotten. */
  signInFailureWindowSeconds?: number;
  limits?: Partial<AuthLimits>;
  log: (line: string) => void;
}

export type MailKind = 'confirmation' | 'password recovery' | 'email change' | 'reauthentication';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createContext(options: AuthOptions) {
  const { db } = options;
  const limits: AuthLimits = {
    ...DEFAULT_AUTH_LIMITS,
    ...(options.signInFailureLimit !== undefined && {
      freeFailuresPerAccountAndIp: options.signInFailureLimit,
    }),
    ...(options.signInFailureWindowSeconds !== undefined && {
      failureWindowSeconds: options.signInFailureWindowSeconds,
    }),
    ...options.limits,
  };
  const limiters = createLimiters(limits);
  const proxies = proxyList(options.trustedProxies ?? []);
  const policy: PasswordPolicy = { ...DEFAULT_PASSWORD_POLICY, minLength: options.minPasswordLength };

  const tokens = (): TokenContext => ({
    db,
    secret: options.secret,
    issuer: `${options.siteUrl()}/auth/v1`,
    expiresIn: options.jwtExpiry,
  });

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    sendJson(res, status, body, { ...API_VERSION_HEADER, ...headers });

  const ip = (req: IncomingMessage) => clientAddress(req, proxies);

  /** Counts one request against a budget per client address; 429 when it is used up. */
  function limit(window: SlidingWindow, req: IncomingMessage): void {
    const key = ip(req);
    if (!window.take(key)) throw authErrors.rateLimited(window.retryAfterMs(key));
  }

  function checkPassword(password: unknown, email?: string): string {
    if (typeof password !== 'string' || password === '') throw authErrors.validation('Password is required');
    checkPasswordStrength(password, email, policy);
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

  async function issueSession(req: IncomingMessage, user: UserRow, method: SessionMethod) {
    const signedIn = await updateUser(db, user.id, { signedIn: true });
    const address = ip(req);
    const { sessionId, refreshToken } = await createSession(db, user.id, {
      userAgent: req.headers['user-agent'],
      ip: isIP(address) ? address : undefined,
      method,
    });
    return sessionJson(tokens(), signedIn, sessionId, refreshToken, method);
  }

  async function verifiedClaims(req: IncomingMessage): Promise<Claims> {
    const token = bearerToken(req);
    if (!token) throw authErrors.noAuthorization();
    const verified = await verifyToken(token, options.secret);
    if (!verified.ok)
      throw authErrors.badJwt(verified.reason === 'expired' ? 'token is expired' : 'signature is invalid');
    return verified.claims;
  }

  /** The signed-in caller: a valid user token whose session and user still exist. */
  async function caller(req: IncomingMessage): Promise<{ user: UserRow; claims: Claims; sessionId: string }> {
    const claims = await verifiedClaims(req);
    if (typeof claims.sub !== 'string') throw authErrors.badJwt('missing sub claim');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
    if (sessionId !== '' && !(await sessionExists(db, sessionId))) throw authErrors.sessionNotFound();
    const user = await findUserById(db, claims.sub);
    if (!user) throw new AuthError(404, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user, claims, sessionId };
  }

  async function requireServiceRole(req: IncomingMessage): Promise<void> {
    if ((await verifiedClaims(req)).role !== 'service_role') throw authErrors.notAdmin();
  }

  /**
   * Refuses a second e-mail of one kind to one address within the interval (whether or not the
   * address has an account, so the answer tells nothing), as GoTrue's SMTP_MAX_FREQUENCY does.
   */
  function checkMailInterval(kind: MailKind, email: string): void {
    const key = `${kind}:${email}`;
    if (!limiters.emailInterval.take(key)) {
      const wait = limiters.emailInterval.retryAfterMs(key);
      throw authErrors.emailRateLimited(
        `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`,
        wait,
      );
    }
  }

  /** Locally the e-mail is a line in the server log; the service's hourly budget counts it. */
  function sendMail(kind: MailKind, email: string, content: string): void {
    if (!limiters.emailsSent.take('all')) {
      throw authErrors.emailRateLimited(undefined, limiters.emailsSent.retryAfterMs('all'));
    }
    options.log(`[auth] ${kind} ${kind === 'reauthentication' ? 'code' : 'link'} for ${email}: ${content}`);
  }

  /** A link to /verify that lands on `redirect` afterwards. */
  const verifyLink = (token: string, type: string, redirect: string) =>
    `${options.siteUrl()}/auth/v1/verify?token=${token}&type=${type}&redirect_to=${encodeURIComponent(redirect)}`;

  return {
    db,
    options,
    limits,
    limiters,
    policy,
    tokens,
    send,
    ip,
    limit,
    checkPassword,
    checkEmail,
    objectOrEmpty,
    safeRedirect,
    issueSession,
    caller,
    requireServiceRole,
    checkMailInterval,
    sendMail,
    verifyLink,
  };
}

export type AuthContext = ReturnType<typeof createContext>;
