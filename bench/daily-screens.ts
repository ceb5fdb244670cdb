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
import { createClient } from '@supabase/supabase-js';
import type { Browser, Response } from 'playwright-core';
import ws from 'ws';
import { startStack } from '../server/stack.ts';
import { DEMO_PASSWORD, generateSeedSql } from '../supabase/seed/generate.ts';
import { REPO } from '../tests/e2e/app.ts';
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
    const storageKey = `sb-${new URL(stack.url).hostname.split('.')[0]}-auth-token`;
    const result: Record<string, unknown> = { data: { employees, days } };
    for (const screen of SCREENS) {
      const supabase = createClient(stack.url, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ws as unknown as typeof WebSocket },
      });
      const { data, error } = await supabase.auth.signInWithPassword({
        email: screen.who,
        password: DEMO_PASSWORD,
      });
      if (error || !data.session) throw error ?? new Error(`${screen.who}: sign-in failed`);
      const times: number[] = [];
      let rows = { total: 0, largest: 0, requests: 0 };
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
        try {
          await context.addInitScript(
            ([key, value]) => localStorage.setItem(key!, value!),
            [storageKey, JSON.stringify(data.session)],
          );
          const page = await context.newPage();
          const answers: Response[] = [];
          page.on('response', (r) => {
            if (new URL(r.url()).pathname.startsWith('/rest/v1/')) answers.push(r);
          });
          await page.goto(`${stack.url}${screen.path}`, { waitUntil: 'commit' });
          const handle = await page.waitForFunction(
            (selector) => {
              const el = document.querySelector(selector);
              if (!el) return false;
              const box = el.getBoundingClientRect();
              return box.width > 0 && box.height > 0 ? performance.now() : false;
            },
            screen.ready,
            { polling: 'raf', timeout: 60_000 },
          );
          times.push((await handle.jsonValue()) as number);
          const counted = await Promise.all(
            answers.slice().map(async (r) => {
              try {
                const body = (await r.json()) as unknown;
                return Array.isArray(body) ? body.length : 1;
              } catch {
                return 0;
              }
            }),
          );
          rows = {
            total: counted.reduce((a, b) => a + b, 0),
            largest: Math.max(0, ...counted),
            requests: counted.length,
          };
        } finally {
          await context.close();
        }
      }
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
