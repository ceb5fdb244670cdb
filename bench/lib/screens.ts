// The page-timing loop of the screen benchmarks (bench/daily-screens.ts, bench/payroll-screens.ts):
// a session signed in once, then fresh browser contexts carrying it, each timing how long after the
// navigation's start the screen's ready element is on screen (performance.now() in the page), and
// counting the rows of every PostgREST answer received until then.
import { createClient, type Session } from '@supabase/supabase-js';
import type { Browser, Page, Response } from 'playwright-core';
import ws from 'ws';
import { DEMO_PASSWORD } from '../../supabase/seed/generate.ts';

export interface BenchStack {
  url: string;
  anonKey: string;
}

/** What the screen's PostgREST answers held: rows in all, the largest answer, how many answers. */
export interface RowsFetched {
  total: number;
  largest: number;
  requests: number;
}

/** A demo account's session on the stack (signed in once, handed to each fresh context). */
export async function demoSession(stack: BenchStack, email: string): Promise<Session> {
  const supabase = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { data, error } = await supabase.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error || !data.session) throw error ?? new Error(`${email}: sign-in failed`);
  return data.session;
}

export interface TimedScreen {
  /** Milliseconds from the navigation's start until `ready` was on screen, one per measured visit. */
  times: number[];
  /** `measure`'s value for each measured visit (empty without `measure`). */
  measured: number[];
  /** The rows of the last measured visit. */
  rows: RowsFetched;
}

/**
 * Visits `path` `runs` times (after `warmUp` unmeasured visits), each in a fresh 1440×900 English
 * context signed in with `session`; `measure` reads one more figure from the page once it is ready.
 */
export async function timeScreen(
  browser: Browser,
  stack: BenchStack,
  session: Session,
  screen: { path: string; ready: string },
  { runs, warmUp = 0, measure }: { runs: number; warmUp?: number; measure?: (page: Page) => Promise<number> },
): Promise<TimedScreen> {
  const storageKey = `sb-${new URL(stack.url).hostname.split('.')[0]}-auth-token`;
  const times: number[] = [];
  const measured: number[] = [];
  let rows: RowsFetched = { total: 0, largest: 0, requests: 0 };
  for (let i = 0; i < warmUp + runs; i++) {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    try {
      await context.addInitScript(
        ([key, value]) => localStorage.setItem(key!, value!),
        [storageKey, JSON.stringify(session)],
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
      if (i < warmUp) continue;
      times.push(ms);
      if (measure) measured.push(await measure(page));
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
  return { times, measured, rows };
}
