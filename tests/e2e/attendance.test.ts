// Attendance tracking (/attendance) as HR and the admin: the day's records against the database,
// manual entry by name or number with the portal's rules, the missed check-out alert, a correction refused without a
// reason and saved with one (and shown in the record's history), and the roles refused.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { e2e, expectPath, expectToast, logIn, seeText, UI_TIMEOUT, visible } from './browser.ts';
import { dailyDb, type DailyDb } from './daily-db.ts';

const { test, stack } = e2e({ data: 'demo' });
let db: DailyDb;
beforeAll(() => {
  db = dailyDb(stack());
});
afterAll(() => db?.end());

/** The offset-th active employee (by name), made absent today: their records of today (site-local)
 * and any open one are removed, so the journeys do not depend on how much of the demo day has passed. */
async function someoneAbsent(offset = 0, atSiteOf?: string) {
  const person = await db.one<{ id: string; name: string; first: string }>(
    `select e.id, e.first_name || ' ' || e.last_name as name, e.first_name as first
     from public.employees e
     where e.status = 'active' and e.role = 'employee' and e.site_id is not null
       and ($2::text is null or e.site_id = (select site_id from public.employees where email = $2))
     order by e.last_name, e.first_name, e.id offset $1 limit 1`,
    [offset, atSiteOf ?? null],
  );
  await db.rows(
    `delete from public.attendances a using public.employees e join public.sites s on s.id = e.site_id
     where a.employee_id = e.id and e.id = $1 and (a.check_out is null or a.date = (app.now() at time zone s.time_zone)::date)`,
    [person.id],
  );
  return person;
}

/** Closes the toasts (they sit over the Manual Entry card). */
async function closeToasts(page: Page) {
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click();
  await expect.poll(() => page.locator('.ant-notification-notice').count(), { timeout: UI_TIMEOUT }).toBe(0);
}

describe('attendance tracking', () => {
  test("lists a person's records of the day as the database has them", async ({ page }) => {
    // Just after midnight the demo day has no record yet: make one, on the admin's site-local day.
    const here = await someoneAbsent(4, 'admin@demo.test');
    await db.one('select public.check_in($1, $2)', [here.id, 'manual']);
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/attendance');
    const table = page.getByTestId('attendance-table');
    await visible(table.locator('.ant-table-row'));
    const record = await db.one<{ name: string; n: number; email: string }>(
      `select e.first_name || ' ' || e.last_name as name, e.email,
         (select count(*)::int from public.attendances x where x.employee_id = e.id and x.date = a.date) as n
       from public.attendances a join public.employees e on e.id = a.employee_id
       join public.sites s on s.id = e.site_id
       where a.date = (app.now() at time zone (select s2.time_zone from public.sites s2 join public.employees me on me.site_id = s2.id where me.email = 'admin@demo.test'))::date
       order by a.check_in desc limit 1`,
    );
    await page.getByPlaceholder('Search by name or ID').fill(record.email);
    await page.getByPlaceholder('Search by name or ID').press('Enter');
    await expect.poll(() => table.locator('.ant-table-row').count(), { timeout: UI_TIMEOUT }).toBe(record.n);
    await visible(table.getByText(record.name, { exact: true }));
  });

  test('manual entry: the person picked by name or number, in and out with the portal rules; a typo matches nobody', async ({
    page,
  }) => {
    await logIn(page, 'hr@demo.test', '/employee-management');
    await page.goto('/attendance');
    // HR works in French: switch to English to read the wording.
    await page.getByTestId('language-switch').getByText('English').click();
    const card = page.getByTestId('manual-entry');
    const picker = card.getByRole('combobox');
    const checkIn = card.getByRole('button', { name: 'Check In', exact: true });
    const checkOut = card.getByRole('button', { name: 'Check Out', exact: true });
    const person = await someoneAbsent();
    const { n: number } = await db.one<{ n: string }>(
      'select personal_number as n from public.employees where id = $1',
      [person.id],
    );
    const pick = async (typed: string) => {
      await picker.fill(typed);
      await page.locator('.ant-select-item-option', { hasText: person.name }).first().click();
    };

    // A typo: nobody, said as such (not 'Fingerprint not recognized'); nothing to press.
    await picker.fill('zzqx nobody');
    await visible(page.getByText('No employee matches “zzqx nobody”', { exact: true }));
    await expect(checkIn.isDisabled()).resolves.toBe(true);
    await expect(checkOut.isDisabled()).resolves.toBe(true);

    // By name: not checked in today → Check In only; recorded as a manual entry.
    await pick(person.name);
    await visible(card.getByText('is not checked in today.', { exact: true }));
    await expect(checkOut.isDisabled()).resolves.toBe(true);
    await checkIn.click();
    await expectToast(page, `${person.name} checked in`);
    await closeToasts(page);
    const row = await db.one<{ source: string; device: string }>(
      'select source, device from public.attendances where employee_id = $1 and check_out is null',
      [person.id],
    );
    expect(row).toEqual({ source: 'manual', device: 'manual-entry' });
    await seeText(page, `Checked in — ${person.name}`);

    // By personal number: checked in → Check Out only; it closes the record.
    await pick(number);
    await visible(card.getByText('is checked in: Check Out closes the record.', { exact: true }));
    await expect(checkIn.isDisabled()).resolves.toBe(true);
    await checkOut.click();
    await expectToast(page, `${person.name} checked out`);
    await closeToasts(page);
    const closed = await db.one<{ open: number }>(
      'select count(*) filter (where check_out is null)::int as open from public.attendances where employee_id = $1',
      [person.id],
    );
    expect(closed.open).toBe(0);

    // In and out today: both buttons off, as on the portal.
    await pick(person.name);
    await visible(card.getByText('has checked in and out today.', { exact: true }));
    await expect(checkIn.isDisabled()).resolves.toBe(true);
    await expect(checkOut.isDisabled()).resolves.toBe(true);
  });

  test('the alerts show a missed check-out', async ({ page }) => {
    const person = await someoneAbsent(1);
    // The forgotten check-out runs to now: the person's later records (a weekday's demo punches) go.
    await db.rows(
      `delete from public.attendances where employee_id = $1 and check_in >= app.now() - interval '3 days'`,
      [person.id],
    );
    await db.one(
      `insert into public.attendances (employee_id, site_id, date, check_in, status, punctuality, source)
       select e.id, e.site_id, (app.now() at time zone s.time_zone)::date - 2, app.now() - interval '2 days', 'checked_in', 'on_time', 'manual'
       from public.employees e join public.sites s on s.id = e.site_id where e.id = $1 returning id`,
      [person.id],
    );
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/attendance');
    await page.getByRole('switch', { name: 'Show Alerts' }).click();
    const alerts = await visible(page.getByTestId('attendance-alerts'));
    await visible(alerts.getByText('Missed Check-ins', { exact: false }));
    await visible(alerts.getByTestId('missed-check-out').filter({ hasText: person.name }));
  });

  test('a correction needs a reason; saved, it is in the history', async ({ page }) => {
    const person = await someoneAbsent(2);
    await db.one('select public.check_in($1, $2)', [person.id, 'manual']);
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/attendance');
    await page.getByPlaceholder('Search by name or ID').fill(person.id);
    await page.getByPlaceholder('Search by name or ID').press('Enter');
    const row = page
      .getByTestId('attendance-table')
      .locator('.ant-table-row')
      .filter({ hasText: person.name });
    await (await visible(row)).getByRole('button', { name: 'Correct' }).click();
    const dialog = await visible(page.getByRole('dialog'));
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await visible(dialog.getByText('A reason is required', { exact: true }));
    const before = await db.one<{ n: string }>(
      `select count(*) as n from public.audit_logs where entity = 'attendances' and action = 'correction'`,
    );
    expect(
      (
        await db.one<{ c: string | null }>(
          'select corrected_at as c from public.attendances where employee_id = $1 and check_out is null',
          [person.id],
        )
      ).c,
    ).toBeNull();
    await dialog.getByLabel('Reason').fill('Forgot to badge in at the gate');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await expectToast(page, 'Attendance corrected', person.name);
    const after = await db.one<{ n: string; reason: string }>(
      `select count(*) as n, max(diff->>'reason') filter (where entity_id = (select id::text from public.attendances where employee_id = $1 and check_out is null)) as reason
       from public.audit_logs where entity = 'attendances' and action = 'correction'`,
      [person.id],
    );
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    expect(after.reason).toBe('Forgot to badge in at the gate');
    await (await visible(row)).getByRole('button', { name: 'History' }).click();
    await visible(page.getByTestId('attendance-history').getByText('Reason: Forgot to badge in at the gate'));
  });

  test('checks a person in with the inline scanner', async ({ page }) => {
    const person = await someoneAbsent(3);
    await db.enrol([person.id]);
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/attendance');
    await page
      .getByTestId('attendance-scanner')
      .getByRole('button', { name: 'Check In', exact: true })
      .click();
    const frame = page.frameLocator('[data-testid="scanner-frame"]');
    await frame.locator('#sim').selectOption(`person:${person.id}`, { timeout: 30_000 });
    await expectToast(page, 'Checked in', person.name);
    await seeText(page, `Checked in — ${person.name}`);
    const row = await db.one<{ source: string }>(
      'select source from public.attendances where employee_id = $1 and check_out is null',
      [person.id],
    );
    expect(row.source).toBe('fingerprint');
    await frame.locator('#sim').selectOption('unknown', { timeout: 30_000 });
    await seeText(page, 'Fingerprint not recognized');
  });

  test('managers and employees are refused', async ({ page }) => {
    await logIn(page, 'manager@demo.test', '/manager-portal');
    await page.goto('/attendance');
    await visible(page.getByTestId('no-access'));
    await expectPath(page, '/attendance');
    await logIn(page, 'employee@demo.test', '/employee-portal');
    await page.goto('/attendance');
    await visible(page.getByTestId('no-access'));
  });
});
