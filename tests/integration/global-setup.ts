// Builds migrated data directories once per test run; each suite copies one instead
// of paying for initdb and migrations again.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { KEYS_FILE, SECRET_FILE } from '../../server/keys.ts';
import { startStack } from '../../server/stack.ts';
import { PRODUCT_SUPABASE_DIR, TEST_SUPABASE_DIR } from './paths.ts';

let root: string | undefined;

export async function setup(project: TestProject) {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-template-'));
  await fs.chmod(root, 0o755);
  const build = async (name: string, supabaseDir: string) => {
    const dataDir = path.join(root!, name);
    const stack = await startStack({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      supabaseDir,
      seed: 'never',
      fast: true,
    });
    await stack.stop();
    // Each stack copied from the template makes its own secret, as a new install does.
    for (const file of [SECRET_FILE, KEYS_FILE]) await fs.rm(path.join(dataDir, file));
    return dataDir;
  };
  // The stack's own small test schema, and the product's migrations (without demo data).
  const [templateDir, productTemplateDir] = await Promise.all([
    build('stack', TEST_SUPABASE_DIR),
    build('product', PRODUCT_SUPABASE_DIR),
  ]);
  project.provide('templateDir', templateDir);
  project.provide('productTemplateDir', productTemplateDir);
}

export async function teardown() {
  if (root) await fs.rm(root, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDir: string;
    productTemplateDir: string;
  }
}
