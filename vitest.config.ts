import { defineConfig } from 'vitest/config';

// Three projects: fast pure unit tests beside the code, integration tests that start
// throwaway local stacks (real Postgres, PostgREST, auth, realtime), and browser journeys
// (Chromium through playwright-core) against a stack serving the production build.
export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'server/**/*.test.ts',
            'supabase/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/*.test.ts',
          ],
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
          maxWorkers: 2,
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
          // Chromium and a stack already fill two cores: one file at a time.
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
