// The local stack as one object: Postgres, migrations, PostgREST, auth, realtime
// and the gateway that puts them on one port. Used by `npm start` and by tests.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startMailLog } from './auth/mail.ts';
import { createAuthService } from './auth/service.ts';
import { assertSafeConfig, defaultConfig, type StackConfig } from './config.ts';
import { createFunctions } from './functions/index.ts';
import { createGateway, type GatewayTargets, type PartState } from './gateway/index.ts';
import { apiKeys, dataDirSecret, secretKey, writeKeysFile } from './keys.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './postgres/embedded.ts';
import { bootstrap, migrate, type MigrationResult } from './postgres/migrate.ts';
import { portsOf, startPostgrest, type Postgrest } from './postgrest.ts';
import { startChangeFeed, type ChangeFeed } from './realtime/changes.ts';
import { createRealtimeServer } from './realtime/server.ts';
import { supervise, type RestartPolicy, type Supervisor } from './supervise.ts';

export interface StackOptions extends Partial<Omit<StackConfig, 'log'>> {
  /** Copy this prepared data directory when dataDir does not exist yet (saves initdb in tests). */
  templateDir?: string;
  /** Trade durability for speed: fsync off (throwaway stacks). */
  fast?: boolean;
  log?: (line: string) => void;
  /** PostgreSQL or PostgREST died and did not come back (npm start exits non-zero). Default: log. */
  onFatal?: (error: Error) => void;
  /** How the supervisor restarts a part that exited (tests shorten it). */
  restartPolicy?: RestartPolicy;
  /**
   * Allow a test clock (public.set_test_clock) in this database: test and bench stacks only; with
   * a moment, the clock is pinned there before the seed runs. Without it the database-level setting
   * is removed, so `npm start` keeps the real time.
   */
  testClock?: boolean | TestClock;
}

export interface TestClock {
  /** The moment app.now() returns (ISO 8601), advancing from there unless frozen. */
  at: string;
  frozen?: boolean;
}

export interface Stack {
  url: string;
  port: number;
  anonKey: string;
  serviceKey: string;
  jwtSecret: string;
  /** Where the secret came from: JWT_SECRET (or the options), or the data directory's own file. */
  secretSource: 'configured' | 'created' | 'data-dir';
  /** The data directory's file holding the anon and service keys (mode 0600). */
  keysFile: string;
  /** PostgREST itself, bypassing the gateway (paths without /rest/v1). */
  restUrl: string;
  /** Superuser connection string of the database. */
  databaseUrl: string;
  dataDir: string;
  migrations: MigrationResult;
  realtimeEnabled: boolean;
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const { templateDir, fast, log: logOption, onFatal, restartPolicy, testClock, ...overrides } = options;
  // A test stack without a data directory: a temporary one (it holds the secret even with databaseUrl).
  const throwaway = overrides.dataDir === undefined && options.port === 0;
  const config: StackConfig = {
    ...defaultConfig({}),
    ...(Object.fromEntries(
      Object.entries(overrides).filter(([, v]) => v !== undefined),
    ) as Partial<StackConfig>),
    log: logOption ?? (() => undefined),
  };
  if (throwaway) {
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-stack-'));
    await fs.chmod(tmp, 0o755);
    config.dataDir = path.join(tmp, 'data');
  }
  assertSafeConfig(config);
  const log = config.log;
  const fatal = onFatal ?? ((error: Error) => log(`[stack] ${error.message}: the stack stays down`));
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await Promise.resolve()
        .then(cleanup)
        .catch((error: Error) => log(`[stack] while stopping: ${error.message}`));
    }
    if (throwaway) await fs.rm(path.dirname(config.dataDir), { recursive: true, force: true });
  };

  const parts: Record<'postgres' | 'rest' | 'auth' | 'realtime', PartState> = {
    postgres: 'starting',
    rest: 'starting',
    auth: 'starting',
    realtime: 'starting',
  };
  let pool: pg.Pool | undefined;
  let postgrest: Postgrest | undefined;
  let feed: ChangeFeed | undefined;
  const supervisors: Partial<Record<'postgres' | 'rest', Supervisor>> = {};
  const targets: GatewayTargets = {
    anonKey: '',
    serviceKey: '',
    staticDir: config.staticDir,
    health: async () => {
      if (!pool) return parts;
      // A part being restarted is 'down' (not 'starting'); otherwise each is probed, briefly.
      const restarting = (part: 'postgres' | 'rest') =>
        supervisors[part] !== undefined && supervisors[part].state() !== 'ok';
      const dbOk = !restarting('postgres') && (await withTimeout(pool.query('select 1'), 2_000));
      const ready = async (adminUrl: string) => {
        const response = await fetch(`${adminUrl}/ready`);
        if (!response.ok) throw new Error(`PostgREST is not ready (${response.status})`);
      };
      const restOk =
        postgrest && !restarting('rest') && (await withTimeout(ready(postgrest.adminUrl), 2_000));
      return {
        postgres: dbOk ? 'ok' : 'down',
        rest: postgrest ? (restOk ? 'ok' : 'down') : parts.rest,
        auth: parts.auth === 'ok' ? (dbOk ? 'ok' : 'down') : parts.auth,
        realtime: parts.realtime === 'ok' ? (feed?.connected() && dbOk ? 'ok' : 'down') : parts.realtime,
      };
    },
  };

  try {
    // The port first, so a second stack on the same port fails at once.
    const server = createGateway(targets);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    const port = (server.address() as AddressInfo).port;
    const url = `http://localhost:${port}`;
    const siteUrl = config.siteUrl ?? url;

    if (templateDir && !config.databaseUrl && !existsSync(config.dataDir)) {
      await fs.mkdir(path.dirname(path.resolve(config.dataDir)), { recursive: true });
      execFileSync('cp', ['-a', templateDir, config.dataDir]);
    }

    // Secret and keys: JWT_SECRET, or this data directory's own random secret ------------
    const own = config.jwtSecret === undefined ? await dataDirSecret(config.dataDir) : undefined;
    const jwtSecret = config.jwtSecret ?? own!.secret;
    const secret = secretKey(jwtSecret);
    const keys = await apiKeys(jwtSecret);
    const keysFile = await writeKeysFile(config.dataDir, keys);
    if (own?.created) log(`[stack] made a new random JWT secret for this data directory: ${own.file}`);
    targets.anonKey = keys.anonKey;
    targets.serviceKey = keys.serviceKey;

    // Postgres, restarted by a supervisor when it exits -----------------------------------
    let databaseUrl: string;
    const restartedDb: Array<() => Promise<void>> = [];
    if (config.databaseUrl) {
      databaseUrl = config.databaseUrl;
    } else {
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir: config.dataDir, fast, log });
      cleanups.push(() => embedded.stop());
      const watcher = supervise({
        name: 'PostgreSQL',
        exited: embedded.exited,
        restart: embedded.restart,
        onRestarted: async () => {
          for (const reconnect of restartedDb) await reconnect();
        },
        onGiveUp: fatal,
        log,
        policy: restartPolicy,
      });
      supervisors.postgres = watcher;
      cleanups.push(() => watcher.stop());
      databaseUrl = embedded.url;
    }
    // Idle connections die with the database; the pool drops them and connects again on demand.
    pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
    let poolEnded = false;
    // pool.end() resolves before its sockets close; Postgres stopping next may still cut them.
    pool.on('error', (error) => poolEnded || log(`[stack] database connection error: ${error.message}`));
    // A client checked out of the pool when the database dies emits 'error' too: without a listener
    // that would crash the process (its query, if any, still fails on its own).
    pool.on('connect', (client) =>
      client.on('error', (error) => poolEnded || log(`[stack] database connection lost: ${error.message}`)),
    );
    const poolToEnd = pool;
    cleanups.push(() => {
      poolEnded = true;
      return poolToEnd.end();
    });
    parts.postgres = 'ok';

    // Bootstrap and migrations ---------------------------------------------------
    // Deterministic per secret, so stacks sharing one external server agree on it.
    const authenticatorPassword = createHash('sha256').update(`${jwtSecret}:authenticator`).digest('hex');
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    let migrations: MigrationResult;
    let walLevel: string;
    try {
      await bootstrap(admin, authenticatorPassword);
      migrations = await migrate(admin, config.supabaseDir, config.seed, config.seedSql, () =>
        setTestClock(admin, testClock),
      );
      walLevel = (await admin.query<{ w: string }>(`select current_setting('wal_level') as w`)).rows[0]!.w;
    } finally {
      await admin.end();
    }
    for (const file of migrations.applied) log(`[migrate] applied ${file}`);
    if (migrations.seeded) log('[migrate] loaded the seed data');

    // REST ---------------------------------------------------------------------
    const restDbUri = new URL(databaseUrl);
    restDbUri.username = 'authenticator';
    restDbUri.password = authenticatorPassword;
    const restOptions = { dbUri: restDbUri.toString(), jwtSecret, log };
    let rest = await startPostgrest(restOptions);
    postgrest = rest;
    cleanups.push(() => rest.stop());
    targets.restUrl = rest.url;
    const restWatcher = supervise({
      name: 'PostgREST',
      exited: () => rest.exited,
      restart: async () => {
        rest = await startPostgrest({ ...restOptions, ports: portsOf(rest) });
        postgrest = rest;
        targets.restUrl = rest.url;
      },
      onGiveUp: fatal,
      log,
      policy: restartPolicy,
    });
    supervisors.rest = restWatcher;
    cleanups.push(() => restWatcher.stop());
    parts.rest = 'ok';

    // Auth ---------------------------------------------------------------------
    targets.auth = createAuthService({
      db: pool,
      secret,
      siteUrl: () => siteUrl,
      jwtExpiry: config.jwtExpiry,
      minPasswordLength: config.minPasswordLength,
      signInFailureLimit: config.signInFailureLimit,
      signInFailureWindowSeconds: config.signInFailureWindowSeconds,
      mailerAutoconfirm: config.mailerAutoconfirm,
      trustedProxies: config.trustedProxies,
      limits: config.authLimits,
      log,
    });
    // The mail listener's connection dies with the database: listen again after a restart.
    let stopMailLog = await startMailLog(databaseUrl, () => siteUrl, log);
    cleanups.push(() => stopMailLog());
    restartedDb.push(async () => {
      await withTimeout(stopMailLog(), 1_000);
      stopMailLog = await startMailLog(databaseUrl, () => siteUrl, log);
    });
    parts.auth = 'ok';

    // Function endpoints (Supabase's Edge Functions): they call this gateway back with the keys.
    const loopback = ['0.0.0.0', '::', ''].includes(config.host)
      ? '127.0.0.1'
      : config.host.includes(':')
        ? `[${config.host}]`
        : config.host;
    const functions = createFunctions(() => ({
      supabaseUrl: `http://${loopback}:${port}`,
      anonKey: keys.anonKey,
      serviceKey: keys.serviceKey,
    }));
    cleanups.push(() => functions.close());
    targets.functions = functions;

    // Realtime -------------------------------------------------------------------
    const realtimeEnabled = walLevel === 'logical';
    if (realtimeEnabled) {
      const realtime = createRealtimeServer({ db: pool, secret, log });
      const changes: ChangeFeed = await startChangeFeed(pool, databaseUrl, realtime.dispatch, log);
      feed = changes;
      cleanups.push(async () => {
        realtime.close();
        await changes.stop();
      });
      targets.realtime = realtime;
      parts.realtime = 'ok';
    } else {
      parts.realtime = 'off';
      log(
        `[realtime] OFF: the database has wal_level=${walLevel}; set wal_level=logical and restart it for live updates.`,
      );
    }

    // Scheduled jobs (pg_cron's role on Supabase), as the database owner.
    for (const job of config.schedule ?? []) {
      const db = pool;
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        db.query(job.sql)
          .catch((error: Error) => log(`[schedule] ${job.name}: ${error.message}`))
          .finally(() => (running = false));
      }, job.everySeconds * 1000);
      timer.unref();
      cleanups.push(() => clearInterval(timer));
    }

    return {
      url,
      port,
      anonKey: keys.anonKey,
      serviceKey: keys.serviceKey,
      jwtSecret,
      secretSource: own ? (own.created ? 'created' : 'data-dir') : 'configured',
      keysFile,
      get restUrl() {
        return rest.url;
      },
      databaseUrl,
      dataDir: config.dataDir,
      migrations,
      realtimeEnabled,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** True when `work` resolves within `ms`; false when it rejects or takes longer. */
function withTimeout(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([
    work.then(
      () => true,
      () => false,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

/**
 * The database-level setting app.test_clock that lets public.set_test_clock pin app.now(), and the
 * pinned moment if any (before the seed, so that the demo data is generated around it).
 */
async function setTestClock(admin: pg.Client, clock: StackOptions['testClock']) {
  const database = (await admin.query<{ db: string }>('select current_database() as db')).rows[0]!.db;
  const name = `"${database.replace(/"/g, '""')}"`;
  if (clock) {
    await admin.query(`alter database ${name} set app.test_clock = 'on'`);
    if (typeof clock === 'object') {
      await admin.query('select public.set_test_clock($1, $2)', [clock.at, clock.frozen ?? false]);
    }
    return;
  }
  // A data directory copied from a test template, or a database a test stack used before. Only when
  // set: a DATABASE_URL whose role does not own the database could not reset it, and need not.
  const allowed = await admin.query(
    `select 1 from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase
      where d.datname = current_database() and s.setrole = 0 and 'app.test_clock=on' = any(s.setconfig)`,
  );
  if (allowed.rowCount) await admin.query(`alter database ${name} reset app.test_clock`);
  await admin.query(`select app.unpin_clock()`).catch(() => undefined); // a schema without the clock
}
