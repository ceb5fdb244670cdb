// Route guards and the back-office layout, as each role meets them.
import { describe, expect } from 'vitest';
import { e2e, expectPath, expectToast, logIn, seeText, visible } from './browser.ts';

const { test } = e2e({ data: 'demo' });

describe('route guards', () => {
  test('an employee typing /dashboard is sent to /login', async ({ page }) => {
    await logIn(page, 'employee@demo.test', '/employee-portal');
    await page.goto('/dashboard');
    await expectPath(page, '/login');
  });

  test('a manager typing /employee-portal sees the access-denied message', async ({ page }) => {
    await logIn(page, 'manager@demo.test', '/manager-portal');
    await page.goto('/employee-portal');
    await seeText(page, 'Access Denied');
    await seeText(page, 'You are not authorized to access this portal.');
  });

  test('an employee typing /manager-portal is told a manager role is required and sent to /login', async ({
    page,
  }) => {
    await logIn(page, 'employee@demo.test', '/employee-portal');
    await page.goto('/manager-portal');
    await expectToast(page, 'Access denied', 'Manager role is required to access this portal.');
    await expectPath(page, '/login');
  });

  test('a signed-out visitor of a back-office screen is sent to /login', async ({ page }) => {
    await page.goto('/payroll-management');
    await expectPath(page, '/login');
  });
});

describe('the back-office layout', () => {
  test("shows the screen's title and who is signed in; logout says so", async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/settings');
    await visible(page.getByRole('heading', { name: 'System Settings' }));
    await visible(page.getByTestId('identity-name').getByText('Alex Morgan', { exact: true }));
    await visible(page.getByTestId('identity-role').getByText('Admin', { exact: true }));
    await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).click();
    await expectToast(page, 'Logged Out', 'You have been successfully logged out');
    await expectPath(page, '/login');
    // The session is gone: the back office refuses again.
    await page.goto('/settings');
    await expectPath(page, '/login');
  });

  test('HR does not get the admin dashboard in the menu nor by address', async ({ page }) => {
    await logIn(page, 'hr@demo.test', '/employee-management');
    // HR works in French (the Ouagadougou site).
    await visible(page.getByRole('heading', { name: 'Gestion des employés' }));
    const menu = page.getByRole('menu');
    await visible(menu.getByRole('menuitem', { name: 'Gestion de la paie' }));
    expect(await menu.getByRole('menuitem', { name: 'Tableau de bord' }).count()).toBe(0);
    await page.goto('/dashboard');
    await expectPath(page, '/login');
  });
});
