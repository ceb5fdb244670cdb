// npm start serves the built SPA: build it first when the build is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'index.html', 'vite.config.ts', 'public', 'package-lock.json'];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (latest, name) => Math.max(latest, newestChange(path.join(entry, name))),
    stat.mtimeMs,
  );
}

export function buildIfStale(root: string, outDir: string, log: (line: string) => void): void {
  const index = path.join(root, outDir, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestChange(path.join(root, s))));
  if (built >= sources) return;
  log(
    built ? 'The web app changed since its last build: building it…' : 'Building the web app (first start)…',
  );
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('The web app did not build (see the output above).');
}
