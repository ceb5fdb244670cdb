// A French walk through every screen, as each role: no known English word and no raw i18n key may
// show (issue 25 item 2). One stack; each role signs in once, switches to French, then opens each of
// its screens. With SCREENSHOTS=<dir>, also saves each screen in both languages at 1440×900 and
// 800×1280 (the look is checked by a person, not asserted).
import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { menuFor } from '../../src/domain/access/menu.ts';
import { mayOpen, ROUTES, type Role } from '../../src/domain/access/roles.ts';
import core from '../../src/i18n/locales/en/core.json';
import { e2e, expectPath, logIn, UI_TIMEOUT, visible } from './browser.ts';

const { test, stack } = e2e({ data: 'demo' });

/** A screen of the walk: its address (ids resolved from the demo data) and a name for its screenshot. */
interface Screen {
  path: string;
  name: string;
}
type Ids = Record<'employee' | 'leave', string>;

// Each role's screens: its whole menu (derived from the access module, so a new menu entry is walked
// at once), the show/create/edit pages reached from it, and one address it may not open (the
// no-access page). The kiosk's screens are the kiosk journeys'.
const EXTRA: Record<Exclude<Role, 'kiosk'>, (ids: Ids) => string[]> = {
  admin: (ids) => [
    `/employee-view/${ids.employee}`,
    `/employee-edit/${ids.employee}`,
    '/leave-requests/new',
    `/leave-requests/${ids.leave}`,
    '/manager-portal',
  ],
  hr: (ids) => [
    `/employee-view/${ids.employee}`,
    `/employee-edit/${ids.employee}`,
    '/leave-requests/new',
    `/leave-requests/${ids.leave}`,
    '/dashboard',
  ],
  manager: (ids) => [
    `/employee-view/${ids.employee}`,
    `/employee-edit/${ids.employee}`,
    '/leave-requests/new',
    `/leave-requests/${ids.leave}`,
    '/payroll-management',
    '/employee-portal',
  ],
  employee: () => ['/leave-requests/new', '/dashboard', '/manager-portal'],
};
const ACCOUNTS: Record<Exclude<Role, 'kiosk'>, string> = {
  admin: 'admin@demo.test',
  hr: 'hr@demo.test',
  manager: 'manager@demo.test',
  employee: 'employee@demo.test',
};
// Signed out: the public pages and an unknown address (404).
const PUBLIC = ['/', '/login', '/signup', '/help', '/status', '/reset-password', '/no-such-page'];

function screensOf(role: Exclude<Role, 'kiosk'>, ids: Ids): Screen[] {
  const named = (p: string) => ({
    path: p,
    name:
      p
        .split('/')
        .map((part) => (part === ids.employee || part === ids.leave ? 'id' : part))
        .join('_') || '_',
  });
  return [...menuFor(role), ...EXTRA[role](ids)].map(named);
}

/** The employee and the leave request the show/edit pages open: Emily Brooks (the manager's team) and a request of her department. */
async function demoIds(): Promise<Ids> {
  const db = new pg.Client({ connectionString: stack().databaseUrl });
  await db.connect();
  try {
    const one = async (sql: string) => ((await db.query<{ id: string }>(sql)).rows[0] ?? { id: '' }).id;
    const found = {
      employee: await one(`select id from public.employees where email = 'employee@demo.test'`),
      leave: await one(`select r.id from public.leave_requests r
        join public.employees e on e.id = r.employee_id
        join public.employees m on m.email = 'manager@demo.test' and m.department_id = e.department_id
        order by r.start_date desc, r.id limit 1`),
    };
    // The demo data holds both (supabase/seed): without them the walk would miss a screen.
    expect(found.employee).not.toBe('');
    expect(found.leave).not.toBe('');
    return found;
  } finally {
    await db.end();
  }
}

// Interface words that are English only (never a person's, a department's, a position's or a site's
// name in the demo: 'Payroll Officer' is a position, 'AM' Alex Morgan's initials).
const ENGLISH =
  /\b(Loading|Search|Save|Cancel|Delete|Dashboard|Settings|Reports|Salary|Salaries|Shifts|Logout|Submit|Edit|Approved|Pending|Rejected|Paid|Processed|Draft|No data|Check In|Check Out|Checked in|Checked out|Hours|Today|Week|Employees|Attendance|Status|Add|Close|Yes|No access|Late|On time|Present|Unread|Mark|Payslip|Run|Export|Refresh|Filters?|Department|Month|January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/;
// A raw key: a namespace of src/i18n (the core texts' top-level keys and every other file's name)
// followed by a dotted path.
const NAMESPACES = [
  ...Object.keys(core),
  ...readdirSync(path.join(import.meta.dirname, '../../src/i18n/locales/en'))
    .map((file) => path.basename(file, '.json'))
    .filter((name) => name !== 'core'),
];
const RAW_KEY = new RegExp(`(?<![\\w@./-])(${NAMESPACES.join('|')})\\.[A-Za-z_]+(\\.[A-Za-z_/-]+)*\\b`);

async function settled(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect
    .poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active').count(), { timeout: UI_TIMEOUT })
    .toBe(0);
}

/** The page's words (inputs' placeholders and buttons' labels included), with the line each came from. */
async function visibleWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Data shown as stored (an audit row's values, marked translate="no") is a record, not interface.
    const data = [...document.querySelectorAll<HTMLElement>('[translate="no"]')];
    for (const el of data) el.style.setProperty('display', 'none');
    const lines = document.body.innerText.split('\n');
    for (const el of data) el.style.removeProperty('display');
    for (const el of document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]'))
      // What is not shown is not read either (a closed dialog kept in the page keeps its first labels).
      if (el.getClientRects().length > 0)
        for (const attr of ['placeholder', 'aria-label', 'title'])
          if (el.getAttribute(attr)) lines.push(el.getAttribute(attr)!);
    lines.push(document.title);
    return lines.map((l) => l.trim()).filter(Boolean);
  });
}

/** English words and raw keys among the page's words. */
async function englishOn(page: Page, pathname: string): Promise<string[]> {
  const found: string[] = [];
  for (const line of await visibleWords(page)) {
    const english = ENGLISH.exec(line);
    // An e-mail address (kiosk.us@demo.test) is not a key.
    const key = line.includes('@') ? null : RAW_KEY.exec(line);
    if (english) found.push(`${pathname}: English '${english[0]}' in "${line}"`);
    if (key) found.push(`${pathname}: raw key '${key[0]}' in "${line}"`);
  }
  return found;
}

const routeOf = (pathname: string) =>
  ROUTES.find((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`).test(pathname));

/** Links on the page to a screen the role may not open, or to no screen at all (issue 25 item 3). */
async function deadLinks(page: Page, role: Role, pathname: string): Promise<string[]> {
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .filter((a) => a.getClientRects().length > 0 && a.origin === location.origin)
      .map((a) => a.pathname),
  );
  return hrefs
    .filter((href) => {
      const rule = routeOf(href);
      return !rule || !mayOpen(rule, role);
    })
    .map((href) => `${pathname}: a link to ${href}, which a ${role} may not open`);
}

/** The screen is there: the layout's main area, a portal, the no-access or the 404 page. */
async function shown(page: Page) {
  await visible(
    page.locator(
      'main, [data-testid="employee-portal"], [data-testid="manager-portal"], [data-testid="no-access"], .ant-result, .ant-card, form, h1',
    ),
  );
  await settled(page);
}

async function shoot(page: Page, name: string, language: string) {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  await fs.mkdir(dir, { recursive: true });
  for (const [w, h] of [
    [1440, 900],
    [800, 1280],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await settled(page);
    await page.screenshot({ path: path.join(dir, `${name}_${language}_${w}x${h}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function switchLanguage(page: Page, label: 'Français' | 'English') {
  await page.getByTestId('language-switch').getByText(label, { exact: true }).first().click();
}

let ids: Ids;
beforeAll(async () => {
  ids = await demoIds();
});

describe('French that is French', () => {
  test('signed out: the public pages and the 404 in French', { timeout: 300_000 }, async ({ page }) => {
    await page.goto('/');
    await settled(page);
    await switchLanguage(page, 'Français');
    const found: string[] = [];
    for (const language of process.env.SCREENSHOTS ? ['fr', 'en'] : ['fr']) {
      if (language === 'en') {
        // From the landing page: the 404 has no language switch.
        await page.goto('/');
        await shown(page);
        await switchLanguage(page, 'English');
      }
      for (const pathname of PUBLIC) {
        await page.goto(pathname);
        await shown(page);
        if (language === 'fr') found.push(...(await englishOn(page, pathname)));
        await shoot(page, `public${pathname.replace(/\//g, '_')}`, language);
      }
    }
    expect(found).toEqual([]);
  });

  // The kiosks' screen, for the screenshots only (the kiosk journeys check its French).
  test.skipIf(!process.env.SCREENSHOTS)(
    "kiosks: each site's scanner screen, for the screenshots",
    { timeout: 300_000 },
    async ({ page }) => {
      for (const [site, email] of [
        ['us', 'kiosk.us@demo.test'],
        ['bf', 'kiosk.bf@demo.test'],
      ] as const) {
        // Each kiosk speaks its site's language (no switch on the kiosk).
        await logIn(page, email, '/attendance-scanner');
        await shown(page);
        await shoot(page, `kiosk_attendance-scanner`, site);
        await page.context().clearCookies();
        await page.evaluate(() => localStorage.clear());
      }
    },
  );

  for (const [role, email] of Object.entries(ACCOUNTS) as [Exclude<Role, 'kiosk'>, string][]) {
    test(
      `${role}: every screen in French, without English words, raw keys or links to refused screens`,
      { timeout: 600_000 },
      async ({ page }) => {
        const screens = screensOf(role, ids);
        await logIn(page, email, menuFor(role)[0]!);
        await settled(page);
        await switchLanguage(page, 'Français');
        const found: string[] = [];
        for (const { path: pathname, name } of screens) {
          await page.goto(pathname);
          await expectPath(page, pathname);
          await shown(page);
          found.push(...(await englishOn(page, pathname)), ...(await deadLinks(page, role, pathname)));
          await shoot(page, `${role}${name}`, 'fr');
        }
        if (process.env.SCREENSHOTS) {
          // From their home: a portal's refusal page has no language switch.
          await page.goto(screens[0]!.path);
          await shown(page);
          await switchLanguage(page, 'English');
          for (const { path: pathname, name } of screens) {
            await page.goto(pathname);
            await shown(page);
            await shoot(page, `${role}${name}`, 'en');
          }
        }
        expect(found).toEqual([]);
      },
    );
  }
});
