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
import { apiKeys, secretKey } from './keys.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './postgres/embedded.ts';
import { bootstrap, migrate, type MigrationResult } from './postgres/migrate.ts';
import { startPostgrest, type Postgrest } from './postgrest.ts';
import { startChangeFeed, type ChangeFeed } from './realtime/changes.ts';
import { createRealtimeServer } from './realtime/server.ts';

export interface StackOptions extends Partial<Omit<StackConfig, 'log'>> {
  /** Copy this prepared data directory when dataDir does not exist yet (saves initdb in tests). */
  templateDir?: string;
  /** Trade durability for speed: fsync off (throwaway stacks). */
  fast?: boolean;
  log?: (line: string) => void;
}

export interface Stack {
  url: string;
  port: number;
  anonKey: string;
  serviceKey: string;
  jwtSecret: string;
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
  const { templateDir, fast, log: logOption, ...overrides } = options;
  const throwaway =
    overrides.dataDir === undefined && overrides.databaseUrl === undefined && options.port === 0;
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
  const secret = secretKey(config.jwtSecret);
  const keys = await apiKeys(config.jwtSecret);
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
  let feedRunning = false;
  const targets: GatewayTargets = {
    anonKey: keys.anonKey,
    serviceKey: keys.serviceKey,
    staticDir: config.staticDir,
    health: async () => {
      if (!pool) return parts;
      const dbOk = await pool.query('select 1').then(
        () => true,
        () => false,
      );
      const restOk = postgrest
        ? await fetch(`${postgrest.adminUrl}/ready`).then(
            (r) => r.ok,
            () => false,
          )
        : false;
      return {
        postgres: dbOk ? 'ok' : 'down',
        rest: postgrest ? (restOk ? 'ok' : 'down') : parts.rest,
        auth: parts.auth === 'ok' ? (dbOk ? 'ok' : 'down') : parts.auth,
        realtime: parts.realtime === 'ok' ? (feedRunning && dbOk ? 'ok' : 'down') : parts.realtime,
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

    // Postgres -----------------------------------------------------------------
    let databaseUrl: string;
    if (config.databaseUrl) {
      databaseUrl = config.databaseUrl;
    } else {
      if (templateDir && !existsSync(config.dataDir)) {
        await fs.mkdir(path.dirname(path.resolve(config.dataDir)), { recursive: true });
        execFileSync('cp', ['-a', templateDir, config.dataDir]);
      }
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir: config.dataDir, fast, log });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    let poolEnded = false;
    // pool.end() resolves before its sockets close; Postgres stopping next may still cut them.
    pool.on('error', (error) => poolEnded || log(`[stack] database connection error: ${error.message}`));
    const poolToEnd = pool;
    cleanups.push(() => {
      poolEnded = true;
      return poolToEnd.end();
    });
    parts.postgres = 'ok';

    // Bootstrap and migrations ---------------------------------------------------
    // Deterministic per secret, so stacks sharing one external server agree on it.
    const authenticatorPassword = createHash('sha256')
      .update(`${config.jwtSecret}:authenticator`)
      .digest('hex');
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    let migrations: MigrationResult;
    let walLevel: string;
    try {
      await bootstrap(admin, authenticatorPassword);
      migrations = await migrate(admin, config.supabaseDir, config.seed, config.seedSql);
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
    postgrest = await startPostgrest({ dbUri: restDbUri.toString(), jwtSecret: config.jwtSecret, log });
    const restToStop = postgrest;
    cleanups.push(() => restToStop.stop());
    targets.restUrl = postgrest.url;
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
    cleanups.push(await startMailLog(databaseUrl, () => siteUrl, log));
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
      const feed: ChangeFeed = await startChangeFeed(pool, databaseUrl, realtime.dispatch, log);
      feedRunning = true;
      cleanups.push(async () => {
        feedRunning = false;
        realtime.close();
        await feed.stop();
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
      jwtSecret: config.jwtSecret,
      restUrl: postgrest.url,
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
