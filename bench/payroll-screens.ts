/**
 * First content of the payroll screens in Chromium (issue 11): the salary list and the payroll run
 * view, each signed in as the admin, read in the page with performance.now() from the navigation's
 * start until the screen's first table row is on screen (median of `runs` fresh contexts). "Rows":
 * every PostgREST answer received until then, JSON arrays counted (no screen downloads a table).
 */
import type { Browser } from 'playwright-core';
import { demoSession, timeScreen } from './lib/screens.ts';
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
  const session = await demoSession(stack, 'admin@demo.test');
  const result: Record<string, unknown> = {};
  for (const screen of PAYROLL_SCREENS) {
    // One warm-up visit (the browser's cache of the SPA's files), then the measured ones.
    const {
      times,
      measured: dataStarts,
      rows,
    } = await timeScreen(browser, stack, session, screen, {
      runs,
      warmUp: 1,
      measure: (page) =>
        page.evaluate(
          (marker) =>
            performance.getEntriesByType('resource').find((e) => e.name.includes(marker))?.startTime ?? NaN,
          screen.data,
        ),
    });
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
