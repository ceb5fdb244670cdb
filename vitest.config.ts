import { defineConfig } from 'vitest/config';

// Two projects: fast pure unit tests beside the code, and integration tests that
// start throwaway local stacks (real Postgres, PostgREST, auth, realtime).
export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'supabase/**/*.test.ts'],
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
    ],
  },
});
