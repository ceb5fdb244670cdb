import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { localeTexts } from './server/locale-texts.ts';

/**
 * How many files of a project that start their own stack run at once: the variable if set (e.g.
 * E2E_WORKERS=1), else `quiet` files, or one when the machine is already loaded beyond three
 * runnable processes per core (shared by several people): there another file only cuts each
 * file's share and pushes its waits into timeouts (docs/testing.md).
 */
function stackWorkers(variable: string, quiet: number): number {
  const asked = Number(process.env[variable]);
  if (Number.isInteger(asked) && asked > 0) return asked;
  return os.loadavg()[0]! > 3 * os.availableParallelism() ? 1 : quiet;
}

// Three projects: fast pure unit tests beside the code, integration tests that start
// throwaway local stacks (real Postgres, PostgREST, auth, realtime), and browser journeys
// (Chromium through playwright-core) against a stack serving the production build.
export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        // A namespace's texts in every language (src/i18n/index.ts), as the app's build has them.
        plugins: [localeTexts()],
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'server/**/*.test.ts',
            'supabase/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/*.test.ts',
          ],
          // Several unit tests grow fingers, match them or render antd's CSS: seconds of CPU each,
          // which a loaded two-core machine stretches past vitest's 5 s default (a hang guard only).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each suite starts its own stack; two at a time fit two cores.
          maxWorkers: stackWorkers('INTEGRATION_WORKERS', 2),
          fileParallelism: true,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // Builds the SPA once per run; each file starts its own stack and Chromium.
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at once on a machine of its own: a journey waits on its browser, its stack
          // and antd's animations more than it computes, so a second file fills the idle core.
          // Everything a file starts is its own (stack on free ports, data directory, Chromium
          // profile, clock). See stackWorkers for a machine that is already busy.
          maxWorkers: stackWorkers('E2E_WORKERS', 2),
          fileParallelism: true,
        },
      },
    ],
  },
});
