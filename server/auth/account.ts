// The signed-in person's own account: GET/PUT /user, /reauthenticate and /logout.
//
// As Supabase Auth with its strictest settings: a new password needs the current one (or a
// reauthentication code from the mail log), however young the session, unless the session was
// opened by a password-reset link (once: the session then is an ordinary one); it then ends every
// other session of the person. A new e-mail address takes effect only when the links sent to the
// current address and to the new one have both been followed. Once the person has a verified
// factor, neither changes from an aal1 session.
import { readJson } from '../http.ts';
import type { AuthContext } from './context.ts';
import { AuthError, authErrors } from './errors.ts';
import { factorsField } from './factors.ts';
import { type Handler } from './handler.ts';
import { sendEmailChangeLinks } from './email-change.ts';
import { dropReauthenticationCode, redeemReauthenticationCode, storeReauthenticationCode } from './otp.ts';
import { hashPassword, passwordMatches } from './password.ts';
import { endSessions, isRecoverySession, lacksSecondFactor, useRecovery } from './sessions.ts';
import { findUserByEmail, findUserById, isConfirmed, updateUser, userJson, type UserRow } from './users.ts';

/** Wrong reauthentication codes allowed before the code is void (a six-digit code is guessable). */
const CODE_ATTEMPTS = 5;

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function createAccountHandlers(ctx: AuthContext) {
  const { db } = ctx;
  const wrongCodes = new Map<string, number>();

  /** May this session set a new password? Throws GoTrue's refusal when it may not. */
  async function authorisePasswordChange(user: UserRow, sessionId: string, body: Record<string, unknown>) {
    if (sessionId !== '' && (await isRecoverySession(db, sessionId))) {
      // Good for one password: used last, and only one of two concurrent changes finds it.
      return async () => {
        if (!(await useRecovery(db, sessionId))) throw authErrors.currentPasswordRequired();
      };
    }
    if (nonEmpty(body.current_password)) {
      if (!(await passwordMatches(body.current_password, user.encrypted_password))) {
        throw authErrors.currentPasswordInvalid();
      }
      return async () => undefined;
    }
    if (nonEmpty(body.nonce)) {
      const nonce = body.nonce;
      // Consumed only once every other check has passed (returned for the caller to run last).
      return async () => {
        if (await redeemReauthenticationCode(db, user.id, nonce)) {
          wrongCodes.delete(user.id);
          return;
        }
        const wrong = (wrongCodes.get(user.id) ?? 0) + 1;
        wrongCodes.set(user.id, wrong);
        if (wrong >= CODE_ATTEMPTS) {
          wrongCodes.delete(user.id);
          await dropReauthenticationCode(db, user.id);
        }
        throw authErrors.reauthenticationNotValid();
      };
    }
    throw authErrors.currentPasswordRequired();
  }

  const getUser: Handler = async (req, res) => {
    const { user } = await ctx.caller(req);
    ctx.send(res, 200, { ...userJson(user), ...(await factorsField(ctx.db, user.id)) });
  };

  const putUser: Handler = async (req, res, url) => {
    const { user, sessionId, claims } = await ctx.caller(req);
    const body = await readJson(req);
    if (body.app_metadata !== undefined) {
      throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
    }
    // A stolen aal1 session must not take the account over (GoTrue's check, before any other).
    const changesPassword = body.password !== undefined && body.password !== '';
    const changesEmail =
      typeof body.email === 'string' && body.email.trim().toLowerCase() !== (user.email ?? '');
    if ((changesPassword || changesEmail) && (await lacksSecondFactor(db, user.id, sessionId, claims.aal))) {
      throw authErrors.insufficientAalForUpdate();
    }
    const sensitive = body.password !== undefined || body.email !== undefined || body.nonce !== undefined;
    if (sensitive) ctx.limit(ctx.limiters.mailRequest, req);

    // Every check first, then the writes: a refusal changes nothing.
    let passwordHash: string | undefined;
    let consumeProof: (() => Promise<void>) | undefined;
    if (body.password !== undefined) {
      const password = ctx.checkPassword(body.password, user.email ?? undefined);
      consumeProof = await authorisePasswordChange(user, sessionId, body);
      if (await passwordMatches(password, user.encrypted_password)) throw authErrors.samePassword();
      passwordHash = await hashPassword(password);
    }
    let newEmail: string | undefined;
    if (body.email !== undefined) {
      const email = ctx.checkEmail(body.email);
      if (email !== user.email) {
        const other = await findUserByEmail(db, email);
        if (other && other.id !== user.id) throw authErrors.emailExists();
        ctx.checkMailInterval('email change', email);
        newEmail = email;
      }
    }
    await consumeProof?.();

    if (passwordHash !== undefined || body.data !== undefined) {
      await updateUser(db, user.id, {
        ...(passwordHash !== undefined && { passwordHash }),
        ...(body.data !== undefined && { userMetadata: ctx.objectOrEmpty(body.data) }),
      });
    }
    // A new password ends every other session of the person; this one goes on.
    if (passwordHash !== undefined)
      await endSessions(db, user.id, sessionId, sessionId ? 'others' : 'global');
    if (newEmail !== undefined) {
      const redirect = ctx.safeRedirect(url.searchParams.get('redirect_to') ?? body.redirect_to);
      await sendEmailChangeLinks(ctx, user, newEmail, redirect);
    }
    const updated = await findUserById(db, user.id);
    ctx.send(res, 200, userJson(updated ?? user));
  };

  /** Sends a six-digit code to the person's address, good once for five minutes (the `nonce` of PUT /user). */
  const reauthenticate: Handler = async (req, res) => {
    const { user } = await ctx.caller(req);
    ctx.limit(ctx.limiters.mailRequest, req);
    if (!user.email) {
      throw authErrors.validation('Reauthentication requires the user to have an email or a phone number');
    }
    if (!isConfirmed(user))
      throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
    ctx.checkMailInterval('reauthentication', user.email);
    const code = await storeReauthenticationCode(db, user.id);
    wrongCodes.delete(user.id);
    ctx.sendMail('reauthentication', user.email, code);
    ctx.send(res, 200, {});
  };

  const logout: Handler = async (req, res, url) => {
    const { user, sessionId } = await ctx.caller(req);
    const scope = url.searchParams.get('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw authErrors.validation('Unsupported logout scope');
    }
    await endSessions(db, user.id, sessionId, scope);
    res.writeHead(204, { 'X-Supabase-Api-Version': '2024-01-01' }).end();
  };

  return { getUser, putUser, reauthenticate, logout };
}
