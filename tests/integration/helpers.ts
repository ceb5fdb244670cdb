// Throwaway stacks and supabase-js clients for integration tests.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import ws from 'ws';
import { startStack, type Stack, type StackOptions } from '../../server/stack.ts';
import { TEST_SUPABASE_DIR } from './paths.ts';

export const PASSWORD = 'correct-horse-battery';

/** A fresh stack on a free port, from a copy of the run's migrated template. */
export async function startTestStack(options: StackOptions = {}): Promise<Stack> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-test-'));
  await fs.chmod(root, 0o755);
  const stack = await startStack({
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(root, 'data'),
    templateDir: inject('templateDir'),
    supabaseDir: TEST_SUPABASE_DIR,
    seed: 'never',
    fast: true,
    ...options,
  });
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

/** Signs up a new user and returns a client signed in as them. */
export async function signedInUser(stack: Stack, label?: string) {
  const supabase = client(stack);
  const email = uniqueEmail(label);
  const { data, error } = await supabase.auth.signUp({ email, password: PASSWORD });
  if (error || !data.session || !data.user) throw error ?? new Error('sign-up returned no session');
  return { supabase, email, user: data.user, session: data.session };
}

/** Raw fetch to the gateway with the anon key. */
export function api(stack: Stack, pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', stack.anonKey);
  return fetch(`${stack.url}${pathname}`, { ...init, headers });
}
