// Two-factor sign-in in the browser: the admin enrols a TOTP factor from the user menu (the test
// computes the codes with the same library), signs out, signs in with password and code, and
// approves a salary structure HR created; HR does the same in French and lands on their home.
// Set SCREENSHOTS_DIR to also keep screenshots of the enrolment screen and the login code step.
import path from 'node:path';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, describe, expect } from 'vitest';
import SALARY from '../../src/i18n/locales/en/salary.json';
import EN from '../../src/i18n/locales/en/twoFactor.json';
import FR from '../../src/i18n/locales/fr/twoFactor.json';
import { formatMoney } from '../../src/shared/format/money.ts';
import { totpCode } from '../integration/totp.ts';
import { DEMO_PASSWORD, e2e, expectPath, logIn, settledDialog, visible } from './browser.ts';

const { test, stack } = e2e({ data: 'demo' });

let pool: pg.Pool | undefined;
const db = () => (pool ??= new pg.Pool({ connectionString: stack().databaseUrl, max: 2 }));
afterAll(() => pool?.end());
const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  (await db().query<T>(sql, params)).rows[0]!;

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  for (const [width, height] of [
    [1440, 900],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(dir, `${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Enrols from the user menu; answers the secret. */
async function enrol(page: Page, texts: typeof EN, shot: string): Promise<string> {
  // Just after a sign-in the screen may still be loading on a busy machine: more patience here.
  await page.getByTestId('open-two-factor').click({ timeout: 60_000 });
  const dialog = await settledDialog(page, texts.title);
  await visible(dialog.getByText(texts.statusOff));
  await dialog.getByRole('button', { name: texts.setUp }).click();
  const shown = await (await visible(dialog.getByTestId('two-factor-secret'))).innerText();
  const secret = shown.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await visible(dialog.locator('.ant-qrcode canvas'));
  await screenshot(page, shot);
  await dialog.getByTestId('two-factor-code').fill(totpCode(secret));
  await dialog.getByRole('button', { name: texts.verify }).click();
  await visible(dialog.getByTestId('two-factor-on'));
  await visible(dialog.getByText(texts.statusOn));
  await dialog.locator('.ant-modal-close').click();
  await dialog.waitFor({ state: 'hidden' });
  return secret;
}

const factorStatus = (email: string) =>
  one<{ status: string }>(
    `select f.status from auth.mfa_factors f join auth.users u on u.id = f.user_id where u.email = $1`,
    [email],
  );

async function signInWithCode(page: Page, email: string, secret: string, texts: typeof EN, shot: string) {
  await page.goto('/login');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  const step = await visible(page.getByTestId('login-code-step'));
  await visible(step.getByText(texts.codeDueTitle));
  await screenshot(page, shot);
  // A wrong code is refused on the step, which stays.
  const next = totpCode(secret, 1);
  await page.getByTestId('login-code').fill(next === '000000' ? '000001' : '000000');
  await step.getByRole('button', { name: texts.verify }).click();
  await visible(step.getByText(texts.wrongCode));
  // The enrolment used this step's code; the next step's is accepted (one step of skew) and unused.
  await page.getByTestId('login-code').fill(next);
  await step.getByRole('button', { name: texts.verify }).click();
}

describe('two-factor sign-in', () => {
  test('admin enrols, signs in again with the code, and approves a salary', async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    // The user menu is in every back-office header; the salary screen is where this journey goes.
    await page.goto('/salary-management');
    const secret = await enrol(page, EN, 'enrolment-en');
    expect(await factorStatus('admin@demo.test')).toEqual({ status: 'verified' });

    await page.getByRole('button', { name: 'Logout', exact: true }).first().click();
    await expectPath(page, '/login');
    await signInWithCode(page, 'admin@demo.test', secret, EN, 'login-code-en');
    await expectPath(page, '/dashboard');
    const session = await one<{ aal: string }>(
      `select s.aal from auth.sessions s join auth.users u on u.id = s.user_id
       where u.email = 'admin@demo.test' order by s.created_at desc limit 1`,
    );
    expect(session.aal).toBe('aal2');

    // Separation of duties: HR proposed it, the admin approves.
    const us = await one<{ id: string; name: string }>(
      `select e.id, btrim(e.first_name || ' ' || e.last_name) as name from public.employees e
       join public.sites s on s.id = e.site_id
       where s.country = 'US' and e.role = 'employee' and e.status = 'active'
       order by e.last_name, e.first_name limit 1`,
    );
    const pending = await one<{ id: string }>(
      `insert into public.salary_structures (employee_id, basic_salary, effective_date, created_by)
       values ($1, 4321, '2026-03-02', (select id from public.employees where email = 'hr@demo.test'))
       returning id`,
      [us.id],
    );
    await page.goto('/salary-management');
    const row = page
      .locator('tr')
      .filter({ hasText: formatMoney('4321', 'USD', 'en') })
      .first();
    await row.getByRole('button', { name: SALARY.actions.status }).click({ timeout: 60_000 });
    await (
      await settledDialog(page, SALARY.status.title)
    )
      .getByRole('button', { name: SALARY.status.saveApproval })
      .click();
    await visible(page.getByText(SALARY.status.approvedDone));
    expect(
      await one(`select approval_status from public.salary_structures where id = $1`, [pending.id]),
    ).toEqual({ approval_status: 'approved' });
    // Two back-office sign-ins and the salary screen: longer than one screen's journey.
  }, 150_000);

  test('HR enrols in French and signs in with a code', async ({ page }) => {
    await logIn(page, 'hr@demo.test', '/employee-management');
    const secret = await enrol(page, FR, 'enrolment-fr');
    await page.getByRole('button', { name: 'Déconnexion', exact: true }).first().click();
    await expectPath(page, '/login');
    await signInWithCode(page, 'hr@demo.test', secret, FR, 'login-code-fr');
    await expectPath(page, '/employee-management');
    expect(await factorStatus('hr@demo.test')).toEqual({ status: 'verified' });
  }, 120_000);
});
