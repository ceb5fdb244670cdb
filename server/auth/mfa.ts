// Supabase Auth's MFA API for TOTP (GoTrue's internal/api/mfa.go), so that supabase-js's
// auth.mfa.enroll / challenge / verify / unenroll / listFactors / getAuthenticatorAssuranceLevel
// and auth.admin.mfa work the same against the local stack and against Supabase.
// TOTP is RFC 6238 with GoTrue's parameters (SHA1, 6 digits, 30 s, one step of skew), by `otpauth`.
// Secrets are stored as Supabase stores them without its optional encryption: base32 in
// auth.mfa_factors.secret. `totp.qr_code` carries the otpauth URI (no QR encoder is a dependency
// of the server); the app draws the QR code from `totp.uri` with antd's <QRCode>, on both stacks.
import { isIP } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Secret, TOTP } from 'otpauth';
import type pg from 'pg';
import { clientIp, readJson } from '../http.ts';
import type { Claims } from '../keys.ts';
import { AuthError, authErrors } from './errors.ts';
import { factorJson, findFactor, listFactors } from './factors.ts';
import type { Handler } from './handler.ts';
import { FailureWindow, TokenBuckets } from './mfa-limits.ts';
import { hashToken } from './sessions.ts';
import { sessionJson, type TokenContext } from './tokens.ts';
import { findUserById, type UserRow } from './users.ts';

export interface MfaContext {
  db: pg.Pool;
  send: (res: ServerResponse, status: number, body: unknown) => void;
  siteUrl: () => string;
  tokens: () => TokenContext;
  caller: (req: IncomingMessage) => Promise<{ user: UserRow; claims: Claims }>;
  requireServiceRole: (req: IncomingMessage) => Promise<void>;
}

// GoTrue's defaults (MFA_CHALLENGE_EXPIRY_DURATION, MFA_FACTOR_EXPIRY_DURATION, MFA_MAX_*).
const CHALLENGE_EXPIRY_SECONDS = 300;
const UNVERIFIED_FACTOR_EXPIRY_SECONDS = 300;
const MAX_ENROLLED_FACTORS = 10;
const MAX_VERIFIED_FACTORS = 10;
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Wrong codes per factor before verification pauses (15 minutes). */
const FACTOR_FAILURE_LIMIT = 10;

const mfaError = {
  factorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
  insufficientAal: (status: number, message: string) => new AuthError(status, 'insufficient_aal', message),
  verificationFailed: () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
};

/** The matched time step of a valid code (now, one step before or after), or null. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = new TOTP({ ...TOTP_PARAMS, secret: Secret.fromBase32(secret) });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: TOTP_PARAMS.period, timestamp: now }) + delta;
}

const ipOf = (req: IncomingMessage) => {
  const ip = clientIp(req);
  return isIP(ip) ? ip : '0.0.0.0';
};

const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export function createMfaHandlers(ctx: MfaContext) {
  const { db, send } = ctx;
  const verifyBudget = new TokenBuckets(15, 30);
  const challengeBudget = new TokenBuckets(15, 30);
  const wrongCodes = new FailureWindow(FACTOR_FAILURE_LIMIT, 15 * 60_000);

  /** The signed-in caller with the session their token names and its level. */
  async function session(req: IncomingMessage) {
    const { user, claims } = await ctx.caller(req);
    if (typeof claims.session_id !== 'string') throw authErrors.sessionNotFound();
    const { rows } = await db.query<{ aal: string }>(
      'select aal::text as aal from auth.sessions where id = $1',
      [claims.session_id],
    );
    if (!rows[0]) throw authErrors.sessionNotFound();
    return { user, sessionId: claims.session_id, aal2: rows[0].aal === 'aal2' };
  }

  async function ownFactor(userId: string, factorId: string | undefined) {
    const factor = await findFactor(db, userId, factorId ?? '');
    if (!factor) throw mfaError.factorNotFound();
    return factor;
  }

  const enroll: Handler = async (req, res) => {
    const { user, aal2 } = await session(req);
    const body = await readJson(req);
    if (body.factor_type === 'phone')
      throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (body.factor_type === 'webauthn')
      throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    if (body.factor_type !== 'totp')
      throw authErrors.validation('factor_type needs to be totp, phone, or webauthn');
    const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name.trim() : '';
    if (friendlyName.length > 255) throw authErrors.validation('friendly_name is too long');
    const issuer =
      typeof body.issuer === 'string' && body.issuer.trim() !== ''
        ? body.issuer.trim()
        : new URL(ctx.siteUrl()).host;

    await db.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified'
         and created_at < now() - make_interval(secs => $2)`,
      [user.id, UNVERIFIED_FACTOR_EXPIRY_SECONDS],
    );
    const factors = await listFactors(db, user.id);
    if (friendlyName !== '' && factors.some((f) => f.friendly_name === friendlyName)) {
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    const verified = factors.filter((f) => f.status === 'verified').length;
    if (factors.length >= MAX_ENROLLED_FACTORS || verified >= MAX_VERIFIED_FACTORS) {
      throw new AuthError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (verified > 0 && !aal2) throw mfaError.insufficientAal(403, 'AAL2 required to enroll a new factor');

    const secret = new Secret({ size: 20 });
    const uri = new TOTP({ ...TOTP_PARAMS, issuer, label: user.email ?? '', secret }).toString();
    const id = randomUUID();
    try {
      await db.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
        [id, user.id, friendlyName, secret.base32],
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw new AuthError(
          422,
          'mfa_factor_name_conflict',
          'A factor with this friendly name already exists',
        );
      }
      throw error;
    }
    send(res, 200, {
      id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: uri, secret: secret.base32, uri },
    });
  };

  const challenge: Handler = async (req, res, _url, [factorId]) => {
    if (!challengeBudget.take(ipOf(req))) throw authErrors.rateLimited();
    const { user } = await session(req);
    const factor = await ownFactor(user.id, factorId);
    const id = randomUUID();
    const { rows } = await db.query<{ expires: string }>(
      `with challenged as (
         update auth.mfa_factors set last_challenged_at = clock_timestamp() where id = $2 returning id
       )
       insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
       select $1, id, now(), $3::inet from challenged
       returning floor(extract(epoch from created_at))::bigint::text as expires`,
      [id, factor.id, ipOf(req)],
    );
    if (!rows[0]) throw mfaError.factorNotFound();
    send(res, 200, {
      id,
      type: factor.factor_type,
      expires_at: Number(rows[0].expires) + CHALLENGE_EXPIRY_SECONDS,
    });
  };

  const verify: Handler = async (req, res, _url, [factorId]) => {
    if (!verifyBudget.take(ipOf(req))) throw authErrors.rateLimited();
    const { user, sessionId } = await session(req);
    const factor = await ownFactor(user.id, factorId);
    const body = await readJson(req);
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (code === '') throw authErrors.validation('Code needs to be non-empty');
    if (!isUuid(body.challenge_id)) throw authErrors.validation('challenge_id must be an UUID');
    if (wrongCodes.blocked(factor.id)) throw authErrors.rateLimited();

    const { rows } = await db.query<{ verified: boolean; same_ip: boolean; expired: boolean }>(
      `select verified_at is not null as verified, ip_address = $3::inet as same_ip,
         created_at < now() - make_interval(secs => $4) as expired
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
      [body.challenge_id, factor.id, ipOf(req), CHALLENGE_EXPIRY_SECONDS],
    );
    const found = rows[0];
    if (!found)
      throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (found.verified || !found.same_ip)
      throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    if (found.expired) {
      await db.query('delete from auth.mfa_challenges where id = $1', [body.challenge_id]);
      throw new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${body.challenge_id} has expired, verify against another challenge or create a new challenge.`,
      );
    }

    const step = factor.secret ? matchingStep(factor.secret, code) : null;
    const refreshToken =
      step === null ? null : await upgradeSession(user.id, factor.id, sessionId, body.challenge_id, step);
    if (refreshToken === null) {
      wrongCodes.record(factor.id);
      throw mfaError.verificationFailed();
    }
    wrongCodes.clear(factor.id);
    const fresh = await findUserById(db, user.id);
    if (!fresh) throw authErrors.userNotFound();
    send(res, 200, await sessionJson(ctx.tokens(), fresh, sessionId, refreshToken));
  };

  /**
   * One transaction, as GoTrue's verifyTOTPFactor: the challenge is used, the factor verified, the
   * session raised to aal2 with a 'totp' method and a new refresh token (the aal1 one is revoked),
   * the person's other aal1 sessions end and their other unverified TOTP factors go.
   * The matched time step is kept on the challenge (otp_code, unused for TOTP by GoTrue) so that a
   * code is accepted once (RFC 6238 §5.2). Answers the new refresh token, or null for a reused code.
   */
  async function upgradeSession(
    userId: string,
    factorId: string,
    sessionId: string,
    challengeId: string,
    step: number,
  ): Promise<string | null> {
    const client = await db.connect();
    try {
      await client.query('begin');
      await client.query('select 1 from auth.mfa_factors where id = $1 for update', [factorId]);
      const reused = await client.query(
        `select 1 from auth.mfa_challenges where factor_id = $1 and verified_at is not null and otp_code = $2`,
        [factorId, String(step)],
      );
      const used = await client.query(
        `update auth.mfa_challenges set verified_at = now(), otp_code = $3
         where id = $1 and factor_id = $2 and verified_at is null`,
        [challengeId, factorId, String(step)],
      );
      if ((reused.rowCount ?? 0) > 0 || used.rowCount !== 1) {
        await client.query('rollback');
        return null;
      }
      await client.query(
        `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1 and status <> 'verified'`,
        [factorId],
      );
      await client.query(
        `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
         values ($1, $2, now(), now(), 'totp')
         on conflict (session_id, authentication_method) do update set updated_at = now()`,
        [randomUUID(), sessionId],
      );
      await client.query(`update auth.sessions set aal = 'aal2', updated_at = now() where id = $1`, [
        sessionId,
      ]);
      const parent = await client.query<{ token: string }>(
        `update auth.refresh_tokens set revoked = true, updated_at = now()
         where session_id = $1 and not revoked returning token`,
        [sessionId],
      );
      const refreshToken = randomBytes(32).toString('base64url');
      await client.query(
        'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
        [hashToken(refreshToken), userId, sessionId, parent.rows[0]?.token ?? null],
      );
      await client.query(`delete from auth.sessions where user_id = $1 and aal::text < 'aal2'`, [userId]);
      await client.query(
        `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`,
        [userId],
      );
      await client.query('commit');
      return refreshToken;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Removes a factor; once no verified factor is left, the person's sessions fall back to aal1. */
  async function removeFactor(userId: string, factorId: string): Promise<void> {
    const client = await db.connect();
    try {
      await client.query('begin');
      await client.query('delete from auth.mfa_factors where id = $1 and user_id = $2', [factorId, userId]);
      const { rowCount } = await client.query(
        `select 1 from auth.mfa_factors where user_id = $1 and status = 'verified'`,
        [userId],
      );
      if (!rowCount) {
        await client.query(`update auth.sessions set aal = 'aal1', updated_at = now() where user_id = $1`, [
          userId,
        ]);
        await client.query(
          `delete from auth.mfa_amr_claims c using auth.sessions s
           where c.session_id = s.id and s.user_id = $1 and c.authentication_method = 'totp'`,
          [userId],
        );
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  const unenroll: Handler = async (req, res, _url, [factorId]) => {
    const { user, aal2 } = await session(req);
    const factor = await ownFactor(user.id, factorId);
    if (factor.status === 'verified' && !aal2) {
      throw mfaError.insufficientAal(422, 'AAL2 required to unenroll verified factor');
    }
    await removeFactor(user.id, factor.id);
    send(res, 200, { id: factor.id });
  };

  async function adminUser(req: IncomingMessage, userId: string | undefined) {
    await ctx.requireServiceRole(req);
    const user = await findUserById(db, userId ?? '');
    if (!user) throw authErrors.userNotFound();
    return user;
  }

  const adminList: Handler = async (req, res, _url, [userId]) => {
    const user = await adminUser(req, userId);
    send(res, 200, (await listFactors(db, user.id)).map(factorJson));
  };

  const adminDelete: Handler = async (req, res, _url, [userId, factorId]) => {
    const user = await adminUser(req, userId);
    const factor = await ownFactor(user.id, factorId);
    await removeFactor(user.id, factor.id);
    send(res, 200, factorJson(factor));
  };

  return { enroll, challenge, verify, unenroll, adminList, adminDelete };
}
