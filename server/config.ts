// Keys, secrets and environment for the local stack.
//
// Without JWT_SECRET a data directory gets its own random secret at its first start (keys.ts).
// The Supabase CLI's public demo values below are for tests and benchmarks that pin them.
import { authLimitsFromEnv, type AuthLimits } from './auth/rate-limit.ts';

export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEMO_SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export interface StackConfig {
  /** Gateway port; 0 picks a free one. */
  port: number;
  /** Interface the gateway listens on: 127.0.0.1 unless HOST opens it to a network. */
  host: string;
  /** Where the embedded Postgres keeps its data (ignored when databaseUrl is set). */
  dataDir: string;
  /** An existing Postgres server (superuser URL) instead of the embedded one. */
  databaseUrl?: string;
  /** Signs tokens and keys; unset: the data directory's own random secret (created at first start). */
  jwtSecret?: string;
  /** Access-token lifetime in seconds. */
  jwtExpiry: number;
  /** Folder of the built SPA served at `/`. */
  staticDir: string;
  /** Folder holding `migrations/*.sql` and `seed.sql`. */
  supabaseDir: string;
  /** Seed: 'fresh' only on a new database (default), 'always', or 'never' (also written 'none'). */
  seed: 'fresh' | 'always' | 'never';
  /** SQL run on a schedule by the stack, as pg_cron would on Supabase. */
  schedule?: Array<{ name: string; sql: string; everySeconds: number }>;
  /** Demo data when the project has no supabase/seed.sql (the seed generator). */
  seedSql?: () => string | Promise<string>;
  /** Shortest password accepted by sign-up and password change. */
  minPasswordLength: number;
  /** Failed sign-ins allowed per e-mail and per IP in the rate window before 429. */
  signInFailureLimit: number;
  signInFailureWindowSeconds: number;
  /** Supabase's 'Confirm email' turned off: sign-ups get a session at once. Default false: a sign-up
   *  confirms its address through the link written to the mail log first, as on a Supabase project. */
  mailerAutoconfirm: boolean;
  /** Proxies whose X-Forwarded-For the auth limits believe: addresses or CIDR ranges (default none). */
  trustedProxies: string[];
  /** The auth service's budgets (server/auth/rate-limit.ts); unset ones keep GoTrue's defaults. */
  authLimits: Partial<AuthLimits>;
  /** Public URL printed and used in recovery links; defaults to http://localhost:<port>. */
  siteUrl?: string;
  production: boolean;
  log: (line: string) => void;
}

export function defaultConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  return {
    port: env.PORT ? Number(env.PORT) : 8080,
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR ?? '.data',
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    jwtExpiry: env.JWT_EXPIRY ? Number(env.JWT_EXPIRY) : 3600,
    staticDir: env.STATIC_DIR ?? 'dist',
    supabaseDir: env.SUPABASE_DIR ?? 'supabase',
    seed: parseSeed(env.SEED),
    minPasswordLength: env.MIN_PASSWORD_LENGTH ? Number(env.MIN_PASSWORD_LENGTH) : 8,
    signInFailureLimit: env.SIGNIN_FAILURE_LIMIT ? Number(env.SIGNIN_FAILURE_LIMIT) : 10,
    signInFailureWindowSeconds: 300,
    mailerAutoconfirm: parseBoolean('MAILER_AUTOCONFIRM', env.MAILER_AUTOCONFIRM),
    trustedProxies: (env.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    authLimits: authLimitsFromEnv(env),
    siteUrl: env.SITE_URL || undefined,
    production: env.NODE_ENV === 'production',
    log: (line) => console.log(line),
  };
}

function parseBoolean(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`${name} must be true or false (got "${value}")`);
}

function parseSeed(value: string | undefined): StackConfig['seed'] {
  if (value === undefined || value === '' || value === 'fresh') return 'fresh';
  if (value === 'always' || value === 'never') return value;
  if (value === 'none') return 'never';
  throw new Error(`SEED must be fresh, always, never or none (got "${value}")`);
}

/** Refuses configurations that would be unsafe, with a message saying what to change. */
export function assertSafeConfig(config: StackConfig): void {
  if (config.jwtSecret === undefined) return; // the data directory's own random secret
  if (config.jwtSecret.length < 32) {
    throw new Error('JWT_SECRET must be at least 32 characters long.');
  }
  if (config.production && config.jwtSecret === DEMO_JWT_SECRET) {
    throw new Error(
      'NODE_ENV=production with the public demo JWT secret: set JWT_SECRET to a private random value of 32+ characters.',
    );
  }
}
