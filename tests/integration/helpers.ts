// Throwaway stacks and supabase-js clients for integration tests.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import ws from 'ws';
import { startStack, type Stack, type StackOptions } from '../../server/stack.ts';
import { TEST_SUPABASE_DIR } from './paths.ts';

// A letter, a digit, no known pattern: what the password rule (src/domain/password-policy.ts) accepts.
export const PASSWORD = 'correct-horse-battery-7';

/**
 * Every test file signs up and in dozens of times from 127.0.0.1, which GoTrue's per-address
 * budgets would refuse; the tests of those budgets (auth-security.test.ts) set their own.
 */
export const ROOMY_AUTH_LIMITS: StackOptions['authLimits'] = {
  signInsPerIp: 10_000,
  refreshesPerIp: 10_000,
  signUpsPerIp: 10_000,
  verificationsPerIp: 10_000,
  mailRequestsPerIp: 10_000,
  emailsPerHour: 10_000,
};

/** The server log of each stack started here, by URL: the mail log tests read links from. */
const logs = new Map<string, string[]>();

/**
 * A fresh stack on a free port, from a copy of the run's migrated template. Sign-ups need their
 * e-mail confirmed, as on a Supabase project, unless `mailerAutoconfirm: true` is passed.
 */
export async function startTestStack(options: StackOptions = {}): Promise<Stack> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-test-'));
  await fs.chmod(root, 0o755);
  const lines: string[] = [];
  const { log, authLimits, ...rest } = options;
  const stack = await startStack({
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(root, 'data'),
    templateDir: inject('templateDir'),
    supabaseDir: TEST_SUPABASE_DIR,
    seed: 'never',
    fast: true,
    ...rest,
    authLimits: { ...ROOMY_AUTH_LIMITS, ...authLimits },
    log: (line) => {
      lines.push(line);
      log?.(line);
    },
  });
  logs.set(stack.url, lines);
  return {
    ...stack,
    stop: async () => {
      await stack.stop();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

export function client(stack: Stack, key: string = stack.anonKey): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

let counter = 0;
export const uniqueEmail = (label = 'user') =>
  `${label}.${process.pid}.${Date.now()}.${++counter}@example.test`;

/** The newest line the stack's mail log holds for this kind of e-mail to this address: its link or code. */
export function mailFor(
  stack: Stack,
  kind: 'confirmation' | 'password recovery' | 'email change' | 'reauthentication',
  email: string,
): string {
  const prefix = `[auth] ${kind} ${kind === 'reauthentication' ? 'code' : 'link'} for ${email.toLowerCase()}: `;
  const line = (logs.get(stack.url) ?? []).findLast((l) => l.startsWith(prefix));
  if (!line) throw new Error(`no ${kind} e-mail for ${email} in the mail log`);
  return line.slice(prefix.length);
}

/** The token of a /verify link from the mail log (what supabase-js's verifyOtp takes as token_hash). */
export const linkToken = (link: string) => new URL(link).searchParams.get('token') ?? '';

/**
 * Signs up a new user and returns a client signed in as them. When the stack wants e-mails
 * confirmed, the link from the mail log is followed first, as the person would.
 */
export async function signedInUser(stack: Stack, label?: string) {
  const supabase = client(stack);
  const email = uniqueEmail(label);
  const { data, error } = await supabase.auth.signUp({ email, password: PASSWORD });
  if (error || !data.user) throw error ?? new Error('sign-up returned no user');
  if (data.session) return { supabase, email, user: data.user, session: data.session };
  const token = linkToken(mailFor(stack, 'confirmation', email));
  const confirmed = await supabase.auth.verifyOtp({ type: 'signup', token_hash: token });
  if (confirmed.error || !confirmed.data.session || !confirmed.data.user) {
    throw confirmed.error ?? new Error('confirmation returned no session');
  }
  return { supabase, email, user: confirmed.data.user, session: confirmed.data.session };
}

/** Raw fetch to the gateway with the anon key. */
export function api(stack: Stack, pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', stack.anonKey);
  return fetch(`${stack.url}${pathname}`, { ...init, headers });
}
