// Builds one migrated data directory per test run; each suite copies it instead
// of paying for initdb and migrations again.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../server/stack.ts';
import { PRODUCT_SUPABASE_DIR, TEST_SUPABASE_DIR } from './paths.ts';

let root: string | undefined;

export async function setup(project: TestProject) {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-template-'));
  await fs.chmod(root, 0o755);
  const dataDir = path.join(root, 'data');
  const stack = await startStack({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    supabaseDir: TEST_SUPABASE_DIR,
    seed: 'never',
    fast: true,
  });
  await stack.stop();
  await fs.rm(path.join(dataDir, 'stack.pid'), { force: true });
  project.provide('templateDir', dataDir);
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
