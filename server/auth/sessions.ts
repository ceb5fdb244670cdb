// Sessions and refresh tokens: rotation on every refresh, and reuse detection
// (a refresh token presented twice revokes its whole session).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { authErrors } from './errors.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newRefreshToken = () => randomBytes(32).toString('base64url');

/** How a session was opened, as auth.mfa_amr_claims records it (GoTrue's authentication methods). */
export type SessionMethod = 'password' | 'recovery' | 'otp';

export interface IssuedSession {
  sessionId: string;
  refreshToken: string;
}

export async function createSession(
  db: pg.Pool,
  userId: string,
  meta: { userAgent?: string; ip?: string; method: SessionMethod },
): Promise<IssuedSession> {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  const client = await db.connect();
  try {
    await client.query('begin');
    await client.query('insert into auth.sessions (id, user_id, user_agent, ip) values ($1, $2, $3, $4)', [
      sessionId,
      userId,
      meta.userAgent ?? null,
      meta.ip ?? null,
    ]);
    await client.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
      hashToken(refreshToken),
      userId,
      sessionId,
    ]);
    // The session's amr: the access token's `amr` claim, and what tells a recovery session apart.
    await client.query(
      `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
       values ($1, $2, now(), now(), $3)`,
      [randomUUID(), sessionId, meta.method],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  return { sessionId, refreshToken };
}

/** Exchanges a refresh token for a new one in the same session. */
export async function rotateRefreshToken(
  db: pg.Pool,
  refreshToken: string,
): Promise<IssuedSession & { userId: string }> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{
      id: string;
      user_id: string;
      session_id: string;
      revoked: boolean;
    }>('select id, user_id, session_id, revoked from auth.refresh_tokens where token = $1 for update', [
      hashToken(refreshToken),
    ]);
    const current = rows[0];
    if (!current) {
      await client.query('rollback');
      throw authErrors.refreshNotFound();
    }
    if (current.revoked) {
      // Someone replayed an old token: end the session for everyone holding it.
      await client.query('delete from auth.sessions where id = $1', [current.session_id]);
      await client.query('commit');
      throw authErrors.refreshReused();
    }
    const next = newRefreshToken();
    await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [
      current.id,
    ]);
    await client.query(
      'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
      [hashToken(next), current.user_id, current.session_id, hashToken(refreshToken)],
    );
    await client.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [
      current.session_id,
    ]);
    await client.query('commit');
    return { sessionId: current.session_id, refreshToken: next, userId: current.user_id };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export async function sessionExists(db: pg.Pool, sessionId: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return (rowCount ?? 0) > 0;
}

/** Whether the session was opened by a password-reset link (it may set a password without the old one). */
export async function isRecoverySession(db: pg.Pool, sessionId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `select 1 from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'`,
    [sessionId],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Turns a recovery session into an ordinary one once it has set the password: its 'recovery' method
 * becomes 'otp' (the e-mailed link it was opened with). One statement, so of two concurrent
 * password changes only one finds the recovery method; true when this call used it.
 */
export async function useRecovery(db: pg.Pool, sessionId: string): Promise<boolean> {
  const { rows } = await db.query<{ used: number }>(
    `with used as (
       delete from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'
       returning session_id
     ), kept as (
       insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
       select $2, session_id, now(), now(), 'otp' from used
       on conflict (session_id, authentication_method) do nothing
     )
     select count(*)::int as used from used`,
    [sessionId, randomUUID()],
  );
  return (rows[0]?.used ?? 0) > 0;
}

/**
 * Whether the caller holds an aal1 session while having a verified factor: GoTrue then refuses
 * e-mail and password changes. The session's level is auth.sessions.aal (the token's claim when
 * the token names no session).
 */
export async function lacksSecondFactor(
  db: pg.Pool,
  userId: string,
  sessionId: string,
  claimedAal: unknown,
): Promise<boolean> {
  const { rows } = await db.query<{ factor: boolean; aal: string | null }>(
    `select exists (select 1 from auth.mfa_factors where user_id = $1 and status = 'verified') as factor,
            (select aal::text from auth.sessions where id = nullif($2, '')::uuid) as aal`,
    [userId, sessionId],
  );
  const row = rows[0];
  if (!row?.factor) return false;
  const aal = sessionId !== '' ? row.aal : claimedAal;
  return aal !== 'aal2';
}

export async function endSessions(
  db: pg.Pool,
  userId: string,
  sessionId: string,
  scope: 'global' | 'local' | 'others',
): Promise<void> {
  if (scope === 'local') await db.query('delete from auth.sessions where id = $1', [sessionId]);
  else if (scope === 'others')
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  else await db.query('delete from auth.sessions where user_id = $1', [userId]);
}
