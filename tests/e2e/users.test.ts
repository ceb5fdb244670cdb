// Users management as admin and HR (refused to manager, employee and kiosk): counters and filters
// against the database, deactivation effective at once, HR cannot grant admin, a role request
// approved.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import ws from 'ws';
import { confirmFromMailLog } from './app.ts';
import {
  chooseOption,
  DEMO_PASSWORD,
  e2e,
  expectPath,
  expectToast,
  logIn,
  seeText,
  UI_TIMEOUT,
  visible,
} from './browser.ts';

const { test, url, stack } = e2e({ data: 'demo' });

let config: { supabaseUrl: string; anonKey: string };
const newClient = () =>
  createClient(config.supabaseUrl, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
let db: SupabaseClient;
beforeAll(async () => {
  config = (await (await fetch(url('/runtime-config.json'))).json()) as typeof config;
  db = newClient();
  const { error } = await db.auth.signInWithPassword({ email: 'admin@demo.test', password: DEMO_PASSWORD });
  if (error) throw error;
});

async function expectShowing(page: Page, total: number) {
  await expect
    .poll(
      async () => {
        const text = (await page.getByTestId('users-showing').textContent()) ?? '';
        return Number(/of (\d+) users|sur (\d+)/.exec(text)?.slice(1).find(Boolean) ?? -1);
      },
      { timeout: UI_TIMEOUT },
    )
    .toBe(total);
}

async function pickOption(page: Page, label: string, option: string) {
  await chooseOption(page, page.getByRole('combobox', { name: label, exact: true }), option);
}

const confirmPopup = (page: Page) =>
  page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();

describe('users management (admin)', () => {
  test('counters, search and role filter match the database', async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/users-management');
    await visible(page.getByRole('heading', { name: 'Users Management' }));
    const { data: counters } = await db.rpc('account_counters').single<Record<string, number>>();
    for (const key of ['total', 'active', 'admins', 'inactive'] as const) {
      await visible(page.getByTestId(`counter-${key}`).getByText(String(counters![key]), { exact: true }));
    }
    const { data: all } = await db.rpc('list_accounts', { p_limit: 200 });
    await expectShowing(page, all.length);

    const box = page.getByPlaceholder('Search by username, email, first name, last name or employee ID');
    await box.fill('emily');
    await box.press('Enter');
    await expectShowing(page, 1);
    await seeText(page, 'employee@demo.test');
    await box.fill('');

    await pickOption(page, 'Role', 'Kiosk');
    const { data: kiosks } = await db.rpc('list_accounts', { p_role: 'kiosk' });
    await expectShowing(page, kiosks.length);
    await seeText(page, 'kiosk.us@demo.test');
  });

  test('deactivate: the person is refused at their next request and cannot sign in; activate again', async ({
    page,
  }) => {
    const emily = newClient();
    await emily.auth.signInWithPassword({ email: 'employee@demo.test', password: DEMO_PASSWORD });
    expect((await emily.from('employees').select('id')).data).toHaveLength(1);

    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/users-management');
    const box = page.getByPlaceholder('Search by username, email, first name, last name or employee ID');
    await box.fill('employee@demo.test');
    await box.press('Enter');
    await expectShowing(page, 1);
    await page.getByRole('button', { name: 'Deactivate Emily Brooks' }).click();
    await confirmPopup(page);
    await expectToast(page, 'Done', 'Emily Brooks can no longer sign in.');

    // Her still-valid token reads nothing; signing in is refused.
    expect((await emily.from('employees').select('id')).data).toEqual([]);
    const again = await newClient().auth.signInWithPassword({
      email: 'employee@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(again.error?.message).toBe('User is banned');

    await page.getByRole('button', { name: 'Activate Emily Brooks' }).click();
    await confirmPopup(page);
    await expectToast(page, 'Done', 'Emily Brooks can sign in again.');
    const back = await newClient().auth.signInWithPassword({
      email: 'employee@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(back.error).toBeNull();
  });

  test('a sign-up asking for the manager role is approved here', async ({ page }) => {
    const email = `asks.manager.${Date.now()}@demo.test`;
    const { error } = await newClient().auth.signUp({
      email,
      password: 'moussa-manager-2026',
      options: { data: { first_name: 'Moussa', last_name: 'Sawadogo', role: 'manager' } },
    });
    expect(error).toBeNull();
    // The record, and with it the request, exists once the e-mail is confirmed.
    await confirmFromMailLog(stack(), email);
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/users-management');
    await visible(page.getByTestId('role-requests').getByText('Moussa Sawadogo', { exact: true }));
    await page.getByRole('button', { name: 'Approve Moussa Sawadogo' }).click();
    await seeText(page, 'Give Moussa Sawadogo the Manager role?');
    await confirmPopup(page);
    await expectToast(page, 'Done', 'Moussa Sawadogo is now Manager.');
    const { data } = await db.from('employees').select('role').eq('email', email).single();
    expect(data?.role).toBe('manager');
    await seeText(page, 'No pending role request');
  });
});

describe('users management (HR and refusals)', () => {
  test('HR may only grant employee or manager, and sees no actions on admin accounts', async ({ page }) => {
    await logIn(page, 'hr@demo.test', '/employee-management');
    await page.goto('/users-management');
    await visible(page.getByRole('heading', { name: 'Gestion des utilisateurs' }));
    const box = page.getByPlaceholder('Rechercher par identifiant, e-mail, prénom, nom ou ID employé');
    await box.fill('admin@demo.test');
    await box.press('Enter');
    await expectShowing(page, 1);
    await visible(page.getByRole('button', { name: 'Voir Alex Morgan' }));
    expect(await page.getByRole('button', { name: 'Changer le rôle Alex Morgan' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Désactiver Alex Morgan' }).count()).toBe(0);

    await box.fill('employee@demo.test');
    await box.press('Enter');
    await expectShowing(page, 1);
    await page.getByRole('button', { name: 'Changer le rôle Emily Brooks' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('Manager', { exact: true }));
    await visible(dialog.getByText('Employé', { exact: true }));
    expect(await dialog.getByText('Administrateur', { exact: true }).count()).toBe(0);
    expect(await dialog.getByText('RH', { exact: true }).count()).toBe(0);
  });

  for (const [email, home] of [
    ['manager@demo.test', '/manager-portal'],
    ['employee@demo.test', '/employee-portal'],
    ['kiosk.us@demo.test', '/attendance-scanner'],
  ] as const) {
    test(`${email} is refused users management`, async ({ page }) => {
      await logIn(page, email, home);
      await page.goto('/users-management');
      // Signed in: the no-access page with the way home, never the login form.
      await visible(page.getByTestId('no-access'));
      await expectPath(page, '/users-management');
      await page.getByRole('button', { name: 'Go to my home page' }).click();
      await expectPath(page, home);
    });
  }
});
