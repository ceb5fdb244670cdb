// auth.users rows and the user JSON that supabase-js expects.
import type pg from 'pg';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  /** An address waiting for its confirmation (GoTrue's `new_email`). */
  email_change: string | null;
  email_change_sent_at: Date | null;
  reauthentication_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  banned_until: Date | null;
  created_at: Date;
  updated_at: Date;
  is_anonymous: boolean;
}

type Queryable = Pick<pg.Pool, 'query'>;

const COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  recovery_sent_at, nullif(email_change, '') as email_change, email_change_sent_at, reauthentication_sent_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at, is_anonymous`;

export function userJson(row: UserRow) {
  const iso = (d: Date | null) => (d ? d.toISOString() : undefined);
  return {
    id: row.id,
    aud: row.aud,
    role: row.role,
    email: row.email ?? '',
    email_confirmed_at: iso(row.email_confirmed_at),
    phone: '',
    confirmed_at: iso(row.email_confirmed_at),
    confirmation_sent_at: iso(row.confirmation_sent_at),
    recovery_sent_at: iso(row.recovery_sent_at),
    new_email: row.email_change ?? undefined,
    email_change_sent_at: iso(row.email_change_sent_at),
    reauthentication_sent_at: iso(row.reauthentication_sent_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: row.raw_app_meta_data,
    user_metadata: row.raw_user_meta_data,
    identities: [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    banned_until: iso(row.banned_until),
    is_anonymous: row.is_anonymous,
  };
}

export const isConfirmed = (row: UserRow) => row.email_confirmed_at !== null;

export function isBanned(row: UserRow): boolean {
  return row.banned_until !== null && row.banned_until.getTime() > Date.now();
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${COLUMNS} from auth.users where lower(email) = lower($1)`,
    [email],
  );
  return rows[0];
}

export interface NewUser {
  /** Chosen before the insert so the before-user-created hook sees the id the row will have. */
  id?: string;
  email: string;
  passwordHash: string | null;
  confirmed: boolean;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  bannedUntil?: Date | null;
}

/** Inserts a user; returns undefined when the e-mail is taken (unique index). */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow | undefined> {
  const appMetadata = { provider: 'email', providers: ['email'], ...user.appMetadata };
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_user_meta_data, raw_app_meta_data, banned_until)
     values (coalesce($7::uuid, extensions.gen_random_uuid()), $1, $2, case when $3 then now() end, $4, $5, $6)
     on conflict do nothing
     returning ${COLUMNS}`,
    [
      user.email,
      user.passwordHash,
      user.confirmed,
      user.userMetadata,
      appMetadata,
      user.bannedUntil ?? null,
      user.id ?? null,
    ],
  );
  return rows[0];
}

export interface UserChanges {
  email?: string;
  passwordHash?: string;
  /** Keys merged into user metadata; a null value removes the key (as GoTrue does). */
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  bannedUntil?: Date | null;
  confirmEmail?: boolean;
  signedIn?: boolean;
}

export async function updateUser(db: Queryable, id: string, changes: UserChanges): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `update auth.users set
       email = coalesce($2, email),
       encrypted_password = coalesce($3, encrypted_password),
       raw_user_meta_data = case when $4::jsonb is null then raw_user_meta_data
         else (raw_user_meta_data || $4::jsonb)
           - coalesce((select array_agg(key) from jsonb_each($4::jsonb) where jsonb_typeof(value) = 'null'), '{}') end,
       raw_app_meta_data = case when $5::jsonb is null then raw_app_meta_data
         else (raw_app_meta_data || $5::jsonb)
           - coalesce((select array_agg(key) from jsonb_each($5::jsonb) where jsonb_typeof(value) = 'null'), '{}') end,
       banned_until = case when $6 then $7::timestamptz else banned_until end,
       email_confirmed_at = case when $8 then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
       last_sign_in_at = case when $9 then now() else last_sign_in_at end,
       updated_at = now()
     where id = $1
     returning ${COLUMNS}`,
    [
      id,
      changes.email ?? null,
      changes.passwordHash ?? null,
      changes.userMetadata ?? null,
      changes.appMetadata ?? null,
      changes.bannedUntil !== undefined,
      changes.bannedUntil ?? null,
      changes.confirmEmail ?? false,
      changes.signedIn ?? false,
    ],
  );
  if (!rows[0]) throw new Error(`user ${id} vanished during update`);
  return rows[0];
}

export async function listUsers(db: Queryable, page: number, perPage: number) {
  const [{ rows }, count] = await Promise.all([
    db.query<UserRow>(`select ${COLUMNS} from auth.users order by created_at, id limit $1 offset $2`, [
      perPage,
      (page - 1) * perPage,
    ]),
    db.query<{ n: string }>('select count(*) as n from auth.users'),
  ]);
  return { users: rows, total: Number(count.rows[0]?.n ?? 0) };
}

export async function deleteUser(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.users where id = $1', [id]);
}
