// A French walk through every screen, as each role: no known English word and no raw i18n key may
// show (issue 25 item 2). One stack; each role signs in once, switches to French, then opens each of
// its screens. With SCREENSHOTS=<dir>, also saves each screen in both languages at 1440×900 and
// 800×1280 (the look is checked by a person, not asserted).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { e2e, expectPath, logIn, UI_TIMEOUT, visible } from './browser.ts';

const { test } = e2e({ data: 'demo' });

const SCREENS: Record<string, { email: string; home: string; paths: string[] }> = {
  admin: {
    email: 'admin@demo.test',
    home: '/dashboard',
    paths: [
      '/dashboard',
      '/attendance',
      '/employee-management',
      '/employee-registration',
      '/users-management',
      '/shifts-management',
      '/salary-management',
      '/payroll-management',
      '/reports',
      '/settings',
      '/audit-log',
    ],
  },
  hr: {
    email: 'hr@demo.test',
    home: '/employee-management',
    paths: [
      '/employee-management',
      '/attendance',
      '/payroll-management',
      '/salary-management',
      '/users-management',
    ],
  },
  manager: {
    email: 'manager@demo.test',
    home: '/manager-portal',
    paths: [
      '/manager-portal',
      '/employee-management',
      '/shifts-management',
      '/salary-management',
      '/reports',
      '/payroll-management',
    ],
  },
  employee: {
    email: 'employee@demo.test',
    home: '/employee-portal',
    paths: ['/employee-portal', '/reports', '/dashboard'],
  },
};

// Interface words that are English only (never a person's, a department's, a position's or a site's
// name in the demo: 'Payroll Officer' is a position, 'AM' Alex Morgan's initials).
const ENGLISH =
  /\b(Loading|Search|Save|Cancel|Delete|Dashboard|Settings|Reports|Salary|Salaries|Shifts|Logout|Submit|Edit|Approved|Pending|Rejected|Paid|Processed|Draft|No data|Check In|Check Out|Checked in|Checked out|Hours|Today|Week|Employees|Attendance|Status|Add|Close|Yes|No access|Late|On time|Present|Unread|Mark|Payslip|Run|Export|Refresh|Filters?|Department|Month|January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/;
// A raw key: a namespace of src/i18n followed by a dotted path.
const RAW_KEY =
  /(?<![\w@./-])(accounts|attendance|audit|auditFields|common|dashboard|domains|employees|errors|kiosk|manager|navigation|notifications|payroll|portal|punch|reports|routes|salary|salaryDuties|settings|shifts|twoFactor|users|login|access|app)\.[A-Za-z_]+(\.[A-Za-z_/-]+)*\b/;

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

async function shoot(page: Page, role: string, pathname: string, language: string) {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  await fs.mkdir(dir, { recursive: true });
  const name = `${role}${pathname.replace(/\//g, '_')}`;
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

describe('French that is French', () => {
  for (const [role, { email, home, paths }] of Object.entries(SCREENS)) {
    test(
      `${role}: every screen in French, without English words or raw keys`,
      { timeout: 300_000 },
      async ({ page }) => {
        await logIn(page, email, home);
        await settled(page);
        await switchLanguage(page, 'Français');
        const found: string[] = [];
        for (const pathname of paths) {
          await page.goto(pathname);
          await expectPath(page, pathname);
          await visible(
            page.locator('main, [data-testid="employee-portal"], [data-testid="manager-portal"]'),
          );
          await settled(page);
          for (const line of await visibleWords(page)) {
            const english = ENGLISH.exec(line);
            // An e-mail address (kiosk.us@demo.test) is not a key.
            const key = line.includes('@') ? null : RAW_KEY.exec(line);
            if (english) found.push(`${pathname}: English '${english[0]}' in "${line}"`);
            if (key) found.push(`${pathname}: raw key '${key[0]}' in "${line}"`);
          }
          await shoot(page, role, pathname, 'fr');
        }
        if (process.env.SCREENSHOTS) {
          await switchLanguage(page, 'English');
          for (const pathname of paths) {
            await page.goto(pathname);
            await settled(page);
            await shoot(page, role, pathname, 'en');
          }
        }
        expect(found).toEqual([]);
      },
    );
  }
});
