// Start-up, restart, shutdown and the gateway's own endpoints.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_JWT_SECRET } from '../../server/config.ts';
import { startEmbeddedPostgres } from '../../server/postgres/embedded.ts';
import { MigrationError } from '../../server/postgres/migrate.ts';
import { startStack, type Stack } from '../../server/stack.ts';
import { api, client } from './helpers.ts';
import { BROKEN_SUPABASE_DIR, REPO_ROOT, TEST_SUPABASE_DIR } from './paths.ts';

const SEEDED_DIR = path.join(TEST_SUPABASE_DIR, '..', 'seeded');
const SPA_DIR = path.join(TEST_SUPABASE_DIR, '..', 'spa');

async function tempRoot() {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-life-'));
  await fs.chmod(root, 0o755);
  return root;
}

/** Runs a query on a stopped stack's data directory by starting only its Postgres. */
async function inspect<T extends pg.QueryResultRow>(dataDir: string, sql: string): Promise<T[]> {
  const postgres = await startEmbeddedPostgres({ dataDir, fast: true, log: () => undefined });
  const db = new pg.Client(postgres.url);
  await db.connect();
  try {
    return (await db.query<T>(sql)).rows;
  } finally {
    await db.end();
    await postgres.stop();
  }
}

describe('the gateway', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      port: 0,
      host: '127.0.0.1',
      supabaseDir: TEST_SUPABASE_DIR,
      staticDir: SPA_DIR,
      fast: true,
    });
  });
  afterAll(() => stack?.stop());

  it('reports every part healthy', async () => {
    const res = await fetch(`${stack.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      parts: { postgres: 'ok', rest: 'ok', auth: 'ok', realtime: 'ok' },
    });
  });

  it('answers CORS preflights, echoing the requested headers', async () => {
    const res = await fetch(`${stack.url}/rest/v1/notes`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://kiosk.local:5173',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization, apikey, prefer, x-client-info',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://kiosk.local:5173');
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'authorization, apikey, prefer, x-client-info',
    );
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    const auth = await api(stack, '/auth/v1/settings', { headers: { Origin: 'http://kiosk.local:5173' } });
    expect(auth.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
  });

  it('serves the run-time config that lets one build find its API', async () => {
    const res = await fetch(`${stack.url}/runtime-config.json`);
    expect(await res.json()).toEqual({ supabaseUrl: stack.url, anonKey: stack.anonKey });
  });

  it('serves the built SPA with a history fallback and long-lived assets', async () => {
    const home = await fetch(`${stack.url}/`);
    expect(home.headers.get('content-type')).toContain('text/html');
    const page = await home.text();
    expect(page).toContain('SPA fixture');
    const deep = await fetch(`${stack.url}/employees/42/edit`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toBe(page);
    const asset = await fetch(`${stack.url}/assets/app-abc123.js`);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${stack.url}/assets/missing.js`)).status).toBe(404);
    const escape = await fetch(`${stack.url}/..%2f..%2fpackage.json`);
    expect(await escape.text()).not.toContain('"name"');
  });

  it('says plainly when the SPA has not been built', async () => {
    const bare = await startStack({
      port: 0,
      host: '127.0.0.1',
      supabaseDir: TEST_SUPABASE_DIR,
      staticDir: '/nonexistent',
      fast: true,
    });
    try {
      const res = await fetch(`${bare.url}/`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Run npm run build');
    } finally {
      await bare.stop();
    }
  });
});

describe('data across restarts', () => {
  it('keeps data, skips applied migrations and seeds only a fresh database', async () => {
    const root = await tempRoot();
    const dataDir = path.join(root, 'data');
    try {
      const first = await startStack({
        port: 0,
        host: '127.0.0.1',
        dataDir,
        supabaseDir: SEEDED_DIR,
        fast: true,
      });
      expect(first.migrations).toMatchObject({ applied: ['20260101000000_create_visits.sql'], seeded: true });
      expect(
        (await client(first, first.serviceKey).from('visits').insert({ id: 2, label: 'typed in' })).error,
      ).toBeNull();
      await first.stop();

      const second = await startStack({
        port: 0,
        host: '127.0.0.1',
        dataDir,
        supabaseDir: SEEDED_DIR,
        fast: true,
      });
      try {
        expect(second.migrations).toMatchObject({ applied: [], seeded: false });
        const { data } = await client(second, second.serviceKey)
          .from('visits')
          .select('id, label')
          .order('id');
        expect(data).toEqual([
          { id: 1, label: 'from seed.sql' },
          { id: 2, label: 'typed in' },
        ]);
      } finally {
        await second.stop();
      }
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it("drops its replication slot on stop, and a crashed stack's slot on the next start", async () => {
    const root = await tempRoot();
    const dataDir = path.join(root, 'data');
    try {
      const stack = await startStack({
        port: 0,
        host: '127.0.0.1',
        dataDir,
        supabaseDir: SEEDED_DIR,
        fast: true,
      });
      await stack.stop();
      expect(await inspect(dataDir, 'select slot_name from pg_replication_slots')).toEqual([]);
      // What a killed stack leaves behind: an inactive slot of ours.
      await inspect(dataDir, `select pg_create_logical_replication_slot('pointage_rt_1_dead00', 'pgoutput')`);
      const next = await startStack({
        port: 0,
        host: '127.0.0.1',
        dataDir,
        supabaseDir: SEEDED_DIR,
        fast: true,
      });
      const db = new pg.Client(next.databaseUrl);
      await db.connect();
      const slots = (await db.query<{ slot_name: string }>('select slot_name from pg_replication_slots'))
        .rows;
      await db.end();
      await next.stop();
      expect(slots.map((s) => s.slot_name)).not.toContain('pointage_rt_1_dead00');
      expect(slots).toHaveLength(1);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('runs two stacks side by side and refuses a second stack on the same data directory', async () => {
    const root = await tempRoot();
    try {
      const a = await startStack({
        port: 0,
        host: '127.0.0.1',
        dataDir: path.join(root, 'a'),
        supabaseDir: SEEDED_DIR,
        fast: true,
      });
      const b = await startStack({
        port: 0,
        host: '127.0.0.1',
        dataDir: path.join(root, 'b'),
        supabaseDir: SEEDED_DIR,
        fast: true,
      });
      try {
        expect(a.port).not.toBe(b.port);
        expect((await fetch(`${a.url}/health`)).status).toBe(200);
        expect((await fetch(`${b.url}/health`)).status).toBe(200);
        const clash = startStack({
          port: 0,
          host: '127.0.0.1',
          dataDir: path.join(root, 'a'),
          supabaseDir: SEEDED_DIR,
          fast: true,
        });
        await expect(clash).rejects.toThrow(/is used by another running stack/);
        expect((await fetch(`${a.url}/health`)).status).toBe(200);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('works on an existing server given by DATABASE_URL', async () => {
    const root = await tempRoot();
    const postgres = await startEmbeddedPostgres({
      dataDir: path.join(root, 'external'),
      fast: true,
      log: () => undefined,
    });
    try {
      const stack = await startStack({
        port: 0,
        host: '127.0.0.1',
        databaseUrl: postgres.url,
        supabaseDir: SEEDED_DIR,
      });
      try {
        const { data } = await client(stack, stack.serviceKey).from('visits').select('label');
        expect(data).toEqual([{ label: 'from seed.sql' }]);
      } finally {
        await stack.stop();
      }
    } finally {
      await postgres.stop();
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});

describe('a broken migration', () => {
  it('reports the line for a syntax error', async () => {
    const root = await tempRoot();
    try {
      await fs.mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
      await fs.writeFile(
        path.join(root, 'supabase', 'migrations', '20260101000000_typo.sql'),
        'create table ok (id int);\ncreate tabel typo (id int);\n',
      );
      const failure = startStack({
        port: 0,
        host: '127.0.0.1',
        dataDir: path.join(root, 'data'),
        supabaseDir: path.join(root, 'supabase'),
        fast: true,
      });
      await expect(failure).rejects.toThrow(
        'Migration 20260101000000_typo.sql failed at line 2: syntax error at or near "tabel"',
      );
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('stops start-up naming the file and the error, leaving the database as before that file', async () => {
    const root = await tempRoot();
    const dataDir = path.join(root, 'data');
    try {
      const failure = await startStack({
        port: 0,
        host: '127.0.0.1',
        dataDir,
        supabaseDir: BROKEN_SUPABASE_DIR,
        fast: true,
      }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as Error).message).toBe(
        'Migration 20260102000000_create_broken.sql failed: relation "nowhere" does not exist',
      );
      const tables = await inspect<{ table_name: string }>(
        dataDir,
        `select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      );
      expect(tables.map((t) => t.table_name)).toEqual(['good']);
      const ledger = await inspect<{ version: string }>(
        dataDir,
        'select version from supabase_migrations.schema_migrations',
      );
      expect(ledger).toEqual([{ version: '20260101000000' }]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});

describe('npm start (the CLI)', () => {
  function runCli(env: Record<string, string>) {
    const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['server/cli.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, exited, output: () => output };
  }

  it('prints the URL and keys, serves on 127.0.0.1 by default, and stops cleanly on SIGTERM with exit code 0', async () => {
    const root = await tempRoot();
    try {
      const cli = runCli({
        PORT: '0',
        HOST: '', // unset: the default
        JWT_SECRET: '', // unset: the data directory's own
        DATA_DIR: path.join(root, 'data'),
        SUPABASE_DIR: SEEDED_DIR,
        STATIC_DIR: SPA_DIR,
      });
      const deadline = Date.now() + 60_000;
      while (!/running at (http:\/\/\S+)/.test(cli.output()) && Date.now() < deadline) {
        if (cli.child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const url = /running at (http:\/\/\S+)/.exec(cli.output())?.[1];
      expect(url, cli.output()).toBeDefined();
      expect(cli.output()).toContain('Anon key');
      expect(cli.output()).toContain(`Service key    in ${path.join(root, 'data', 'api-keys.json')}`);
      expect(cli.output()).toContain('JWT secret     NEW: made at random for this data directory');
      expect(cli.output()).toContain('Listening on   127.0.0.1 only');
      expect((await fs.stat(path.join(root, 'data', 'jwt-secret'))).mode & 0o777).toBe(0o600);
      const port = new URL(url!).port;
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
      expect(cli.output()).toContain('Stopped.');
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('refuses the public demo secret in production', async () => {
    const cli = runCli({ NODE_ENV: 'production', PORT: '0', JWT_SECRET: DEMO_JWT_SECRET });
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('JWT_SECRET');
  });
});

describe('a server without logical replication', () => {
  it('starts anyway, says realtime is off, and reports itself healthy without it', async () => {
    const root = await tempRoot();
    const dataDir = path.join(root, 'external');
    const postgres = await startEmbeddedPostgres({
      dataDir,
      fast: true,
      log: () => undefined,
      walLevel: 'replica',
    });
    const logs: string[] = [];
    try {
      const stack = await startStack({
        port: 0,
        host: '127.0.0.1',
        databaseUrl: postgres.url,
        supabaseDir: SEEDED_DIR,
        log: (l) => logs.push(l),
      });
      try {
        expect(stack.realtimeEnabled).toBe(false);
        expect(logs.join('\n')).toContain('[realtime] OFF: the database has wal_level=replica');
        const health = await fetch(`${stack.url}/health`);
        expect(health.status).toBe(200);
        expect((await health.json()).parts.realtime).toBe('off');
        expect((await client(stack, stack.serviceKey).from('visits').select('label')).data).toEqual([
          { label: 'from seed.sql' },
        ]);
      } finally {
        await stack.stop();
      }
    } finally {
      await postgres.stop();
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
