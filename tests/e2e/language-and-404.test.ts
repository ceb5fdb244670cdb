// French on the login page, kept across a reload; unknown addresses get the 404 page.
import { describe, expect } from 'vitest';
import { e2e, expectPath, seeText, visible } from './browser.ts';

const { test } = e2e({ data: 'demo' });

describe('language', () => {
  test("switching to Français changes the login page's texts, and the choice survives a reload", async ({
    page,
  }) => {
    await page.goto('/login');
    await visible(page.getByRole('heading', { name: 'Login', exact: true }));
    await page.getByTestId('language-switch').getByText('Français', { exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Connexion', exact: true }));
    await seeText(page, 'Connectez-vous à votre compte');
    await visible(page.getByRole('button', { name: 'Se connecter', exact: true }));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Connexion', exact: true }));
    await page.getByTestId('language-switch').getByText('English', { exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Login', exact: true }));
  });
});

describe('not found', () => {
  test('an unknown address shows 404 with a link home, and logs the 404', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/no/such/page');
    await seeText(page, '404');
    await seeText(page, 'Oops! Page not found');
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expectPath(page, '/');
    expect(errors.some((e) => e.includes('404') && e.includes('/no/such/page'))).toBe(true);
  });
});
