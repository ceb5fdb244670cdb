/**
 * First content of the payroll screens in Chromium (issue 11): the salary list and the payroll run
 * view, each signed in as the admin, read in the page with performance.now() from the navigation's
 * start until the screen's first table row is on screen (median of `runs` fresh contexts). "Rows":
 * every PostgREST answer received until then, JSON arrays counted (no screen downloads a table).
 */
import { createClient } from '@supabase/supabase-js';
import type { Browser, Response } from 'playwright-core';
import ws from 'ws';
import { DEMO_PASSWORD } from '../supabase/seed/generate.ts';
import { median, round } from './lib/stats.ts';

// `data`: the screen's own table request; when it starts tells the shell's part (sign-in check,
// identity, layout, the screen's chunk) from the screen's own (its queries and first render).
export const PAYROLL_SCREENS = [
  {
    path: '/salary-management',
    ready: '[data-testid="salary-management"] .ant-table-row [data-testid="net"]',
    data: '/rest/v1/salary_structures?',
  },
  {
    path: '/payroll-management',
    ready: '[data-testid="payroll-records"] .ant-table-row [data-testid="record-net"]',
    data: '/rest/v1/payroll_records?',
  },
] as const;
export const FIRST_CONTENT_TARGET_MS = 1500;

export async function benchPayrollScreens(
  browser: Browser,
  stack: { url: string; anonKey: string },
  log: (line: string) => void,
  runs = 3,
): Promise<Record<string, unknown>> {
  const storageKey = `sb-${new URL(stack.url).hostname.split('.')[0]}-auth-token`;
  const supabase = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { data, error } = await supabase.auth.signInWithPassword({
    email: 'admin@demo.test',
    password: DEMO_PASSWORD,
  });
  if (error || !data.session) throw error ?? new Error('admin sign-in failed');
  const result: Record<string, unknown> = {};
  for (const screen of PAYROLL_SCREENS) {
    const times: number[] = [];
    const dataStarts: number[] = [];
    let rows = { total: 0, largest: 0, requests: 0 };
    // One warm-up visit (the browser's cache of the SPA's files), then the measured ones.
    for (let i = 0; i <= runs; i++) {
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
        const ms = (await handle.jsonValue()) as number;
        if (i === 0) continue;
        times.push(ms);
        dataStarts.push(
          await page.evaluate(
            (marker) =>
              performance.getEntriesByType('resource').find((e) => e.name.includes(marker))?.startTime ?? NaN,
            screen.data,
          ),
        );
        const counted = await Promise.all(
          answers.map(async (r) => {
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
    log(`${screen.path}: first content after ${times.map((t) => round(t)).join(', ')} ms`);
    result[screen.path] = {
      firstContentMs: { median: ms, runs: times.map((t) => round(t)) },
      // From the navigation's start until the screen asks for its table (shell, identity, chunks).
      screenDataRequestedMs: { median: round(median(dataStarts)), runs: dataStarts.map((t) => round(t)) },
      rowsFetched: rows,
      target: { ms: FIRST_CONTENT_TARGET_MS, met: ms <= FIRST_CONTENT_TARGET_MS },
    };
  }
  return result;
}
