// POST /signup and POST /resend, as GoTrue answers them with 'Confirm email' on (the default) or off.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { readJson } from '../http.ts';
import type { AuthContext } from './context.ts';
import { authErrors } from './errors.ts';
import { type Handler } from './handler.ts';
import { beforeUserCreatedEvent, runBeforeUserCreated } from './hooks.ts';
import { sendEmailChangeLinks } from './email-change.ts';
import { storeLinkToken } from './otp.ts';
import { hashPassword } from './password.ts';
import { findUserByEmail, findUserById, insertUser, isConfirmed, userJson, type UserRow } from './users.ts';

/** A database error (a trigger's exception, a constraint): never shown to the client. */
const isDatabaseError = (error: unknown) =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && 'severity' in error;

export function createSignupHandlers(ctx: AuthContext) {
  const { db } = ctx;
  const autoconfirm = ctx.options.mailerAutoconfirm === true;

  /** Writes a new confirmation link for the user to the mail log. */
  async function sendConfirmation(req: IncomingMessage, user: UserRow, redirect: unknown): Promise<UserRow> {
    const email = user.email ?? '';
    ctx.checkMailInterval('confirmation', email);
    const token = await storeLinkToken(db, user.id, 'signup');
    ctx.sendMail('confirmation', email, ctx.verifyLink(token, 'signup', ctx.safeRedirect(redirect)));
    return (await findUserById(db, user.id)) ?? user;
  }

  /** GoTrue's answer to a sign-up with a registered address when confirmation is on: a made-up user, no e-mail. */
  function lookalikeUser(email: string, metadata: Record<string, unknown>) {
    const now = new Date().toISOString();
    return {
      ...userJson({
        id: randomUUID(),
        aud: 'authenticated',
        role: 'authenticated',
        email,
        encrypted_password: null,
        email_confirmed_at: null,
        confirmation_sent_at: new Date(now),
        recovery_sent_at: null,
        email_change: null,
        email_change_sent_at: null,
        reauthentication_sent_at: null,
        last_sign_in_at: null,
        raw_app_meta_data: { provider: 'email', providers: ['email'] },
        raw_user_meta_data: metadata,
        banned_until: null,
        created_at: new Date(now),
        updated_at: new Date(now),
        is_anonymous: false,
      }),
    };
  }

  const signup: Handler = async (req, res, url) => {
    ctx.limit(ctx.limiters.signUp, req);
    const body = await readJson(req);
    const email = ctx.checkEmail(body.email);
    const password = ctx.checkPassword(body.password, email);
    const metadata = ctx.objectOrEmpty(body.data);
    const redirect = url.searchParams.get('redirect_to') ?? body.redirect_to;

    const existing = await findUserByEmail(db, email);
    if (existing) {
      if (autoconfirm) throw authErrors.userExists();
      // Not confirmed yet: send the link again (the password is left as it was: whoever asks
      // now has not proved they own the address). Confirmed: a lookalike answer, so a sign-up
      // form never tells who has an account.
      if (isConfirmed(existing)) return ctx.send(res, 200, lookalikeUser(email, metadata));
      return ctx.send(res, 200, userJson(await sendConfirmation(req, existing, redirect)));
    }
    if (!autoconfirm && ctx.limiters.emailsSent.retryAfterMs('all') > 0) {
      throw authErrors.emailRateLimited(undefined, ctx.limiters.emailsSent.retryAfterMs('all'));
    }

    const id = randomUUID();
    const now = new Date().toISOString();
    await runBeforeUserCreated(
      db,
      beforeUserCreatedEvent(ctx.ip(req), {
        id,
        aud: 'authenticated',
        role: 'authenticated',
        email,
        phone: '',
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: metadata,
        identities: [],
        created_at: now,
        updated_at: now,
        is_anonymous: false,
      }),
      ctx.options.log,
    );

    let user: UserRow | undefined;
    try {
      user = await insertUser(db, {
        id,
        email,
        passwordHash: await hashPassword(password),
        confirmed: autoconfirm,
        userMetadata: metadata,
        appMetadata: {},
      });
    } catch (error) {
      if (!isDatabaseError(error)) throw error;
      ctx.options.log(`[auth] sign-up of ${email} refused by the database: ${(error as Error).message}`);
      throw authErrors.databaseSaveFailed();
    }
    // Someone registered the address in the meantime.
    if (!user) {
      if (autoconfirm) throw authErrors.userExists();
      return ctx.send(res, 200, lookalikeUser(email, metadata));
    }
    if (autoconfirm) return ctx.send(res, 200, await ctx.issueSession(req, user, 'password'));
    ctx.send(res, 200, userJson(await sendConfirmation(req, user, redirect)));
  };

  /** POST /resend {email, type: 'signup' | 'email_change'}: the same answer whether or not there is anything to send. */
  const resend: Handler = async (req, res, url) => {
    ctx.limit(ctx.limiters.mailRequest, req);
    const body = await readJson(req);
    const email = ctx.checkEmail(body.email);
    const redirect = ctx.safeRedirect(url.searchParams.get('redirect_to') ?? body.redirect_to);
    if (body.type !== 'signup' && body.type !== 'email_change') {
      throw authErrors.validation('Missing one of these types: signup, email_change');
    }
    const user = await findUserByEmail(db, email);
    if (body.type === 'signup') {
      ctx.checkMailInterval('confirmation', email);
      if (user && !isConfirmed(user)) {
        const token = await storeLinkToken(db, user.id, 'signup');
        ctx.sendMail('confirmation', email, ctx.verifyLink(token, 'signup', redirect));
      }
    } else {
      ctx.checkMailInterval('email change', email);
      if (user?.email_change) {
        // Both links again, as GoTrue's resend does: the earlier pair stops working.
        await sendEmailChangeLinks(ctx, user, user.email_change, redirect);
      }
    }
    ctx.send(res, 200, {});
  };

  return { signup, resend };
}
