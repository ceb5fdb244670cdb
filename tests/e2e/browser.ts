// Browser journeys: one Chromium and one throwaway stack per spec file, a fresh browser
// context (no cookies, storage or cache) per test, each role's session made once per file by the
// login form and handed to the file's later tests (logIn), and a full-page screenshot of the page
// as it was when a test failed, in the run's folder (test-results/e2e-<timestamp>/).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, test as base, beforeAll, expect, inject } from 'vitest';
import type { Stack } from '../../server/stack.ts';
import { DEMO_PASSWORD, launchChromium, pinBrowserClock, startAppStack } from './app.ts';

export { DEMO_PASSWORD, pinBrowserClock };

/** How long a page may take to show what a test waits for. */
export const UI_TIMEOUT = 15_000;

export interface E2eOptions {
  /** 'demo': demo accounts and data; 'empty': a system nobody has signed up to yet. */
  data: 'demo' | 'empty';
  /** Supabase's 'Confirm email' off for this file's stack (default: confirmation required). */
  mailerAutoconfirm?: boolean;
  /**
   * 'pinned' (default): the browser's clock is the database's pinned moment. 'real': the browser
   * keeps its own clock, for a file that reads the page's performance measures (Playwright's clock
   * replaces `performance`) and whose screens show only times the database gives them.
   */
  browserClock?: 'pinned' | 'real';
}

/**
 * Call once at the top of a spec file. Starts the file's stack and Chromium, and returns a `test`
 * whose `page` fixture is a new page in a fresh context pointed at the stack (`page.goto('/login')`).
 */
export function e2e(options: E2eOptions) {
  let browser: Browser | undefined;
  let stack: Stack | undefined;
  const stackLog: string[] = [];

  beforeAll(async () => {
    keptSessions.clear();
    const [launched, started] = await Promise.allSettled([
      launchChromium(),
      startAppStack({
        staticDir: inject('e2eDistDir'),
        data: options.data,
        templateDir: inject('e2eTemplates')[options.data],
        log: (line) => stackLog.push(line),
        mailerAutoconfirm: options.mailerAutoconfirm,
      }),
    ]);
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'fulfilled') stack = started.value;
    if (launched.status === 'rejected') throw launched.reason;
    if (started.status === 'rejected') throw started.reason;
    fileStack = stack;
  });

  afterAll(async () => {
    keptSessions.clear();
    fileStack = undefined;
    await browser?.close();
    await stack?.stop();
  });

  const test = base.extend<{ page: Page }>({
    page: async ({ task }, use) => {
      if (!browser || !stack) throw new Error('the browser or the stack did not start (see beforeAll)');
      const context = await browser.newContext({
        baseURL: stack.url,
        // English unless a test switches: the app's first language follows navigator.language.
        locale: 'en-US',
        viewport: { width: 1280, height: 900 },
      });
      context.setDefaultTimeout(UI_TIMEOUT);
      if (options.browserClock !== 'real') await pinBrowserClock(context, stack);
      const page = await context.newPage();
      const log: string[] = [];
      // The gateway's Content-Security-Policy must never block what the app does (issue 23 §8).
      const cspViolations: string[] = [];
      page.on('console', (message) => {
        log.push(`[console.${message.type()}] ${message.text()}`);
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
      });
      page.on('pageerror', (error) => log.push(`[pageerror] ${error.message}`));
      try {
        await use(page);
        expect(cspViolations, 'violations of the Content-Security-Policy').toEqual([]);
      } finally {
        if (task.result?.state === 'fail') await reportFailure(page, `${task.file.name} ${task.name}`, log);
        await context.close();
      }
    },
  });

  return {
    test,
    /** The stack's base URL (after beforeAll). */
    url: (pathname = '/') => `${stack!.url}${pathname}`,
    /** The file's stack (after beforeAll): e.g. its databaseUrl, to check the screen against the data. */
    stack: () => stack!,
    /** The stack's log lines so far: the auth service writes recovery and invitation links there. */
    stackLog: () => stackLog,
  };
}

async function reportFailure(page: Page, name: string, log: string[]): Promise<void> {
  const dir = inject('e2eRunDir');
  const file = path.join(dir, `${name.replace(/[^\w.-]+/g, '_').slice(0, 150)}.png`);
  try {
    await fs.mkdir(dir, { recursive: true });
    await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
    console.error(`[e2e] screenshot of the failed page (${page.url()}): ${file}`);
  } catch (error) {
    console.error(`[e2e] no screenshot for "${name}": ${(error as Error).message}`);
  }
  if (log.length) console.error(`[e2e] the page's console:\n${log.slice(-30).join('\n')}`);
}

// What a person sees ----------------------------------------------------------------------

/** Waits until the locator's first match is visible and returns it. */
export async function visible(locator: Locator): Promise<Locator> {
  const first = locator.first();
  await first.waitFor({ state: 'visible' });
  return first;
}

/**
 * The open antd dialog once its opening animation is over: a click during the zoom can land on
 * nothing on a busy machine (a Save that showed no message at all, once in CI).
 */
export async function settledDialog(page: Page, filter?: string): Promise<Locator> {
  const dialog = await visible(
    filter ? page.getByRole('dialog').filter({ hasText: filter }) : page.getByRole('dialog'),
  );
  await expect
    .poll(() => page.locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter').count(), {
      timeout: UI_TIMEOUT,
    })
    .toBe(0);
  return dialog;
}

/**
 * Clicks `button` (OK by default) on the confirmation (antd `modal.confirm`) titled `title`, once
 * its opening animation is over, and waits for it to close. Playwright checks only the first event
 * of a click against its target: a mousedown on OK while the dialog is in its first, full-size
 * motion phase, then a mouseup after antd shrank it to start zooming in, makes a click on the
 * wrapper, not on OK, and the confirmation stays open (the payroll journey, under load).
 */
export async function confirmDialog(page: Page, title: string, button = 'OK'): Promise<void> {
  const dialog = page
    .locator('.ant-modal-confirm')
    .filter({ has: page.locator('.ant-modal-confirm-title', { hasText: title }) });
  await visible(dialog);
  await expect
    .poll(() => dialog.first().evaluate((modal) => /\bant-zoom-(appear|enter)\b/.test(modal.className)), {
      timeout: UI_TIMEOUT,
    })
    .toBe(false);
  await dialog.first().getByRole('button', { name: button, exact: true }).click();
  await dialog.first().waitFor({ state: 'hidden' });
}

/**
 * Chooses `option` in an antd select (its combobox), typing `search` first when given, and waits
 * until the select shows it. Under load the option list can re-render under the click, so the
 * choice is made again until it holds; an open dropdown is closed afterwards.
 */
export async function chooseOption(
  page: Page,
  combobox: Locator,
  option: string,
  search?: string,
): Promise<void> {
  const select = combobox.locator(
    'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  const chosen = select.locator('.ant-select-selection-item').filter({ hasText: option });
  for (let attempt = 0; (await chosen.count()) === 0; attempt++) {
    if (attempt === 3) throw new Error(`'${option}' could not be chosen in 3 attempts`);
    await combobox.click({ force: true });
    if (search !== undefined) await combobox.fill(search);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await chosen
      .first()
      .waitFor({ state: 'visible', timeout: 2_000 })
      .catch(() => undefined);
  }
  // A multiple select stays open; a closed one must not get the Escape (a dialog would close).
  if ((await combobox.getAttribute('aria-expanded')) === 'true') await combobox.press('Escape');
}

/** Exactly this text somewhere on the page, visible. */
export const seeText = (page: Page, text: string) => visible(page.getByText(text, { exact: true }));

/** The address bar's path reaches `pathname` (client-side redirects included). */
export async function expectPath(page: Page, pathname: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: UI_TIMEOUT }).toBe(pathname);
}

/** An antd notification (the app's toasts) with this title and, if given, this description. */
export async function expectToast(page: Page, title: string, description?: string): Promise<Locator> {
  const notice = await visible(
    page
      .locator('.ant-notification-notice')
      .filter({ has: page.getByText(title, { exact: true }) })
      .filter(description === undefined ? {} : { has: page.getByText(description, { exact: true }) }),
  );
  return notice;
}

/**
 * Fills in the login form and submits it (the page must be on /login). Waits for the form first:
 * right after a sign-up the address is /login while the sign-up form, with its own Email and
 * Password fields, may still be on the screen (they were filled instead, once, under load).
 */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await visible(page.getByRole('button', { name: 'Login', exact: true }));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * The file's stack, for logIn's check that a kept session is still alive. One per file: Vitest
 * runs each file in its own module graph, so two files running at once never share it.
 */
let fileStack: Stack | undefined;

/** The auth entries of localStorage (supabase-js's session) right after a login, by account. */
const keptSessions = new Map<string, Record<string, string>>();

/** supabase-js's storage key for the session: `sb-<project>-auth-token`. */
const SESSION_KEY = /^sb-.+-auth-token$/;

/**
 * Signs in as this account and waits for the role's home page. The file's first login of an
 * account goes through the login form; later tests of the file get the session it made (the same
 * localStorage entries a login writes, in their own fresh context) as long as the auth service
 * still knows it (no sign-out, password change or factor enrolment since), and open the home page
 * directly: the login form is proven once per role per file, not re-typed in every test.
 */
export async function logIn(page: Page, email: string, home: string, password = DEMO_PASSWORD) {
  const account = `${email.toLowerCase()}\n${password}`;
  const kept = keptSessions.get(account);
  if (kept && (await sessionAlive(kept))) {
    // Any document of the app's origin gives access to its localStorage; this one is tiny.
    await page.goto('/runtime-config.json');
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, kept);
    await page.goto(home);
    await expectPath(page, home);
    return;
  }
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expectPath(page, home);
  const entries = await page.evaluate(() => ({ ...localStorage }) as Record<string, string>);
  const session = Object.fromEntries(
    Object.entries(entries).filter(([key]) => SESSION_KEY.test(key) || key === 'pointage.language'),
  );
  if (Object.keys(session).some((key) => SESSION_KEY.test(key))) keptSessions.set(account, session);
}

/** The auth service still accepts the kept session's access token (its session row exists). */
async function sessionAlive(kept: Record<string, string>): Promise<boolean> {
  if (!fileStack) return false;
  const stored = Object.entries(kept).find(([key]) => SESSION_KEY.test(key))?.[1];
  const accessToken = stored ? (JSON.parse(stored) as { access_token?: string }).access_token : undefined;
  if (!accessToken) return false;
  const config = (await (await fetch(`${fileStack.url}/runtime-config.json`)).json()) as {
    supabaseUrl: string;
    anonKey: string;
  };
  const res = await fetch(`${config.supabaseUrl}/auth/v1/user`, {
    headers: { apikey: config.anonKey, authorization: `Bearer ${accessToken}` },
  });
  await res.body?.cancel();
  return res.ok;
}
