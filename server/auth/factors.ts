// auth.mfa_factors rows and the factor JSON GoTrue puts in `user.factors` (never the secret).
import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'webauthn' | 'phone';
  status: 'unverified' | 'verified';
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  last_challenged_at: Date | null;
}

const COLUMNS = `id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, last_challenged_at`;

export function factorJson(row: FactorRow) {
  return {
    id: row.id,
    friendly_name: row.friendly_name ?? '',
    factor_type: row.factor_type,
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ...(row.last_challenged_at ? { last_challenged_at: row.last_challenged_at.toISOString() } : {}),
  };
}

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `select ${COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

export async function findFactor(db: Queryable, userId: string, factorId: string, lock = false) {
  if (!/^[0-9a-f-]{36}$/i.test(factorId)) return undefined;
  const { rows } = await db.query<FactorRow>(
    `select ${COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [factorId, userId],
  );
  return rows[0];
}

/** `{factors: [...]}` when the user has any, `{}` otherwise (GoTrue omits an empty list). */
export async function factorsField(db: Queryable, userId: string) {
  const factors = await listFactors(db, userId);
  return factors.length > 0 ? { factors: factors.map(factorJson) } : {};
}
