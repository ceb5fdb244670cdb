// Issue 26 item 4 end to end: HR allows a person to punch by PIN, the person sets their PIN in the
// portal (a trivial one refused), punches at the kiosk with personal number + PIN (a wrong PIN is
// 'Not Recognized'), and their manager reviews it in the manager portal: the check-in accepted, the
// check-out rejected with a reason (its hours leave the record). One stack, one sign-in per role.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { dailyDb, type DailyDb } from './daily-db.ts';
import { e2e, expectToast, logIn, pinBrowserClock, settledDialog, UI_TIMEOUT, visible } from './browser.ts';

const { test, stack } = e2e({ data: 'demo' });
let db: DailyDb;
beforeAll(() => {
  db = dailyDb(stack());
});
afterAll(() => db?.end());

const PIN = '4826';

/** Another signed-in person beside the test's page: a fresh context with the pinned clock. */
async function otherPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack().url,
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(UI_TIMEOUT);
  await pinBrowserClock(context, stack());
  return context.newPage();
}

async function typeOnPad(panel: ReturnType<Page['getByTestId']>, digits: string): Promise<void> {
  const keypad = panel.getByTestId('kiosk-keypad');
  await visible(keypad);
  for (const digit of digits) await keypad.getByRole('button', { name: digit, exact: true }).click();
  await keypad.getByRole('button', { name: 'OK', exact: true }).click();
}

describe('PIN punch', () => {
  // A long path through four screens (HR, the portal, the kiosk twice, the manager): more than the default.
  test('set by the person, punched at the kiosk, reviewed by the manager', async ({ page }) => {
    const person = await db.one<{ id: string; personal_number: string; first_name: string }>(
      `select id, personal_number, first_name from public.employees where email = 'employee@demo.test'`,
    );
    await db.rows('delete from public.attendances where employee_id = $1 and check_out is null', [person.id]);
    const browser = page.context().browser()!;

    // HR (whose account reads French) allows fingerprint or PIN on the person's page.
    await logIn(page, 'hr@demo.test', '/employee-management');
    await page.goto(`/employee-view/${person.id}`);
    const hrCard = await visible(page.getByTestId('employee-pin'));
    await hrCard.getByRole('combobox', { name: 'Modes de pointage autorisés' }).click({ force: true });
    await page.locator('.ant-select-item-option').filter({ hasText: 'Empreinte ou code PIN' }).click();
    await expectToast(page, 'Modes de pointage enregistrés');
    await expect
      .poll(() =>
        db.rows('select punch_methods from public.employee_pins where employee_id = $1', [person.id]),
      )
      .toEqual([{ punch_methods: 'both' }]);

    // The person sets their PIN in the portal; an easy one is refused.
    const portal = await otherPage(browser);
    await logIn(portal, 'employee@demo.test', '/employee-portal');
    const card = await visible(portal.getByTestId('my-pin'));
    await card.getByLabel('New PIN (4 to 8 digits)').fill('1234');
    await card.getByLabel('Repeat the PIN').fill('1234');
    await card.getByRole('button', { name: 'Save PIN' }).click();
    await expectToast(
      portal,
      'Something went wrong',
      'This PIN is too easy to guess: avoid repeated digits, runs, years and your personal number',
    );
    await card.getByLabel('New PIN (4 to 8 digits)').fill(PIN);
    await card.getByLabel('Repeat the PIN').fill(PIN);
    await card.getByRole('button', { name: 'Save PIN' }).click();
    await expectToast(portal, 'Your PIN was saved');
    await visible(card.getByTestId('my-pin-status').getByText(/^PIN set on/));

    // The kiosk: a wrong PIN is Not Recognized, the right one checks in.
    const kiosk = await otherPage(browser);
    await logIn(kiosk, 'kiosk.us@demo.test', '/attendance-scanner');
    const punch = async (pin: string) => {
      await kiosk.getByTestId('kiosk-pin-open').click();
      const panel = await visible(kiosk.getByTestId('kiosk-pin'));
      await expect
        .poll(() => panel.getByTestId('kiosk-pin-status').textContent())
        .toBe('Enter your personal number');
      await typeOnPad(panel, person.personal_number);
      await expect.poll(() => panel.getByTestId('kiosk-pin-status').textContent()).toBe('Enter your PIN');
      await typeOnPad(panel, pin);
      const result = await visible(panel.getByTestId('kiosk-pin-result'));
      const text = await result.innerText();
      // Back to the kiosk by itself after 6 s.
      await expect.poll(() => kiosk.getByTestId('kiosk-pin').count(), { timeout: UI_TIMEOUT }).toBe(0);
      return text;
    };
    expect(await punch('9157')).toContain('Not Recognized');
    const checkedIn = await punch(PIN);
    expect(checkedIn).toContain('Checked In');
    expect(checkedIn).toContain(`${person.first_name}, your PIN punch will be reviewed by your manager.`);
    await expect
      .poll(() =>
        db.rows(
          'select source, pin_review from public.attendances where employee_id = $1 and check_out is null',
          [person.id],
        ),
      )
      .toEqual([{ source: 'kiosk_pin', pin_review: 'pending' }]);

    // The manager accepts the check-in in the manager portal's 'To review' list.
    const manager = await otherPage(browser);
    await logIn(manager, 'manager@demo.test', '/manager-portal');
    const review = await visible(manager.getByTestId('pin-review'));
    const row = review.locator('tr').filter({ hasText: 'Emily Brooks' });
    await visible(row);
    await row.getByRole('button', { name: 'Accept' }).click();
    await expectToast(manager, 'PIN punch accepted');
    await expect.poll(() => row.count(), { timeout: UI_TIMEOUT }).toBe(0);

    // The PIN check-out (the day's records moved two hours back: a second press within the kiosk's
    // interval would be 'already recorded') comes back to the list; rejected, with a reason.
    await db.rows(
      `update public.attendances set check_in = check_in - interval '2 hours'
       where employee_id = $1 and check_out is null`,
      [person.id],
    );
    expect(await punch(PIN)).toContain('Checked Out');
    await visible(row);
    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = await settledDialog(manager, 'Reject the PIN punch of Emily Brooks');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await visible(dialog.getByText('Please give a reason'));
    await dialog.getByLabel('Reason').fill('Not on site at that time');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expectToast(manager, 'PIN punch rejected');
    await review.getByText('Rejected', { exact: true }).click();
    await visible(review.getByText('Not on site at that time'));
    const record = await db.one<{ pin_review: string; total_hours: string; review_reason: string }>(
      'select pin_review, total_hours, review_reason from public.attendances where employee_id = $1 order by check_in desc limit 1',
      [person.id],
    );
    expect(record).toEqual({
      pin_review: 'rejected',
      total_hours: '0.00',
      review_reason: 'Not on site at that time',
    });
    for (const other of [portal, kiosk, manager]) await other.context().close();
  }, 240_000);
});
