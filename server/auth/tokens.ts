// Access tokens with Supabase's claims, passed through `custom_access_token_hook`
// when a migration defines it (called as supabase_auth_admin, as Supabase does).
import { SignJWT } from 'jose';
import type pg from 'pg';
import { authErrors } from './errors.ts';
import { userJson, type UserRow } from './users.ts';

export interface TokenContext {
  db: pg.Pool;
  secret: Uint8Array;
  issuer: string;
  expiresIn: number;
}

async function hookExists(db: pg.Pool): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `select to_regprocedure('public.custom_access_token_hook(jsonb)') is not null as ok`,
  );
  return rows[0]?.ok ?? false;
}

async function runHook(db: pg.Pool, userId: string, claims: Record<string, unknown>) {
  const client = await db.connect();
  try {
    await client.query('begin');
    await client.query('set local role supabase_auth_admin');
    const { rows } = await client.query<{ result: Record<string, unknown> | null }>(
      'select public.custom_access_token_hook($1::jsonb) as result',
      [{ user_id: userId, claims, authentication_method: 'password' }],
    );
    await client.query('commit');
    const result = rows[0]?.result;
    if (result && typeof result.error === 'object' && result.error) {
      throw authErrors.hookFailed(String((result.error as { message?: unknown }).message ?? 'error'));
    }
    if (!result || typeof result.claims !== 'object' || result.claims === null) {
      throw authErrors.hookFailed('the hook must return {"claims": {...}}');
    }
    return result.claims as Record<string, unknown>;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    if (error instanceof Error && !('status' in error)) throw authErrors.hookFailed(error.message);
    throw error;
  } finally {
    client.release();
  }
}

export async function sessionJson(
  ctx: TokenContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  method: 'password' | 'recovery' | 'otp' = 'password',
) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.expiresIn;
  let claims: Record<string, unknown> = {
    iss: ctx.issuer,
    sub: user.id,
    aud: user.aud,
    exp,
    iat,
    email: user.email ?? '',
    phone: '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: user.role,
    aal: 'aal1',
    amr: [{ method, timestamp: iat }],
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  if (await hookExists(ctx.db)) claims = await runHook(ctx.db, user.id, claims);
  const accessToken = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(ctx.secret);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ctx.expiresIn,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}
