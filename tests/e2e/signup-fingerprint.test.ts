// Sign-up's optional 'Scan Fingerprint' on the demo system (the scanner's simulator is on): the
// scanner page in register mode before anyone is signed in; the new account's finger is enrolled
// by the fingerprint-enrol endpoint (the duplicate search runs on the server), and the kiosk then
// recognises the new person; a demo employee's finger is refused with the spec's message and
// nothing is stored. (A file of its own: signup.test.ts runs on a system nobody signed up to.)
import pg from 'pg';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { encodePng } from '../../src/fingerprint/decode/index.ts';
import { syntheticFinger } from '../../src/fingerprint/index.ts';
import { demoEnrolment, enrolmentSql, fingerSeed } from '../../supabase/seed/fingerprints.ts';
import { e2e, expectPath, expectToast, logIn, UI_TIMEOUT, visible } from './browser.ts';

// 'Confirm email' off for this file: it follows the finger enrolled with the session sign-up
// opens at once (a Supabase project with confirmation off). With confirmation on (the default,
// signup.test.ts), the finger waits for the first login: src/pages/signup/pending-login.ts.
const { test, stack } = e2e({ data: 'demo', mailerAutoconfirm: true });

let db: pg.Client;
/** A demo employee of the Chicago site with their demo finger enrolled. */
let owner: { id: string; name: string };

beforeAll(async () => {
  db = new pg.Client({ connectionString: stack().databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ id: string; name: string }>(
    `select e.id, btrim(e.first_name || ' ' || e.last_name) as name from public.employees e
     join public.sites s on s.id = e.site_id
     where e.role = 'employee' and e.status = 'active' and s.name = 'Chicago Plant'
     order by e.first_name limit 1`,
  );
  owner = rows[0]!;
  await db.query(enrolmentSql([demoEnrolment(owner.id)]));
});

afterAll(async () => {
  await db?.end();
});

const scanner = (page: Page): FrameLocator => page.frameLocator('iframe[data-testid="scanner-frame"]');

async function fillSignup(page: Page, email: string, first: string, last: string) {
  await page.goto('/signup');
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Email').fill(email);
  await field('Password').fill('a-long-password-7');
  await field('First name').fill(first);
  await field('Last name').fill(last);
  await field('Phone').fill('+1 312 555 0100');
  await field('Position').fill('Operator');
  await field('Department').fill('Operations');
  await field('Joining date').fill('2026-11-02');
  await field('Joining date').press('Enter');
  await page.getByRole('radio', { name: 'Employee', exact: true }).check();
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
}

/** Opens the sign-up's scanner and agrees to the consent text. */
async function openScanner(page: Page) {
  await page.getByRole('button', { name: 'Scan Fingerprint', exact: true }).click();
  await scanner(page).locator('#consent').check();
}

async function pressSimulatedNewFinger(page: Page) {
  const frame = scanner(page);
  await frame.locator('#sim option[value="new"]').waitFor({ state: 'attached' });
  for (let i = 0; i < 3; i++) {
    await expect.poll(() => frame.locator('#sim').isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    await frame.locator('#sim').selectOption('new');
  }
}

/** A scan of a synthetic finger as a PNG file (what a support person uploads with the file driver). */
const scanFile = (seed: number, impression: number) => ({
  name: `scan-${seed}-${impression}.png`,
  mimeType: 'image/png',
  buffer: Buffer.from(encodePng(syntheticFinger(seed, impression))),
});

async function pressFiles(frame: FrameLocator, seed: number, impressions: number[]) {
  await frame.locator('#driver').selectOption('file');
  for (const impression of impressions) {
    const input = frame.locator('#file-input');
    await expect.poll(() => input.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    await input.setInputFiles(scanFile(seed, impression));
  }
}

async function employeeByEmail(email: string) {
  const { rows } = await db.query<{ id: string; user_id: string | null }>(
    'select id, user_id from public.employees where email = $1',
    [email],
  );
  return rows[0];
}

const enrolments = async (employeeId: string) =>
  (
    await db.query<{ finger: string; template_format: string; consent_text_version: string }>(
      'select finger, template_format, consent_text_version from public.biometric_enrolments where employee_id = $1',
      [employeeId],
    )
  ).rows;

describe("sign-up's Scan Fingerprint", () => {
  test('a simulated new finger is enrolled with the new account, audited', async ({ page }) => {
    const email = `finger.${Date.now()}@acme.test`;
    await fillSignup(page, email, 'Ada', 'Lovelace');
    await openScanner(page);
    await pressSimulatedNewFinger(page);
    await expectToast(page, 'Fingerprint Captured');
    await visible(page.getByTestId('fingerprint-captured'));
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expectToast(
      page,
      'Account Created',
      'You can now login using your credentials. Your fingerprint is saved.',
    );
    await expectPath(page, '/login');
    const person = (await employeeByEmail(email))!;
    expect(await enrolments(person.id)).toEqual([
      { finger: 'right_index', template_format: 'pointage-set-v1', consent_text_version: expect.any(String) },
    ]);
    const { rows: audits } = await db.query<{ action: string; actor: string }>(
      `select action, actor from public.audit_logs where entity = 'biometric_enrolments' and entity_id = $1
       and action like 'self_%' order by id`,
      [person.id],
    );
    expect(audits).toEqual([
      { action: 'self_duplicate_search', actor: person.user_id },
      { action: 'self_enrol', actor: person.user_id },
    ]);
  });

  test('the kiosk recognises a person who enrolled their finger at sign-up', async ({ page }) => {
    const email = `kiosk.finger.${Date.now()}@acme.test`;
    const seed = 424_242;
    await fillSignup(page, email, 'Grace', 'Hopper');
    await openScanner(page);
    await pressFiles(scanner(page), seed, [0, 1, 2]);
    await visible(page.getByTestId('fingerprint-captured'));
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expectToast(
      page,
      'Account Created',
      'You can now login using your credentials. Your fingerprint is saved.',
    );
    const person = (await employeeByEmail(email))!;
    // HR places the new person at the Chicago site (sign-up does not choose a site).
    await db.query(
      `update public.employees set site_id = (select id from public.sites where name = 'Chicago Plant') where id = $1`,
      [person.id],
    );

    await logIn(page, 'kiosk.us@demo.test', '/attendance-scanner');
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await pressFiles(scanner(page), seed, [7]);
    const result = page.getByTestId('kiosk-result');
    await visible(result.getByText('Checked In', { exact: true }));
    await visible(result.getByText('Welcome Grace Hopper', { exact: true }));
    const { rows } = await db.query(
      'select 1 from public.attendances where employee_id = $1 and check_out is null',
      [person.id],
    );
    expect(rows).toHaveLength(1);
  });

  test('the finger the simulator enrolled at sign-up is the one it presses for them at the kiosk', async ({
    page,
  }) => {
    const email = `simulated.${Date.now()}@acme.test`;
    await fillSignup(page, email, 'Katherine', 'Johnson');
    await openScanner(page);
    await pressSimulatedNewFinger(page);
    await visible(page.getByTestId('fingerprint-captured'));
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expectToast(
      page,
      'Account Created',
      'You can now login using your credentials. Your fingerprint is saved.',
    );
    const person = (await employeeByEmail(email))!;
    await db.query(
      `update public.employees set site_id = (select id from public.sites where name = 'Chicago Plant') where id = $1`,
      [person.id],
    );

    await logIn(page, 'kiosk.us@demo.test', '/attendance-scanner');
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    const select = scanner(page).getByLabel('Simulated finger', { exact: true });
    await expect.poll(() => select.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    await select.selectOption({ label: 'Katherine Johnson' });
    const result = page.getByTestId('kiosk-result');
    await visible(result.getByText('Checked In', { exact: true }));
    await visible(result.getByText('Welcome Katherine Johnson', { exact: true }));
  });

  test("a demo employee's finger: 'Duplicate Fingerprint', nothing stored", async ({ page }) => {
    const email = `dup.finger.${Date.now()}@acme.test`;
    await fillSignup(page, email, 'Mallory', 'Martin');
    await openScanner(page);
    await pressFiles(scanner(page), fingerSeed(owner.id), [6, 7, 8]);
    await visible(page.getByTestId('fingerprint-captured'));
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expectToast(page, 'Duplicate Fingerprint', 'This fingerprint is already registered.');
    await expectToast(
      page,
      'Account Created',
      'You can now login using your credentials. No fingerprint was saved; HR can enrol one for you.',
    );
    const person = (await employeeByEmail(email))!;
    expect(await enrolments(person.id)).toEqual([]);
    // The owner's finger is untouched.
    expect(await enrolments(owner.id)).toHaveLength(1);
  });
});
