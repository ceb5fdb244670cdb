// The Supabase client, typed by the generated schema (database.types.ts, `npm run db:types`). URL and anon key come from the build (VITE_SUPABASE_URL /
// VITE_SUPABASE_ANON_KEY) when set, else from the local stack's /runtime-config.json,
// so one build serves any local stack.
// supabase-js (~50 KB gzipped) loads on demand: public pages paint without it and call
// loadSupabase() when they need it (login, sign-up, the language switch); the signed-in shell
// (RefineShell) waits for it before rendering, so screens inside it may call supabase() at once.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';
import { withStepUp } from './step-up.ts';

export type Db = SupabaseClient<Database>;

let client: Db | undefined;
let loading: Promise<Db> | undefined;

/** Where the project is: the build's variables, else the local stack's /runtime-config.json. */
async function configuration(): Promise<{ url: string; anonKey: string }> {
  const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;
  if (url && anonKey) return { url, anonKey };
  const response = await fetch('/runtime-config.json');
  if (!response.ok)
    throw new Error(`No Supabase configuration: /runtime-config.json answered ${response.status}`);
  const config = (await response.json()) as { supabaseUrl: string; anonKey: string };
  return { url: config.supabaseUrl, anonKey: config.anonKey };
}

async function create(): Promise<Db> {
  const library = import('@supabase/supabase-js');
  const { url, anonKey } = await configuration();
  const { createClient } = await library;
  client = createClient<Database>(url, anonKey, {
    auth: { persistSession: true, autoRefreshToken: true },
    // A sensitive action refused for want of the two-factor code asks for it and is retried.
    global: { fetch: withStepUp((input, init) => fetch(input, init)) },
  });
  return client;
}

/**
 * A client for a window beside the app (the scanner page): the same stored session, but it never
 * refreshes the token itself (refresh tokens are single-use: the app's tab does it).
 */
export async function createPassiveClient(): Promise<Db> {
  const library = import('@supabase/supabase-js');
  const { url, anonKey } = await configuration();
  const { createClient } = await library;
  return createClient<Database>(url, anonKey, { auth: { persistSession: true, autoRefreshToken: false } });
}

export function loadSupabase(): Promise<Db> {
  if (client) return Promise.resolve(client);
  loading ??= create().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export function supabase(): Db {
  if (!client) throw new Error('loadSupabase() must finish first (the signed-in shell waits for it)');
  return client;
}
