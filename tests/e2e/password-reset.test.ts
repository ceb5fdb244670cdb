// A lost password replaced by its owner alone, and an invited person's first sign-up (issue 28 §1, §3):
// 'Forgot password?' → the link from the stack's log → 'Set a new password' → the person's home;
// the invitation link from the log → sign-up with the invited address → linked with the record's role.
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { describe, expect } from 'vitest';
import ws from 'ws';
import { confirmFromMailLog } from './app.ts';
import {
  DEMO_PASSWORD,
  e2e,
  expectPath,
  pinBrowserClock,
  expectToast,
  logIn,
  seeText,
  visible,
} from './browser.ts';

const { test, url, stack, stackLog } = e2e({ data: 'demo' });

/** The newest link the stack logged for this kind of mail and address ('password recovery', 'invitation'). */
async function linkFromLog(kind: string, email: string): Promise<string> {
  const prefix = `[auth] ${kind} link for ${email}: `;
  await expect.poll(() => stackLog().some((line) => line.startsWith(prefix))).toBe(true);
  const line = stackLog()
    .filter((l) => l.startsWith(prefix))
    .at(-1)!;
  return line.slice(prefix.length);
}

async function signInWorks(email: string, password: string): Promise<boolean> {
  const config = (await (await fetch(url('/runtime-config.json'))).json()) as {
    supabaseUrl: string;
    anonKey: string;
  };
  const client = createClient(config.supabaseUrl, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { error } = await client.auth.signInWithPassword({ email, password });
  return error === null;
}

describe('forgot password', () => {
  test('sends a link that opens Set a new password, then the home screen; the link works once', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const form = await visible(page.getByRole('form', { name: 'Reset your password' }));
    // An unknown address gets the same answer, and no link is written.
    await form.getByLabel('Email').fill('nobody@demo.test');
    await form.getByRole('button', { name: 'Send the link' }).click();
    await seeText(
      page,
      'If an account exists for nobody@demo.test, a link to choose a new password is on its way.',
    );
    expect(stackLog().some((line) => line.includes('link for nobody@demo.test'))).toBe(false);

    await form.getByLabel('Email').fill('manager@demo.test');
    await form.getByRole('button', { name: 'Send the link' }).click();
    await seeText(
      page,
      'If an account exists for manager@demo.test, a link to choose a new password is on its way.',
    );
    const link = await linkFromLog('password recovery', 'manager@demo.test');

    await page.goto(link);
    await expectPath(page, '/reset-password');
    await visible(page.getByRole('heading', { name: 'Set a new password' }));
    await seeText(page, 'Choose a new password for manager@demo.test.');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('shorter');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await seeText(page, 'Use at least 8 characters. Use at least one letter and one digit.');
    await seeText(page, 'The two passwords do not match');
    await page.getByLabel('New password', { exact: true }).fill('a-fresh-password-42');
    await page.getByLabel('Confirm password', { exact: true }).fill('a-fresh-password-42');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expectToast(page, 'Your new password is saved.');
    await expectPath(page, '/manager-portal');

    expect(await signInWorks('manager@demo.test', DEMO_PASSWORD)).toBe(false);
    expect(await signInWorks('manager@demo.test', 'a-fresh-password-42')).toBe(true);

    // Used once: the same link now says it is invalid.
    const again = await page.context().browser()!.newContext({ baseURL: url() });
    await pinBrowserClock(again, stack());
    const fresh = await again.newPage();
    await fresh.goto(link);
    await visible(
      fresh.getByText('This link is invalid or has expired. Ask for a new one from the login page.'),
    );
    await again.close();
  });
});

describe('invitation', () => {
  test('an invited person signs up through the link with the invited address and gets their record', async ({
    page,
  }) => {
    const db = new pg.Client({ connectionString: stack().databaseUrl });
    await db.connect();
    let person: { id: string; email: string; first_name: string };
    try {
      person = (
        await db.query(
          `select id, email, first_name from public.employees
           where user_id is null and role = 'employee' and status = 'active' order by email limit 1`,
        )
      ).rows[0];
      // As HR's 'Send invitation' does (the superuser connection is trusted server code).
      await db.query('select public.invite_employee($1)', [person.id]);
    } finally {
      await db.end();
    }
    const link = await linkFromLog('invitation', person.email);
    const target = new URL(link);
    expect(target.pathname).toBe('/signup');

    await page.goto(`${target.pathname}${target.search}`);
    await visible(page.getByText('You were invited', { exact: true }));
    await expect.poll(() => page.getByTestId('invited-email').inputValue()).toBe(person.email);
    await page.getByLabel('Password', { exact: true }).fill('my-own-password-7');
    await page.getByLabel('Confirm password', { exact: true }).fill('my-own-password-7');
    await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    // Confirmation is on (as on a Supabase project): the account is linked once the address confirms.
    await expectToast(page, 'Account Created', 'Check your e-mail to confirm your address, then log in.');
    await expectPath(page, '/login');
    await confirmFromMailLog(stack(), person.email);
    await logIn(page, person.email, '/employee-portal', 'my-own-password-7');
    await visible(page.getByRole('heading', { name: new RegExp(person.first_name) }));
  });
});
