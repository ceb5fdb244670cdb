// A throwaway database with every migration applied (no demo data), for the generators that read
// the schema from Postgres itself: the TypeScript types and the per-object schema files.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from '../../server/stack.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function withMigratedDatabase<T>(use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const stack = await startStack({
    port: 0,
    host: '127.0.0.1',
    supabaseDir: path.join(REPO_ROOT, 'supabase'),
    seed: 'never',
    fast: true,
  });
  try {
    return await use(stack.databaseUrl);
  } finally {
    await stack.stop();
  }
}

/** `--check`: compare with the file on disk and fail when it is stale, instead of writing it. */
export function checkMode(): boolean {
  return process.argv.includes('--check');
}
