/**
 * The daily screens (issue 10) in the web benchmark: the admin dashboard, attendance tracking, the
 * employee portal and the manager portal, each signed in as its role, on a stack seeded with the
 * benchmark data (BENCH_EMPLOYEES × BENCH_DAYS, default 1000 × 365).
 *
 * "First meaningful content": the screen's first computed figure (or the day's first record) is on
 * screen, read in the page with performance.now() from the navigation's start (median of RUNS fresh
 * contexts). "Rows": every PostgREST answer received until then, JSON arrays counted (the largest
 * answer must stay ≤ 200 rows: no screen downloads a table to count it).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { realtimeCatchUpAt } from './lib/realtime.ts';
import { startStack } from '../server/stack.ts';
import { generateSeedSql } from '../supabase/seed/generate.ts';
import { REPO } from '../tests/e2e/app.ts';
import { demoSession, timeScreen } from './lib/screens.ts';
import { median, round } from './lib/stats.ts';

const SCREENS = [
  {
    path: '/dashboard',
    who: 'admin@demo.test',
    ready: '[data-testid="stat-total"] .ant-statistic-content-value',
  },
  { path: '/attendance', who: 'admin@demo.test', ready: '[data-testid="attendance-table"] .ant-table-row' },
  {
    path: '/employee-portal',
    who: 'employee@demo.test',
    ready: '[data-testid="portal-hours-week"] .ant-statistic-content-value',
  },
  {
    path: '/manager-portal',
    who: 'manager@demo.test',
    ready: '[data-testid="team-members"] .ant-statistic-content-value',
  },
] as const;

const TARGET_MS = 1500;
const MAX_ROWS = 200;

export async function benchDailyScreens(
  browser: Browser,
  distDir: string,
  log: (line: string) => void,
  runs = 5,
): Promise<Record<string, unknown>> {
  const employees = Number(process.env.BENCH_EMPLOYEES ?? 1000);
  const days = Number(process.env.BENCH_DAYS ?? 365);
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-bench-daily-'));
  await fs.chmod(root, 0o755);
  log(`daily screens: seeding ${employees} employees × ${days} days`);
  const stack = await startStack({
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(root, 'data'),
    supabaseDir: path.join(REPO, 'supabase'),
    staticDir: distDir,
    fast: true,
    seed: 'fresh',
    seedSql: () => generateSeedSql({ employees, days }),
  });
  try {
    const catchUp = await realtimeCatchUpAt(stack.databaseUrl);
    log(`daily screens: realtime feed digested the seed in ${catchUp.seconds} s`);
    const result: Record<string, unknown> = { data: { employees, days }, realtimeCatchUp: catchUp };
    for (const screen of SCREENS) {
      const session = await demoSession(stack, screen.who);
      const { times, rows } = await timeScreen(browser, stack, session, screen, { runs });
      const ms = round(median(times));
      log(`${screen.path}: first meaningful content after ${times.map((t) => round(t)).join(', ')} ms`);
      result[screen.path] = {
        as: screen.who,
        firstMeaningfulMs: { median: ms, runs: times.map((t) => round(t)) },
        rowsFetched: rows,
        target: { ms: TARGET_MS, maxRows: MAX_ROWS, met: ms <= TARGET_MS && rows.largest <= MAX_ROWS },
      };
    }
    return result;
  } finally {
    await stack.stop();
    await fs.rm(root, { recursive: true, force: true });
  }
}
