// The landing page, signed out: its buttons and footer links go where the spec says; the
// screens that need a role end at /login; the footer's help, contact and status pages render.
import { describe, expect } from 'vitest';
import { e2e, expectPath, seeText, visible } from './browser.ts';

const { test } = e2e({ data: 'demo' });

describe('landing page (signed out)', () => {
  test('shows the hero, the features, the figures as written and the footer', async ({ page }) => {
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Attendance you can trust, payroll to the cent' }));
    for (const feature of [
      'Fingerprint attendance',
      'Live attendance tracking with automatic punch in and out',
      'Analytics, reports and data export',
      'Employee database with shift scheduling',
      'Role-based access for employees, managers and admins',
      'Shift management with overtime tracking and alerts',
    ]) {
      await seeText(page, feature);
    }
    for (const figure of ['99.9%', '< 2 s', '24/7', '500+']) await seeText(page, figure);
    await visible(page.getByRole('link', { name: 'support@pointage.example' }));
    await seeText(page, '© 2024 Pointage. All rights reserved.');
  });

  test('the header Login button opens the login form', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectPath(page, '/login');
    await visible(page.getByLabel('Email', { exact: true }));
  });

  // Buttons to screens that need a role: signed out, each ends at the login form.
  for (const [button, target] of [
    ['Start Attendance', '/attendance'],
    ['View Dashboard', '/dashboard'],
    ['Register Employee', '/employee-registration'],
    ['View Reports', '/reports'],
  ] as const) {
    test(`${button} goes to ${target}, which sends a signed-out visitor to /login`, async ({ page }) => {
      await page.goto('/');
      const paths: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
      });
      await page.getByRole('button', { name: button, exact: true }).click();
      await expectPath(page, '/login');
      await visible(page.getByLabel('Email', { exact: true }));
      // It went through the button's own target first (not straight to /login).
      expect(paths).toContain(target);
    });
  }

  for (const [link, target] of [
    ['Dashboard', '/dashboard'],
    ['Attendance Tracking', '/attendance'],
    ['Reports & Analytics', '/reports'],
    ['System Settings', '/settings'],
  ] as const) {
    test(`footer quick link ${link} points to ${target} and ends at /login`, async ({ page }) => {
      await page.goto('/');
      const anchor = page.getByRole('contentinfo').getByRole('link', { name: link, exact: true });
      expect(await anchor.getAttribute('href')).toBe(target);
      await anchor.click();
      await expectPath(page, '/login');
    });
  }

  test('footer Documentation and Help Center open the help page', async ({ page }) => {
    for (const link of ['Documentation', 'Help Center']) {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
      await expectPath(page, '/help');
      await visible(page.getByRole('heading', { name: 'Help Center', level: 1 }));
      await seeText(page, 'How to use Pointage, step by step.');
    }
  });

  test('footer Contact Us opens the help page at its contact section', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us', exact: true }).click();
    await expectPath(page, '/help');
    expect(new URL(page.url()).hash).toBe('#contact');
    const heading = await visible(page.getByRole('heading', { name: 'Contact', exact: true }));
    expect(await heading.getAttribute('id')).toBe('contact');
    await seeText(page, 'Write to support@pointage.example with your name, your site and what happened.');
  });

  test('footer System Status shows the state of every part of the system', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'System Status', exact: true }).click();
    await expectPath(page, '/status');
    await visible(page.getByRole('heading', { name: 'System Status', level: 1 }));
    await visible(page.getByTestId('status-headline').getByText('All systems operational', { exact: true }));
    for (const part of ['postgres', 'rest', 'auth', 'realtime']) {
      await visible(page.getByRole('row', { name: `${part} Working` }));
    }
  });
});
