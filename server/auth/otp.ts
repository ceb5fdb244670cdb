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
  type: LinkType,
  newEmail?: string,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const { token: column, sentAt } = LINKS[type];
  await db.query(
    `update auth.users set ${column} = $2, ${sentAt} = now(), email_change = coalesce($3, email_change)
     where id = $1`,
    [userId, hashToken(token), newEmail ?? null],
  );
  return token;
}

/**
 * Consumes a link token in one statement (so two clicks cannot both win) and returns the user's id,
 * or undefined when the token is unknown, used or expired. Following a link proves the address,
 * so it also confirms it; an e-mail change link moves the pending address into place.
 */
export async function redeemLinkToken(
  db: Queryable,
  type: LinkType,
  token: string,
): Promise<string | undefined> {
  if (token === '') return undefined;
  const { token: column, sentAt, lifetime } = LINKS[type];
  const apply =
    type === 'email_change'
      ? `email = email_change, email_change = '', email_change_token_new = '', email_change_sent_at = null,`
      : `${column} = '',`;
  const { rows } = await db.query<{ id: string }>(
    `update auth.users set ${apply} email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where ${column} = $1 and ${sentAt} > now() - interval '${lifetime}'
       ${type === 'email_change' ? `and coalesce(email_change, '') <> ''` : ''}
     returning id`,
    [hashToken(token)],
  );
  return rows[0]?.id;
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
