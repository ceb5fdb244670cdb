/**
 * Web benchmark: the production build's JavaScript for the first paint of /login and of the
 * kiosk page (/attendance-scanner, signed in as a kiosk), gzipped, and the time from navigation
 * to a usable login form in headless Chromium (median of 5 fresh browser contexts).
 * Prints one JSON object on stdout. npm run -s bench:web
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { createClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import ws from 'ws';
import { buildSpa, DEMO_PASSWORD, launchChromium, startAppStack } from '../tests/e2e/app.ts';
import { median, round } from './lib/stats.ts';

const RUNS = 5;
const TARGETS = { loginKb: 250, kioskKb: 200 };
const log = (line: string) => process.stderr.write(`[bench:web] ${line}\n`);

/** Loads a page in a fresh context and sums the gzipped JavaScript it fetched until `ready`. */
async function firstPaintJs(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  storage?: Record<string, string>,
) {
  const context = await browser.newContext({ locale: 'en-US' });
  if (storage) {
    await context.addInitScript((entries: Record<string, string>) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
  }
  const page = await context.newPage();
  const bodies: Array<Promise<{ url: string; gzip: number }>> = [];
  page.on('response', (response) => {
    if (!/\.m?js(\?|$)/.test(response.url())) return;
    bodies.push(response.body().then((body) => ({ url: response.url(), gzip: zlib.gzipSync(body).length })));
  });
  const started = performance.now();
  await page.goto(url);
  await ready(page);
  const ms = performance.now() - started;
  const files = await Promise.all(bodies);
  await context.close();
  return { ms, kb: files.reduce((sum, f) => sum + f.gzip, 0) / 1024, files: files.length };
}

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-bench-web-'));
await fs.chmod(root, 0o755);
const dist = path.join(root, 'dist');
let browser: Browser | undefined;
const stack = await (async () => {
  log('building the SPA');
  await buildSpa(dist);
  return startAppStack({ staticDir: dist, data: 'demo' });
})();
try {
  browser = await launchChromium();
  const loginReady = (page: Page) => page.getByLabel('Email', { exact: true }).waitFor({ state: 'visible' });

  const logins = [];
  for (let i = 0; i < RUNS; i++) logins.push(await firstPaintJs(browser, `${stack.url}/login`, loginReady));
  log(`login: ${logins.map((r) => round(r.ms)).join(', ')} ms`);

  // The kiosk signed in: its session in local storage, as supabase-js keeps it.
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
  const kiosk = await firstPaintJs(
    browser,
    `${stack.url}/attendance-scanner`,
    (page) => page.getByRole('heading', { name: 'Attendance Scanner' }).waitFor({ state: 'visible' }),
    { [storageKey]: JSON.stringify(data.session) },
  );

  const loginKb = round(logins[0]!.kb, 1);
  const kioskKb = round(kiosk.kb, 1);
  const result = {
    benchmark: 'web',
    login: {
      firstPaintJsKbGzip: loginKb,
      jsFiles: logins[0]!.files,
      usableFormMs: { median: round(median(logins.map((r) => r.ms))), runs: logins.map((r) => round(r.ms)) },
    },
    kiosk: {
      page: '/attendance-scanner (signed in as kiosk.us@demo.test)',
      firstPaintJsKbGzip: kioskKb,
      jsFiles: kiosk.files,
      ms: round(kiosk.ms),
    },
    targets: {
      loginJsKb: { value: loginKb, target: TARGETS.loginKb, met: loginKb <= TARGETS.loginKb },
      kioskJsKb: { value: kioskKb, target: TARGETS.kioskKb, met: kioskKb <= TARGETS.kioskKb },
    },
    machine: { node: process.version, cpus: os.cpus().length, loadavg: os.loadavg().map((x) => round(x)) },
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await browser?.close();
  await stack.stop();
  await fs.rm(root, { recursive: true, force: true });
}
process.exit(0);
