// Sign-up on a system nobody has signed up to: the first account is the admin; a later one
// that asks for Admin gets an employee account and a pending request.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { confirmFromMailLog } from './app.ts';
import { e2e, expectPath, expectToast, logIn, seeText, submitLogin } from './browser.ts';

// Confirmation required, as on a Supabase project: each person follows the link in the mail log.
const { test, stack } = e2e({ data: 'empty' });
const PASSWORD = 'a-long-password-5';

async function fillSignup(page: Page, email: string, role: 'Admin' | 'Manager' | 'Employee' | null) {
  await page.goto('/signup');
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Email').fill(email);
  await field('Password').fill(PASSWORD);
  await field('First name').fill('Ada');
  await field('Last name').fill('Lovelace');
  await field('Phone').fill('+1 312 555 0100');
  await field('Position').fill('Director');
  await field('Department').fill('Operations');
  await field('Joining date').fill('2026-01-05');
  await field('Joining date').press('Enter');
  if (role) await page.getByRole('radio', { name: role, exact: true }).check();
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
}

describe('sign-up', () => {
  test('refuses a sign-up without a role', async ({ page }) => {
    await fillSignup(page, 'norole@acme.test', null);
    await expectToast(page, 'Missing Role', 'Please select a role.');
    await expectPath(page, '/signup');
  });

  test('makes the first account of an empty system the admin, once its e-mail is confirmed', async ({
    page,
  }) => {
    await fillSignup(page, 'first@acme.test', 'Employee');
    await expectToast(
      page,
      'Account Created',
      'Follow the link we sent to first@acme.test to confirm your address, then log in.',
    );
    await expectPath(page, '/login');
    await confirmFromMailLog(stack(), 'first@acme.test');
    await logIn(page, 'first@acme.test', '/dashboard', PASSWORD);
  });

  test('gives a later sign-up choosing Admin an employee account and a pending request', async ({ page }) => {
    await fillSignup(page, 'second@acme.test', 'Admin');
    await expectToast(
      page,
      'Account Created',
      'Follow the link we sent to second@acme.test to confirm your address, then log in.',
    );
    await confirmFromMailLog(stack(), 'second@acme.test');
    await logIn(page, 'second@acme.test', '/employee-portal', PASSWORD);
    await seeText(page, 'Employee Portal');
  });

  test('before the confirmation, the login page says the e-mail is not confirmed', async ({ page }) => {
    await fillSignup(page, 'third@acme.test', 'Employee');
    await expectToast(page, 'Account Created');
    await expectPath(page, '/login');
    await submitLogin(page, 'third@acme.test', PASSWORD);
    await expectToast(page, 'Login Failed', 'Email not confirmed');
    await expectPath(page, '/login');
  });
});
