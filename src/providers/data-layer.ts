// The data layer as the app shell sees it: the Supabase client loads on demand (public pages paint
// without it), and Refine's data and live providers are built on it once it is there.
import { dataProvider, liveProvider } from '@refinedev/supabase';
import { loadSupabase, supabase } from '../data/client.ts';

/** Resolves once the client is loaded: screens inside the signed-in shell may then read at once. */
export function connectDataLayer(): Promise<void> {
  return loadSupabase().then(() => undefined);
}

/** Refine's providers over the typed client (call after connectDataLayer). */
export function refineProviders() {
  const client = supabase();
  return { dataProvider: dataProvider(client), liveProvider: liveProvider(client) };
}
