// The Supabase client. URL and anon key come from the build (VITE_SUPABASE_URL /
// VITE_SUPABASE_ANON_KEY) when set, else from the local stack's /runtime-config.json,
// so one build serves any local stack.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

let client: SupabaseClient | undefined;

export async function loadSupabase(): Promise<SupabaseClient> {
  if (client) return client;
  let url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  let anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;
  if (!url || !anonKey) {
    const response = await fetch('/runtime-config.json');
    if (!response.ok)
      throw new Error(`No Supabase configuration: /runtime-config.json answered ${response.status}`);
    const config = (await response.json()) as { supabaseUrl: string; anonKey: string };
    url = config.supabaseUrl;
    anonKey = config.anonKey;
  }
  client = createClient(url, anonKey, { auth: { persistSession: true, autoRefreshToken: true } });
  return client;
}

export function supabase(): SupabaseClient {
  if (!client) throw new Error('loadSupabase() must finish before the app renders');
  return client;
}
