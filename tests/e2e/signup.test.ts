// Sign-up on a system nobody has signed up to: the first account is the admin; a later one
// that asks for Admin gets an employee account and a pending request.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { e2e, expectPath, expectToast, logIn, seeText } from './browser.ts';

const { test } = e2e({ data: 'empty' });

async function fillSignup(page: Page, email: string, role: 'Admin' | 'Manager' | 'Employee' | null) {
  await page.goto('/signup');
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Email').fill(email);
  await field('Password').fill('a-long-password');
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

  test('makes the first account of an empty system the admin', async ({ page }) => {
    await fillSignup(page, 'first@acme.test', 'Employee');
    await expectToast(
      page,
      'Account Created',
      'You can now login using your credentials. As the first account of this system, you are its administrator.',
    );
    await expectPath(page, '/login');
    await logIn(page, 'first@acme.test', '/dashboard', 'a-long-password');
  });

  test('gives a later sign-up choosing Admin an employee account and a pending request', async ({ page }) => {
    await fillSignup(page, 'second@acme.test', 'Admin');
    await expectToast(
      page,
      'Account Created',
      'You can now login using your credentials. Your request for the Admin role is waiting for an administrator’s approval.',
    );
    await logIn(page, 'second@acme.test', '/employee-portal', 'a-long-password');
    await seeText(page, 'Employee Portal');
  });
});
