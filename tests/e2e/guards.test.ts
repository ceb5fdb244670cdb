// Route guards and the back-office layout, as each role meets them.
import { describe, expect } from 'vitest';
import { e2e, expectPath, expectToast, logIn, seeText, UI_TIMEOUT, visible } from './browser.ts';

const { test } = e2e({ data: 'demo' });

describe('route guards', () => {
  test('an employee typing /dashboard sees the no-access page and a way home, not the login form', async ({
    page,
  }) => {
    await logIn(page, 'employee@demo.test', '/employee-portal');
    await page.goto('/dashboard');
    await visible(page.getByTestId('no-access'));
    await seeText(page, 'No access');
    await expectPath(page, '/dashboard');
    await page.getByRole('button', { name: 'Go to my home page' }).click();
    await expectPath(page, '/employee-portal');
  });

  test('a manager typing /employee-portal sees the access-denied message', async ({ page }) => {
    await logIn(page, 'manager@demo.test', '/manager-portal');
    await page.goto('/employee-portal');
    await seeText(page, 'Access Denied');
    await seeText(page, 'You are not authorized to access this portal.');
  });

  test('an employee typing /manager-portal is told a manager role is required, with the way home', async ({
    page,
  }) => {
    await logIn(page, 'employee@demo.test', '/employee-portal');
    await page.goto('/manager-portal');
    await seeText(page, 'Manager role is required to access this portal.');
    await page.getByRole('button', { name: 'Go to my home page' }).click();
    await expectPath(page, '/employee-portal');
  });

  test('a signed-out visitor of a back-office screen is sent to /login', async ({ page }) => {
    await page.goto('/payroll-management');
    await expectPath(page, '/login');
  });

  test('a signed-out visitor of the manager portal is told a manager role is required', async ({ page }) => {
    await page.goto('/manager-portal');
    await expectToast(page, 'Access denied', 'Manager role is required to access this portal.');
    await expectPath(page, '/login');
  });

  test('a manager opening a back-office-only address gets the no-access page and finds their portal in the menu', async ({
    page,
  }) => {
    await logIn(page, 'manager@demo.test', '/manager-portal');
    await page.goto('/payroll-management');
    await visible(page.getByTestId('no-access'));
    await expectPath(page, '/payroll-management');
    const menu = page.getByRole('menu');
    // Their home first, then only what a manager may open.
    // The menu fills in as the role's permissions arrive: read it until it is complete.
    const entries = () =>
      menu
        .getByRole('menuitem')
        .allInnerTexts()
        .then((all) => all.map((s) => s.trim()));
    await expect
      .poll(entries, { timeout: UI_TIMEOUT })
      .toEqual(['My team', 'Employees', 'Leave', 'Add employee', 'Shifts', 'Salaries', 'Reports']);
    expect(await page.title()).toBe('Pointage — Payroll Management');
    await menu.getByRole('menuitem', { name: 'My team' }).click();
    await expectPath(page, '/manager-portal');
    // The logo leads home too, never to the public landing page.
    await page.goto('/reports');
    await page.getByTestId('app-logo').click();
    await expectPath(page, '/manager-portal');
  });

  test('signed in, the landing page and the 404 lead only where the role may go', async ({ page }) => {
    await logIn(page, 'employee@demo.test', '/employee-portal');
    await page.goto('/');
    // The header offers their home, not a login they are past; no button to a back-office screen.
    await page.getByRole('button', { name: 'My home page', exact: true }).click();
    await expectPath(page, '/employee-portal');
    await page.goto('/');
    // Once the page knows who is signed in (its header says so), the buttons are the role's.
    await visible(page.getByRole('button', { name: 'My home page', exact: true }));
    await visible(page.getByRole('button', { name: 'View Reports', exact: true }));
    for (const button of ['Login', 'Start Attendance', 'View Dashboard', 'Register Employee'])
      expect(await page.getByRole('button', { name: button, exact: true }).count()).toBe(0);
    const footer = page.locator('footer');
    expect(await footer.getByRole('link', { name: 'Dashboard', exact: true }).count()).toBe(0);
    expect(await footer.getByRole('link', { name: 'System Settings', exact: true }).count()).toBe(0);
    await visible(footer.getByRole('link', { name: 'Reports & Analytics', exact: true }));
    // An unknown address: 'Go back home' is their home, not the public landing page.
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expectPath(page, '/employee-portal');
  });
});

describe('the back-office layout', () => {
  test("shows the screen's title and who is signed in; logout says so", async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/settings');
    await visible(page.getByRole('heading', { name: 'System Settings' }));
    await visible(page.getByTestId('identity-name').getByText('Alex Morgan', { exact: true }));
    await visible(page.getByTestId('identity-role').getByText('Admin', { exact: true }));
    // One Logout, the layout's header's, on every screen.
    expect(await page.getByRole('button', { name: 'Logout', exact: true }).count()).toBe(1);
    await page.locator('header').getByRole('button', { name: 'Logout', exact: true }).click();
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
    // Their home first; short labels with an icon each.
    await expect
      .poll(async () => (await menu.getByRole('menuitem').first().innerText()).trim())
      .toBe('Employés');
    await visible(menu.getByRole('menuitem', { name: 'Paie' }));
    expect(await menu.getByRole('menuitem', { name: 'Tableau de bord' }).count()).toBe(0);
    expect(await menu.locator('.ant-menu-item .anticon').count()).toBe(
      await menu.getByRole('menuitem').count(),
    );
    await page.goto('/dashboard');
    await visible(page.getByTestId('no-access'));
    await seeText(page, 'Accès refusé');
  });
});
