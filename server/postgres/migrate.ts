// Bootstrap, migrations and seed, as the Supabase CLI applies them:
// each `supabase/migrations/<version>_<name>.sql` once, in file-name order,
// recorded in supabase_migrations.schema_migrations; one transaction per file.
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const BOOTSTRAP = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap.sql');

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly pgMessage: string,
    readonly line?: number,
  ) {
    super(`Migration ${file} failed${line ? ` at line ${line}` : ''}: ${pgMessage}`);
  }
}

export async function bootstrap(client: pg.Client, authenticatorPassword: string): Promise<void> {
  await client.query(await fs.readFile(BOOTSTRAP, 'utf8'));
  await client.query(
    `alter role authenticator with login password ${client.escapeLiteral(authenticatorPassword)}`,
  );
}

export interface MigrationResult {
  applied: string[];
  /** True when no migration had ever been applied before this run. */
  freshDatabase: boolean;
  seeded: boolean;
}

export async function migrate(
  client: pg.Client,
  supabaseDir: string,
  seed: 'fresh' | 'always' | 'never',
  seedSql?: () => string | Promise<string>,
  /** Runs after the migrations, before the seed (the stack sets its test clock there). */
  beforeSeed?: () => Promise<void>,
): Promise<MigrationResult> {
  const { rows } = await client.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const done = new Set(rows.map((r) => r.version));
  const freshDatabase = done.size === 0;
  const dir = path.join(supabaseDir, 'migrations');
  const files = existsSync(dir) ? (await fs.readdir(dir)).filter((f) => f.endsWith('.sql')).sort() : [];
  const applied: string[] = [];
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (!version || done.has(version)) continue;
    const sql = await fs.readFile(path.join(dir, file), 'utf8');
    await inTransaction(client, file, sql, async () => {
      await client.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [version, rest.join('_'), [sql]],
      );
    });
    applied.push(file);
  }
  await beforeSeed?.();
  // supabase/seed.sql if the project has one, else the seed generator.
  const seedFile = path.join(supabaseDir, 'seed.sql');
  const source = existsSync(seedFile) ? async () => fs.readFile(seedFile, 'utf8') : seedSql;
  const runSeed = source !== undefined && (seed === 'always' || (seed === 'fresh' && freshDatabase));
  if (runSeed)
    await inTransaction(client, existsSync(seedFile) ? 'seed.sql' : 'the seed generator', await source());
  if (applied.length > 0 || runSeed) await client.query(`notify pgrst, 'reload schema'`);
  return { applied, freshDatabase, seeded: runSeed };
}

async function inTransaction(client: pg.Client, file: string, sql: string, after?: () => Promise<void>) {
  await client.query('begin');
  try {
    await client.query(sql);
    await after?.();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    const err = error as { message: string; position?: string };
    const line = err.position ? sql.slice(0, Number(err.position)).split('\n').length : undefined;
    throw new MigrationError(file, err.message, line);
  }
}
