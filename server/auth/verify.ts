// POST /recover, and GET/POST /verify for the links the service writes to the mail log:
// sign-up confirmation ('signup', or 'email' as supabase-js's verifyOtp names it), password
// recovery and e-mail change. GET redirects with the session in the fragment (or the error), as
// GoTrue's implicit flow does; POST answers the session.
import type { IncomingMessage } from 'node:http';
import { readJson } from '../http.ts';
import type { AuthContext } from './context.ts';
import { AuthError, authErrors } from './errors.ts';
import { type Handler } from './handler.ts';
import { SINGLE_CONFIRMATION_ACCEPTED } from './email-change.ts';
import { redeemEmailChangeToken, redeemLinkToken, storeLinkToken, type LinkType } from './otp.ts';
import type { SessionMethod } from './sessions.ts';
import { findUserByEmail, findUserById, isBanned } from './users.ts';

const LINK_TYPES: Record<string, { link: LinkType; method: SessionMethod }> = {
  signup: { link: 'signup', method: 'otp' },
  email: { link: 'signup', method: 'otp' },
  recovery: { link: 'recovery', method: 'recovery' },
  email_change: { link: 'email_change', method: 'otp' },
};

const pgCode = (error: unknown) =>
  error instanceof Error && 'severity' in error ? (error as { code?: string }).code : undefined;

export function createVerifyHandlers(ctx: AuthContext) {
  const { db } = ctx;

  const recover: Handler = async (req, res, url) => {
    ctx.limit(ctx.limiters.mailRequest, req);
    const body = await readJson(req);
    const email = ctx.checkEmail(body.email);
    ctx.checkMailInterval('password recovery', email);
    const user = await findUserByEmail(db, email);
    if (user) {
      const token = await storeLinkToken(db, user.id, 'recovery');
      const redirect = ctx.safeRedirect(url.searchParams.get('redirect_to') ?? body.redirect_to);
      ctx.sendMail('password recovery', email, ctx.verifyLink(token, 'recovery', redirect));
    }
    // Same answer whether or not the address exists: no account enumeration.
    ctx.send(res, 200, {});
  };

  /** The user whose link this is; `pending` when it is the first of the two e-mail change links. */
  async function consume(link: LinkType, token: string) {
    if (link !== 'email_change') return { userId: await redeemLinkToken(db, link, token), pending: false };
    const redeemed = await redeemEmailChangeToken(db, token);
    return { userId: redeemed?.userId, pending: redeemed !== undefined && !redeemed.applied };
  }

  /**
   * Consumes the link's token and opens a session recording how it was opened; no session (undefined)
   * for the first of the two e-mail change links, as GoTrue.
   */
  async function redeem(req: IncomingMessage, type: unknown, token: string) {
    const kind = typeof type === 'string' ? LINK_TYPES[type] : undefined;
    if (!kind) throw authErrors.validation('Verify requires a verification type');
    let userId: string | undefined;
    try {
      const consumed = await consume(kind.link, token);
      if (consumed.pending) return undefined;
      userId = consumed.userId;
    } catch (error) {
      // The new address was registered by someone else meanwhile, or the database refused it.
      if (pgCode(error) === '23505') throw authErrors.emailExists();
      if (pgCode(error) === undefined) throw error;
      ctx.options.log(`[auth] ${kind.link} link refused by the database: ${(error as Error).message}`);
      throw new AuthError(500, 'unexpected_failure', 'Database error updating user');
    }
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user) throw authErrors.linkInvalid();
    if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
    return ctx.issueSession(req, user, kind.method);
  }

  const verifyGet: Handler = async (req, res, url) => {
    const redirect = ctx.safeRedirect(url.searchParams.get('redirect_to'));
    const type = url.searchParams.get('type') ?? '';
    let fragment: URLSearchParams;
    try {
      ctx.limit(ctx.limiters.verify, req);
      const session = await redeem(req, type, url.searchParams.get('token') ?? '');
      if (!session) {
        res.writeHead(303, {
          Location: `${redirect}#${new URLSearchParams({ message: SINGLE_CONFIRMATION_ACCEPTED })}`,
        });
        res.end();
        return;
      }
      fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type,
      });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      fragment = new URLSearchParams({
        error: error.status === 429 || error.status >= 500 ? 'server_error' : 'access_denied',
        error_code: error.code,
        error_description: error.message,
      });
    }
    res.writeHead(303, { Location: `${redirect}#${fragment}` }).end();
  };

  const verifyPost: Handler = async (req, res) => {
    ctx.limit(ctx.limiters.verify, req);
    const body = await readJson(req);
    const token =
      typeof body.token_hash === 'string'
        ? body.token_hash
        : typeof body.token === 'string'
          ? body.token
          : '';
    const session = await redeem(req, body.type, token);
    ctx.send(res, 200, session ?? { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
  };

  return { recover, verifyGet, verifyPost };
}
