// POST /token: the password and refresh-token grants, with the limits of rate-limit.ts.
import { readJson } from '../http.ts';
import type { AuthContext } from './context.ts';
import { authErrors } from './errors.ts';
import { type Handler } from './handler.ts';
import { passwordMatches } from './password.ts';
import { rotateRefreshToken } from './sessions.ts';
import { sessionJson } from './tokens.ts';
import { findUserByEmail, findUserById, isBanned, isConfirmed, type UserRow } from './users.ts';

/**
 * The account for these credentials, or undefined. The password is always checked once with
 * bcrypt (against a dummy hash for an unknown e-mail), so the time taken does not tell whether
 * the e-mail has an account.
 */
export async function authenticate(
  findUser: (email: string) => Promise<UserRow | undefined>,
  matches: (password: string, hash: string | null | undefined) => Promise<boolean>,
  email: string,
  password: string,
): Promise<UserRow | undefined> {
  const user = await findUser(email);
  const ok = await matches(password, user?.encrypted_password);
  return user && ok ? user : undefined;
}

export function createSignInHandler(ctx: AuthContext) {
  const { db, limiters } = ctx;

  async function passwordGrant(ip: string, body: Record<string, unknown>) {
    if (typeof body.email !== 'string' || typeof body.password !== 'string' || body.password === '') {
      throw authErrors.validation('missing email or phone');
    }
    const email = body.email.trim().toLowerCase();
    // Delays count per (address, account) and per account, never per address alone: one person's
    // typos hold back that person, not the office behind the same address.
    const pairKey = `${ip}|${email}`;
    const wait = Math.max(
      limiters.accountAndIpFailures.retryAfterMs(pairKey),
      limiters.accountFailures.retryAfterMs(email),
    );
    if (wait > 0) throw authErrors.rateLimited(wait);
    const user = await authenticate((e) => findUserByEmail(db, e), passwordMatches, email, body.password);
    if (!user) {
      limiters.accountAndIpFailures.recordFailure(pairKey);
      limiters.accountFailures.recordFailure(email);
      throw authErrors.invalidCredentials();
    }
    limiters.accountAndIpFailures.clear(pairKey);
    limiters.accountFailures.clear(email);
    if (isBanned(user)) throw authErrors.banned();
    if (!isConfirmed(user)) throw authErrors.emailNotConfirmed();
    return user;
  }

  const token: Handler = async (req, res, url) => {
    const grant = url.searchParams.get('grant_type');
    if (grant === 'password') {
      ctx.limit(limiters.signIn, req);
      const user = await passwordGrant(ctx.ip(req), await readJson(req));
      ctx.send(res, 200, await ctx.issueSession(req, user, 'password'));
      return;
    }
    if (grant === 'refresh_token') {
      ctx.limit(limiters.refresh, req);
      const body = await readJson(req);
      if (typeof body.refresh_token !== 'string' || body.refresh_token === '') {
        throw authErrors.refreshNotFound();
      }
      const rotated = await rotateRefreshToken(db, body.refresh_token);
      const user = await findUserById(db, rotated.userId);
      if (!user) throw authErrors.userNotFound();
      if (isBanned(user)) throw authErrors.banned();
      ctx.send(res, 200, await sessionJson(ctx.tokens(), user, rotated.sessionId, rotated.refreshToken));
      return;
    }
    throw authErrors.unsupportedGrant();
  };

  return { token };
}
