// Supabase's 'before-user-created' Auth Hook as a Postgres function: when a migration defines
// public.hook_before_user_created(jsonb), sign-up calls it (as supabase_auth_admin, like GoTrue)
// before inserting the user. {"error": {"http_code", "message"}} refuses the sign-up with that
// status and message and creates nothing; anything else lets it go on.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AuthError, authErrors } from './errors.ts';

export interface BeforeUserCreatedEvent {
  metadata: { uuid: string; time: string; name: 'before-user-created'; ip_address: string };
  /** The user about to be created, in the shape of GoTrue's user JSON. */
  user: Record<string, unknown>;
}

export function beforeUserCreatedEvent(
  ipAddress: string,
  user: Record<string, unknown>,
): BeforeUserCreatedEvent {
  return {
    metadata: {
      uuid: randomUUID(),
      time: new Date().toISOString(),
      name: 'before-user-created',
      ip_address: ipAddress,
    },
    user,
  };
}

async function hookExists(db: pg.Pool): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `select to_regprocedure('public.hook_before_user_created(jsonb)') is not null as ok`,
  );
  return rows[0]?.ok ?? false;
}

/** Runs the hook when it exists; throws the refusal it returns. */
export async function runBeforeUserCreated(
  db: pg.Pool,
  event: BeforeUserCreatedEvent,
  log: (line: string) => void,
): Promise<void> {
  if (!(await hookExists(db))) return;
  const client = await db.connect();
  let result: unknown;
  try {
    await client.query('begin');
    await client.query('set local role supabase_auth_admin');
    // GoTrue bounds a hook by statement_timeout; so do we.
    await client.query(`set local statement_timeout = '2s'`);
    const { rows } = await client.query<{ result: unknown }>(
      'select public.hook_before_user_created($1::jsonb) as result',
      [event],
    );
    await client.query('commit');
    result = rows[0]?.result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    // The function failed (an exception, no grant): GoTrue answers a 500 without the SQL's text.
    log(`[auth] before-user-created hook failed: ${(error as Error).message}`);
    throw authErrors.hookFailed('before-user-created');
  } finally {
    client.release();
  }
  const refusal =
    typeof result === 'object' && result !== null ? (result as { error?: unknown }).error : undefined;
  if (typeof refusal !== 'object' || refusal === null) return;
  const { http_code: httpCode, message } = refusal as { http_code?: unknown; message?: unknown };
  // As GoTrue: an error without a message lets the sign-up through; no status means 500.
  if (typeof message !== 'string' || message === '') return;
  const status =
    Number.isInteger(httpCode) && (httpCode as number) >= 400 && (httpCode as number) < 600
      ? (httpCode as number)
      : 500;
  // GoTrue sends hook refusals without an error code of their own: 'unexpected_failure' for a
  // 500, else 'unknown'. The client tells them apart by status and message.
  throw new AuthError(status, status === 500 ? 'unexpected_failure' : 'unknown', message);
}
