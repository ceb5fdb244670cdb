// Login: each demo account lands on its role's home with the spec's success toast; a wrong
// password shows 'Login Failed'; empty fields show the required messages.
import { describe, expect } from 'vitest';
import { DEMO_PASSWORD, e2e, expectPath, expectToast, seeText, submitLogin, visible } from './browser.ts';

const { test } = e2e({ data: 'demo' });

// The toast names the role in the person's language: the demo HR officer works at the
// Ouagadougou site (French by default there) and the Ouagadougou kiosk has French as its
// stored preference; the others are at the Chicago site.
const ACCOUNTS = [
  {
    email: 'admin@demo.test',
    home: '/dashboard',
    toast: 'Login Successful: Redirecting to Admin dashboard...',
  },
  {
    email: 'hr@demo.test',
    home: '/employee-management',
    toast: 'Connexion réussie : redirection vers le tableau de bord RH...',
  },
  {
    email: 'manager@demo.test',
    home: '/manager-portal',
    toast: 'Login Successful: Redirecting to Manager dashboard...',
  },
  {
    email: 'employee@demo.test',
    home: '/employee-portal',
    toast: 'Login Successful: Redirecting to Employee dashboard...',
  },
  {
    email: 'kiosk.us@demo.test',
    home: '/attendance-scanner',
    toast: 'Login Successful: Redirecting to Kiosk dashboard...',
  },
  {
    email: 'kiosk.bf@demo.test',
    home: '/attendance-scanner',
    toast: 'Connexion réussie : redirection vers le tableau de bord Borne...',
  },
] as const;

describe('login', () => {
  for (const account of ACCOUNTS) {
    test(`${account.email} lands on ${account.home}`, async ({ page }) => {
      await page.goto('/login');
      await visible(page.getByRole('heading', { name: 'Login', exact: true }));
      await seeText(page, 'Sign in to your account');
      await submitLogin(page, account.email, DEMO_PASSWORD);
      await expectToast(page, account.toast);
      await expectPath(page, account.home);
    });
  }

  test("antd's styles come from the build's stylesheet, not generated in the browser", async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Login', exact: true });
    await visible(submit);
    // Styled as antd's primary button in the product's colour (src/theme.ts), by rules found in a stylesheet file…
    expect(await submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 118, 110)');
    const fromFile = await page.evaluate(() =>
      [...document.styleSheets].some(
        (sheet) => sheet.href && [...sheet.cssRules].some((r) => r.cssText.includes('.ant-btn')),
      ),
    );
    expect(fromFile).toBe(true);
    // …and no <style> antd generated at run time holds the button's rules (server/antd-styles.ts).
    const generated = await page.evaluate(
      () => [...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('.ant-btn')).length,
    );
    expect(generated).toBe(0);
  });

  test('a wrong password shows Login Failed and stays on the form', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'admin@demo.test', 'not-the-password');
    const toast = await expectToast(page, 'Login Failed');
    // The service's message (or 'Invalid credentials') is the description.
    expect((await toast.textContent())?.replace('Login Failed', '').trim()).not.toBe('');
    // The page's clock (pinned, Playwright's) jumps past the success path's 300 ms redirect delay:
    // a redirect timer, had one been set, fires now; no real time is spent waiting for it.
    await page.clock.runFor(500);
    await expectPath(page, '/login');
    await visible(page.getByLabel('Email', { exact: true }));
  });

  test('empty fields show the required messages and send nothing', async ({ page }) => {
    await page.goto('/login');
    const signIns: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/v1/token')) signIns.push(request.url());
    });
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await seeText(page, 'Please enter your email');
    await seeText(page, 'Please enter your password');
    await expectPath(page, '/login');
    expect(signIns).toEqual([]);
  });

  test('the sign-up link opens Create Employee Account', async ({ page }) => {
    await page.goto('/login');
    await seeText(page, "Don't have an account?");
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await expectPath(page, '/signup');
    await visible(page.getByRole('heading', { name: 'Create Employee Account' }));
  });
});
