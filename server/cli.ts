// `npm start`: the whole product on one port with a persistent local database.
import { assertSafeConfig, DEMO_JWT_SECRET, defaultConfig } from './config.ts';
import type { Stack } from './stack.ts';
import { MigrationError } from './postgres/migrate.ts';
import { generateSeedSqlInParallel } from '../supabase/seed/generate.ts';
import { buildIfStale } from './build.ts';
import { startStack } from './stack.ts';

const config = defaultConfig();
// Queued salary payments are released when their date comes (pg_cron does this on Supabase).
config.schedule = [
  { name: 'release due payments', sql: 'select public.release_due_payments()', everySeconds: 300 },
  // Settings → Auto Backup: a daily copy of every table into the data directory (when switched on).
  { name: 'nightly backup', sql: 'select public.run_due_backup()', everySeconds: 900 },
  // Biometric retention (issue 26): templates of people archived or without a punch for the set period.
  { name: 'biometric retention', sql: 'select app.destroy_stale_templates()', everySeconds: 3600 },
];
// A fresh database gets the demo data (SEED=none for an empty system).
config.seedSql = () => {
  config.log('Generating the demo data, with an enrolled fingerprint per employee (first start only)…');
  // The fingerprints are made on one worker thread per core.
  return generateSeedSqlInParallel({
    employees: Number(process.env.SEED_EMPLOYEES ?? 40),
    days: Number(process.env.SEED_DAYS ?? 90),
    fingerprints: process.env.SEED_FINGERPRINTS !== 'none',
    pay: true,
  });
};
const startedAt = Date.now();

const SECRET_LINES: Record<Stack['secretSource'], string> = {
  configured: 'from JWT_SECRET',
  created: 'NEW: made at random for this data directory',
  'data-dir': "this data directory's own",
};

try {
  assertSafeConfig(config);
  if (!process.env.STATIC_DIR) buildIfStale(process.cwd(), config.staticDir, config.log);
  const running: { stack?: Stack } = {};
  // PostgreSQL or PostgREST did not come back after the supervisor's attempts: exit non-zero, so a
  // service manager (systemd Restart=on-failure, a container's restart policy) starts everything again.
  const onFatal = (error: Error) => {
    console.error(`\nStopping: ${error.message}.`);
    void Promise.resolve(running.stack?.stop()).finally(() => process.exit(1));
  };
  const stack = (running.stack = await startStack({ ...config, log: config.log, onFatal }));
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const lines = [
    '',
    `  Pointage is running at ${stack.url}  (started in ${seconds} s)`,
    '',
    `  API URL        ${stack.url}  (REST /rest/v1, auth /auth/v1, realtime /realtime/v1)`,
    `  Health         ${stack.url}/health`,
    `  Anon key       ${stack.anonKey}`,
    `  Service key    in ${stack.keysFile} (mode 0600; for scripts, never for a browser)`,
    stack.jwtSecret === DEMO_JWT_SECRET
      ? '  JWT secret     the PUBLIC Supabase CLI demo secret (JWT_SECRET): for tests only'
      : `  JWT secret     ${SECRET_LINES[stack.secretSource]}${stack.secretSource === 'configured' ? '' : ` (${stack.dataDir}/jwt-secret, mode 0600)`}`,
    `  Listening on   ${config.host}${['127.0.0.1', 'localhost', '::1'].includes(config.host) ? ' only (HOST=0.0.0.0 opens it to the network, see README)' : ''}`,
    `  Database       ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL 17 in ${stack.dataDir}`}`,
    `  Realtime       ${stack.realtimeEnabled ? 'on' : 'OFF (the database does not have wal_level=logical)'}`,
    stack.migrations.seeded
      ? '  Demo data      loaded: admin@demo.test, hr@demo.test, manager@demo.test, employee@demo.test,\n' +
        '                 kiosk.us@demo.test, kiosk.bf@demo.test (password: demo-password)'
      : '',
    '',
    '  Ctrl-C stops everything.',
    '',
  ];
  console.log(lines.join('\n'));
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await stack.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  if (error instanceof MigrationError) {
    console.error(
      `\nStart-up stopped: ${error.message}\nThe database is as it was before ${error.file}; fix the file and start again.`,
    );
  } else {
    console.error(`\nStart-up failed: ${(error as Error).message}`);
  }
  process.exit(1);
}
