// Once per run: the production build of the SPA (into a temporary folder, so a build in
// progress in dist/ is never served half-written) and the name of the run's screenshot folder.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSpa, REPO } from './app.ts';

let distDir: string | undefined;

export async function setup(project: TestProject) {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-e2e-dist-'));
  await fs.chmod(distDir, 0o755);
  await buildSpa(distDir);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  project.provide('e2eDistDir', distDir);
  project.provide('e2eRunDir', path.join(REPO, 'test-results', `e2e-${stamp}`));
}

export async function teardown() {
  if (distDir) await fs.rm(distDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The SPA built for this run. */
    e2eDistDir: string;
    /** Where this run's failure screenshots go (created on the first failure). */
    e2eRunDir: string;
  }
}
