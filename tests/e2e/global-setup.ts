// Once per run: the production build of the SPA (into a temporary folder, so a build in progress
// in dist/ is never served half-written), the two data directories every file's stack is copied
// from (migrated, and seeded with the demo data around the pinned moment), and the name of the
// run's screenshot folder.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildAppTemplate, buildSpa, REPO } from './app.ts';

let root: string | undefined;

export async function setup(project: TestProject) {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-e2e-run-'));
  // Readable by the 'postgres' system user when the tests run as root.
  await fs.chmod(root, 0o755);
  const distDir = path.join(root, 'dist');
  const templates = { demo: path.join(root, 'demo'), empty: path.join(root, 'empty') };
  // The build is Node's work, the templates mostly PostgreSQL's: side by side on two cores.
  await Promise.all([
    buildSpa(distDir),
    buildAppTemplate(templates.demo, 'demo').then(() => buildAppTemplate(templates.empty, 'empty')),
  ]);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  project.provide('e2eDistDir', distDir);
  project.provide('e2eTemplates', templates);
  project.provide('e2eRunDir', path.join(REPO, 'test-results', `e2e-${stamp}`));
}

export async function teardown() {
  if (root) await fs.rm(root, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The SPA built for this run. */
    e2eDistDir: string;
    /** Data directories to copy for a file's stack, by kind of data (tests/e2e/app.ts buildAppTemplate). */
    e2eTemplates: { demo: string; empty: string };
    /** Where this run's failure screenshots go (created on the first failure). */
    e2eRunDir: string;
  }
}
