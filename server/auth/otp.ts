// One-time links and codes kept in auth.users as Supabase keeps them, stored hashed: a copy of
// the table never signs anyone in. Each is single use and expires.
import { randomBytes, randomInt } from 'node:crypto';
import type pg from 'pg';
import { hashToken } from './sessions.ts';

type Queryable = Pick<pg.Pool, 'query'>;

/** What a link confirms; the column pairs and lifetimes follow GoTrue (links a day, recovery an hour). */
export type LinkType = 'signup' | 'recovery' | 'email_change';

const LINKS: Record<LinkType, { token: string; sentAt: string; lifetime: string }> = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', lifetime: '24 hours' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at', lifetime: '1 hour' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at', lifetime: '24 hours' },
};

/** A reauthentication code lives five minutes. */
export const REAUTHENTICATION_LIFETIME = '5 minutes';

/** Makes a new link token for the user (replacing any earlier one) and returns it; only its hash is kept. */
export async function storeLinkToken(
  db: Queryable,
  userId: string,
  type: Exclude<LinkType, 'email_change'>,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const { token: column, sentAt } = LINKS[type];
  await db.query(`update auth.users set ${column} = $2, ${sentAt} = now() where id = $1`, [
    userId,
    hashToken(token),
  ]);
  return token;
}

/**
 * Consumes a link token in one statement (so two clicks cannot both win) and returns the user's id,
 * or undefined when the token is unknown, used or expired. Following a link proves the address,
 * so it also confirms it. E-mail change links go through redeemEmailChangeToken.
 */
export async function redeemLinkToken(
  db: Queryable,
  type: Exclude<LinkType, 'email_change'>,
  token: string,
): Promise<string | undefined> {
  if (token === '') return undefined;
  const { token: column, sentAt, lifetime } = LINKS[type];
  const { rows } = await db.query<{ id: string }>(
    `update auth.users set ${column} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where ${column} = $1 and ${sentAt} > now() - interval '${lifetime}'
     returning id`,
    [hashToken(token)],
  );
  return rows[0]?.id;
}

/**
 * Secure e-mail change (GoTrue's MAILER_SECURE_EMAIL_CHANGE_ENABLED): one link to the current
 * address and one to the new, replacing any pending change. Without a current address only the
 * new one is asked. Only the hashes are kept.
 */
export async function storeEmailChangeTokens(
  db: Queryable,
  userId: string,
  newEmail: string,
  askCurrent: boolean,
): Promise<{ current?: string; next: string }> {
  const next = randomBytes(24).toString('base64url');
  const current = askCurrent ? randomBytes(24).toString('base64url') : undefined;
  await db.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_confirm_status = 0, email_change_sent_at = now()
     where id = $1`,
    [userId, newEmail, hashToken(next), current ? hashToken(current) : ''],
  );
  return { current, next };
}

/**
 * Consumes one of the two e-mail change links in one statement. The change is applied (the new
 * address moves into place) only by the link that finds the other one already followed; the
 * first of the two only records that its address agreed. Returns the user's id and whether the
 * change was applied, or undefined when the token is unknown, used or expired.
 */
export async function redeemEmailChangeToken(
  db: Queryable,
  token: string,
): Promise<{ userId: string; applied: boolean } | undefined> {
  if (token === '') return undefined;
  const { lifetime } = LINKS.email_change;
  // Evaluated on the row as it is before this update (and again on a concurrent click's result).
  const done = `(coalesce(email_change_token_current, '') in ($1, '') and coalesce(email_change_token_new, '') in ($1, ''))`;
  const { rows } = await db.query<{ id: string; applied: boolean }>(
    `update auth.users set
       email = case when ${done} then email_change else email end,
       email_change = case when ${done} then '' else email_change end,
       email_change_sent_at = case when ${done} then null else email_change_sent_at end,
       email_change_confirm_status = case when ${done} then 0 else 1 end,
       email_change_token_current =
         case when email_change_token_current = $1 or ${done} then '' else email_change_token_current end,
       email_change_token_new =
         case when email_change_token_new = $1 or ${done} then '' else email_change_token_new end,
       email_confirmed_at = case when ${done} then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
       updated_at = now()
     where (email_change_token_current = $1 or email_change_token_new = $1)
       and email_change_sent_at > now() - interval '${lifetime}' and coalesce(email_change, '') <> ''
     returning id, coalesce(email_change, '') = '' as applied`,
    [hashToken(token)],
  );
  const row = rows[0];
  return row ? { userId: row.id, applied: row.applied } : undefined;
}

/** A six-digit reauthentication code for the user, kept hashed with the user's id. */
export async function storeReauthenticationCode(db: Queryable, userId: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.query(
    'update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1',
    [userId, hashToken(`${userId}:${code}`)],
  );
  return code;
}

/** Consumes the user's reauthentication code when it matches and is fresh; true when it did. */
export async function redeemReauthenticationCode(
  db: Queryable,
  userId: string,
  code: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null
     where id = $1 and reauthentication_token = $2
       and reauthentication_sent_at > now() - interval '${REAUTHENTICATION_LIFETIME}'`,
    [userId, hashToken(`${userId}:${code}`)],
  );
  return (rowCount ?? 0) > 0;
}

/** Ends the user's pending reauthentication code (too many wrong tries). */
export async function dropReauthenticationCode(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`,
    [userId],
  );
}
