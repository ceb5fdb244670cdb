/**
 * Web benchmark: the production build's JavaScript for the first paint of /login and of the
 * kiosk page (/attendance-scanner, signed in as a kiosk), gzipped, and the time from navigation
 * to a usable page in headless Chromium (median of 5 fresh browser contexts each: no cache,
 * no storage but the kiosk's session).
 *
 * "Usable": /login when its e-mail input is visible and enabled; the kiosk page when its title
 * is visible. The time is read in the page (performance.now(), from the navigation's start), so
 * the test driver's polling adds nothing. The JavaScript is every JS response received up to
 * that moment, each body gzipped with zlib.gzipSync (default level).
 *
 * Prints one JSON object on stdout, progress on stderr:  npm run -s bench:web [-- --runs 5]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { createClient } from '@supabase/supabase-js';
import type { Browser, Page, Response } from 'playwright-core';
import ws from 'ws';
import { buildSpa, DEMO_PASSWORD, launchChromium, startAppStack } from '../tests/e2e/app.ts';
import { benchDailyScreens } from './daily-screens.ts';
import { median, round } from './lib/stats.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Math.max(1, Number(args.runs));
const TARGETS = { loginKb: 250, kioskKb: 200 };
const log = (line: string) => process.stderr.write(`[bench:web] ${line}\n`);

/** Resolves with performance.now() in the page (ms since the navigation began) once the page is usable; checked every frame. */
type ReadyCheck = (page: Page) => Promise<number>;

const loginUsable: ReadyCheck = (page) =>
  page
    .waitForFunction(
      () => {
        const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === 'Email');
        const input = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
        if (!(input instanceof HTMLInputElement) || input.disabled || input.readOnly) return false;
        const box = input.getBoundingClientRect();
        const style = getComputedStyle(input);
        const shown = box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
        return shown && Number(style.opacity) > 0 ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);

const titleVisible =
  (title: string): ReadyCheck =>
  (page) =>
    page
      .waitForFunction(
        (text) => {
          const heading = [...document.querySelectorAll('h1, h2, h3')].find(
            (h) => h.textContent?.trim() === text,
          );
          if (!heading) return false;
          const box = heading.getBoundingClientRect();
          return box.width > 0 && box.height > 0 ? performance.now() : false;
        },
        title,
        { polling: 'raf', timeout: 30_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>);

interface Load {
  ms: number;
  kb: number;
  /** Stylesheets received by then (antd's styles rendered at build time: server/antd-styles.ts). */
  cssKb: number;
  files: Array<{ file: string; kb: number }>;
}

/** Loads a page in a fresh context; the gzipped JS it received until it was usable. */
async function load(browser: Browser, url: string, ready: ReadyCheck, storage?: Record<string, string>) {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    if (storage) {
      await context.addInitScript((entries: Record<string, string>) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
    }
    const page = await context.newPage();
    const js: Response[] = [];
    const css: Response[] = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      const file = new URL(response.url()).pathname;
      if (/javascript/.test(type) || /\.m?js(\?|$)/.test(file)) js.push(response);
      else if (/text\/css/.test(type) || /\.css(\?|$)/.test(file)) css.push(response);
    });
    await page.goto(url, { waitUntil: 'commit' });
    const ms = await ready(page);
    const needed = js.slice(); // what had arrived when the page became usable
    const files = await Promise.all(
      needed.map(async (response) => ({
        file: new URL(response.url()).pathname,
        kb: zlib.gzipSync(await response.body()).length / 1024,
      })),
    );
    const sheets = await Promise.all(
      css.slice().map(async (r) => zlib.gzipSync(await r.body()).length / 1024),
    );
    const cssKb = sheets.reduce((sum, kb) => sum + kb, 0);
    return { ms, kb: files.reduce((sum, f) => sum + f.kb, 0), cssKb, files } satisfies Load;
  } finally {
    await context.close();
  }
}

function summarise(loads: Load[], target: number) {
  const kb = round(median(loads.map((l) => l.kb)), 1);
  const first = loads[0]!;
  return {
    firstPaintJsKbGzip: kb,
    target: { kb: target, met: kb <= target },
    firstPaintCssKbGzip: round(median(loads.map((l) => l.cssKb)), 1),
    jsFiles: first.files.length,
    largestJsKbGzip: Object.fromEntries(
      [...first.files]
        .sort((a, b) => b.kb - a.kb)
        .slice(0, 5)
        .map((f) => [f.file, round(f.kb, 1)]),
    ),
    usableMs: { median: round(median(loads.map((l) => l.ms))), runs: loads.map((l) => round(l.ms)) },
  };
}

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-bench-web-'));
await fs.chmod(root, 0o755);
const dist = path.join(root, 'dist');
let browser: Browser | undefined;
let stack: Awaited<ReturnType<typeof startAppStack>> | undefined;
try {
  log('building the SPA');
  await buildSpa(dist);
  log('starting a stack with the demo data, and Chromium');
  stack = await startAppStack({ staticDir: dist, data: 'demo', clock: 'real' });
  browser = await launchChromium();

  const logins: Load[] = [];
  for (let i = 0; i < RUNS; i++) logins.push(await load(browser, `${stack.url}/login`, loginUsable));
  log(`/login usable after ${logins.map((r) => round(r.ms)).join(', ')} ms`);

  // The kiosk signed in: its session in local storage, where supabase-js keeps it.
  const supabase = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { data, error } = await supabase.auth.signInWithPassword({
    email: 'kiosk.us@demo.test',
    password: DEMO_PASSWORD,
  });
  if (error || !data.session) throw error ?? new Error('kiosk sign-in failed');
  const storageKey = `sb-${new URL(stack.url).hostname.split('.')[0]}-auth-token`;
  const kiosks: Load[] = [];
  for (let i = 0; i < RUNS; i++) {
    kiosks.push(
      await load(browser, `${stack.url}/attendance-scanner`, titleVisible('Attendance Scanner'), {
        [storageKey]: JSON.stringify(data.session),
      }),
    );
  }
  log(`/attendance-scanner usable after ${kiosks.map((r) => round(r.ms)).join(', ')} ms`);

  // The daily screens on the benchmark data (their own stack; BENCH_DAILY=0 skips them).
  const daily = process.env.BENCH_DAILY === '0' ? null : await benchDailyScreens(browser, dist, log, RUNS);

  const result = {
    benchmark: 'web',
    daily,
    login: { page: '/login (signed out)', ...summarise(logins, TARGETS.loginKb) },
    kiosk: {
      page: '/attendance-scanner (signed in as kiosk.us@demo.test)',
      ...summarise(kiosks, TARGETS.kioskKb),
    },
    machine: {
      node: process.version,
      chromium: browser.version(),
      cpus: os.cpus().length,
      loadavg: os.loadavg().map((x) => round(x)),
    },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  await browser?.close();
  await stack?.stop();
  await fs.rm(root, { recursive: true, force: true });
}
process.exit(0);
