import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const TEST_SUPABASE_DIR = path.join(here, 'fixtures', 'supabase');
export const BROKEN_SUPABASE_DIR = path.join(here, 'fixtures', 'broken');
export const REPO_ROOT = path.resolve(here, '..', '..');
export const PRODUCT_SUPABASE_DIR = path.join(REPO_ROOT, 'supabase');
