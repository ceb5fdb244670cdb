// Which rows a subscriber may see: the same SELECT they could run through PostgREST,
// under their role and JWT claims, so row-level security decides.
import type pg from 'pg';
import type { Change } from './changes.ts';

export interface Identity {
  role: string;
  claims: Record<string, unknown>;
}

/** Roles PostgREST's login role may switch to; any other role sees nothing. */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Returns, for the given rows of one table, the keys (joined with \u0000) of those the identity can select.
 * Rows without a replica-identity key cannot be looked up and count as invisible.
 */
export async function visibleKeys(db: pg.Pool, identity: Identity, rows: Change[]): Promise<Set<string>> {
  const visible = new Set<string>();
  const first = rows[0];
  if (!first || first.key.length === 0 || !API_ROLES.has(identity.role)) return visible;
  const client = await db.connect();
  const lit = (v: string) => client.escapeLiteral(v);
  const keyColumns = first.key.map((k) => `${ident(k.column)}::text`).join(', ');
  const tuple = first.key.map((k) => ident(k.column)).join(', ');
  const values = rows
    .map((row) => `(${row.key.map((k) => `${lit(k.value)}::${ident(k.type)}`).join(', ')})`)
    .join(', ');
  // One round trip: a transaction-local role and claims, then the lookup.
  const sql = [
    'begin',
    `set local role ${ident(identity.role)}`,
    `select set_config('request.jwt.claims', ${lit(JSON.stringify(identity.claims))}, true)`,
    `select concat_ws(E'\\x01', ${keyColumns}) as k from ${ident(first.schema)}.${ident(first.table)} where (${tuple}) in (${values})`,
    'commit',
  ].join(';\n');
  try {
    const results = (await client.query(sql)) as unknown as pg.QueryResult<{ k: string }>[];
    for (const row of results[3]?.rows ?? []) visible.add(row.k);
  } catch {
    // Permission denied (no grant) or a policy error: the subscriber sees nothing.
    await client.query('rollback').catch(() => undefined);
  } finally {
    client.release();
  }
  return visible;
}

export const keyOf = (change: Change) => change.key.map((k) => k.value).join('\x01');
