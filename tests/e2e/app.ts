// What the browser tests and the web benchmark share, without Vitest: building the SPA,
// starting a throwaway stack that serves it, and launching Debian's Chromium.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { KEYS_FILE, SECRET_FILE } from '../../server/keys.ts';
import { startStack, type Stack, type StackOptions } from '../../server/stack.ts';
import { DEMO_PASSWORD, generateSeedSql } from '../../supabase/seed/generate.ts';
import { clockNow, PINNED_AT, PINNED_CLOCK } from '../clock.ts';

export { DEMO_PASSWORD };

export const REPO = path.resolve(import.meta.dirname, '..', '..');

/** The flags Chromium runs with here (docs/testing.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium with a fresh, throwaway profile (Playwright gives each launch its own user-data-dir). */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  try {
    await fs.access(executablePath);
  } catch {
    throw new Error(
      `Chromium not found at ${executablePath}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/** `vite build` of the SPA into outDir; Vite's output goes to stderr, its errors into the thrown message. */
export async function buildSpa(outDir: string): Promise<void> {
  const vite = path.join(REPO, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'];
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    // Vitest sets NODE_ENV=test, which would give a development build of React and antd.
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`vite build failed (exit ${code}):\n${output.join('')}`);
  if (output.length) process.stderr.write(output.join(''));
}

export interface AppStackOptions {
  /** The built SPA to serve. */
  staticDir: string;
  /** 'demo': the demo accounts and a small generated data set; 'empty': a system nobody has signed up to. */
  data: 'demo' | 'empty';
  /** Supabase's 'Confirm email' off. Default: a sign-up confirms its address through the mail log first. */
  mailerAutoconfirm?: boolean;
  /** Receives the stack's log lines (e.g. the recovery and invitation links the auth service writes). */
  log?: (line: string) => void;
  /**
   * 'pinned' (journeys): the database's clock pinned at PINNED_AT (tests/clock.ts) and the demo
   * data generated around that moment; browsers then pin theirs with pinBrowserClock. 'real': the
   * wall clock (the web and kiosk benchmarks time pages with the browser's real clock).
   */
  clock?: 'pinned' | 'real';
  /**
   * A data directory made by buildAppTemplate for the same `data` (pinned clock): copied instead of
   * running initdb, the migrations and the seed again (the journeys' global setup makes one per run).
   */
  templateDir?: string;
}

/** What the database holds and which clock it reads: the part of a stack a template can carry. */
function dataOptions(data: AppStackOptions['data'], pinned: boolean): StackOptions {
  return {
    supabaseDir: path.join(REPO, 'supabase'),
    fast: true,
    testClock: pinned ? PINNED_CLOCK : undefined,
    ...(data === 'demo'
      ? {
          seed: 'fresh',
          seedSql: () =>
            generateSeedSql({ employees: 20, days: 14, ...(pinned ? { now: new Date(PINNED_AT) } : {}) }),
        }
      : { seed: 'never' }),
  };
}

/**
 * Migrates (and for 'demo' seeds, around the pinned moment) a data directory once, for
 * startAppStack to copy: each copy is a database of its own, with its own JWT secret as a new
 * install has, and its clock pinned again at PINNED_AT when it starts.
 */
export async function buildAppTemplate(dataDir: string, data: AppStackOptions['data']): Promise<void> {
  const stack = await startStack({ port: 0, host: '127.0.0.1', dataDir, ...dataOptions(data, true) });
  await stack.stop();
  for (const file of [SECRET_FILE, KEYS_FILE]) await fs.rm(path.join(dataDir, file));
}

/** Each stack's server log, by URL: the mail log the journeys read links from. */
const logs = new Map<string, string[]>();

/**
 * Follows the newest confirmation link the stack's mail log holds for this address, as the person
 * would from their mailbox (outside the browser, so the page's state is left as it was).
 */
export async function confirmFromMailLog(stack: Stack, email: string): Promise<void> {
  const prefix = `[auth] confirmation link for ${email.toLowerCase()}: `;
  const line = (logs.get(stack.url) ?? []).findLast((l) => l.startsWith(prefix));
  if (!line) throw new Error(`no confirmation link for ${email} in the mail log`);
  const res = await fetch(line.slice(prefix.length), { redirect: 'manual' });
  const fragment = new URLSearchParams(new URL(res.headers.get('location') ?? '', stack.url).hash.slice(1));
  if (fragment.get('type') !== 'signup') {
    throw new Error(`the confirmation link was refused: ${fragment.get('error_description') ?? res.status}`);
  }
}

/** A stack on a free port with a fresh data directory under the system's temp folder. */
export async function startAppStack({
  staticDir,
  data,
  mailerAutoconfirm,
  log,
  clock = 'pinned',
  templateDir,
}: AppStackOptions): Promise<Stack> {
  const pinned = clock === 'pinned';
  if (templateDir && !pinned)
    throw new Error("the journeys' templates are pinned: start a real-clock stack without one");
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-e2e-'));
  // Readable by the 'postgres' system user when the tests run as root.
  await fs.chmod(root, 0o755);
  const lines: string[] = [];
  try {
    const stack = await startStack({
      port: 0,
      host: '127.0.0.1',
      dataDir: path.join(root, 'data'),
      templateDir,
      staticDir,
      mailerAutoconfirm: mailerAutoconfirm ?? false,
      log: (line) => {
        lines.push(line);
        log?.(line);
      },
      ...dataOptions(data, pinned),
    });
    logs.set(stack.url, lines);
    return {
      ...stack,
      stop: async () => {
        logs.delete(stack.url);
        await stack.stop();
        await fs.rm(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await fs.rm(root, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Gives a browser context the stack's pinned clock (Playwright's clock: time flows from there), so
 * that the SPA's "today" is the database's. Call it before the context's first page. Tokens are
 * signed with the real time: a browser clock behind it is harmless to supabase-js.
 */
export async function pinBrowserClock(
  context: BrowserContext,
  stack: { databaseUrl: string },
): Promise<void> {
  await context.clock.install({ time: await clockNow(stack) });
}
