// A check-in left open on an earlier day, as the admin's Quick Attendance and the employee's portal
// show it: 'Checked in since {day}' (in English and French) with Check Out. Within the maximum
// attendance duration (Settings; 24 h by default, 1..72 h) Check Out closes that very record in the
// database; beyond it the check-out is refused with the missed check-out message and the record
// waits for a manager's correction (issue 23). The data is set up straight in the database.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { e2e, expectToast, logIn, UI_TIMEOUT, visible } from './browser.ts';
import { dailyDb, type DailyDb } from './daily-db.ts';

const { test, stack } = e2e({ data: 'demo' });
let db: DailyDb;
beforeAll(() => {
  db = dailyDb(stack());
});
afterAll(() => db?.end());

/**
 * Leaves `employeeId` checked in since `daysAgo` site-local days at 08:00 (none of their records
 * may reach past that moment: an open record runs to the present). Returns the record's id and day.
 */
async function openSince(employeeId: string, daysAgo: number) {
  await db.rows(
    `delete from public.attendances a using public.employees e join public.sites s on s.id = e.site_id
     where a.employee_id = e.id and e.id = $1
       and coalesce(a.check_out, 'infinity') >
         ((app.now() at time zone s.time_zone)::date - $2::int + time '08:00') at time zone s.time_zone`,
    [employeeId, daysAgo],
  );
  return db.one<{ id: string; day: string }>(
    `insert into public.attendances (employee_id, site_id, date, check_in, status, punctuality, source)
     select e.id, s.id, (app.now() at time zone s.time_zone)::date - $2::int,
       ((app.now() at time zone s.time_zone)::date - $2::int + time '08:00') at time zone s.time_zone,
       'checked_in', 'on_time', 'manual'
     from public.employees e join public.sites s on s.id = e.site_id where e.id = $1
     returning id, date::text as day`,
    [employeeId, daysAgo],
  );
}

/** A day as people read it: 'Fri, Nov 20' / 'ven. 20 nov.'. */
const readDay = (isoDay: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay}T12:00:00Z`));

async function toFrench(page: Page) {
  await page.evaluate(() => localStorage.setItem('pointage.language', 'fr'));
  await page.reload();
}

describe('a check-in left open on an earlier day', () => {
  test('Quick Attendance shows it open since that day; Check Out three days later is refused (English)', async ({
    page,
  }) => {
    const first = await db.one<{ id: string; name: string }>(
      `select e.id, e.first_name || ' ' || e.last_name as name from public.employees e
       where e.status = 'active' and e.role <> 'kiosk' order by e.first_name, e.last_name limit 1`,
    );
    const open = await openSince(first.id, 3);
    await logIn(page, 'admin@demo.test', '/dashboard');
    const row = page
      .getByTestId('quick-attendance')
      .getByTestId('quick-person')
      .filter({ hasText: first.name })
      .first();
    await visible(row.getByText(`Checked in since ${readDay(open.day, 'en-US')}`, { exact: true }));
    expect(await row.getByRole('button', { name: 'Check In', exact: true }).count()).toBe(0);

    // Three days open is more than the 24 h maximum: a punch cannot close it.
    await row.getByRole('button', { name: 'Check Out', exact: true }).click();
    await expectToast(
      page,
      `Missed check-out: the check-in of ${open.day} is more than 24 hours old; ask a manager to correct it`,
    );
    const still = await db.one<{ open: boolean }>(
      'select check_out is null as open from public.attendances where id = $1',
      [open.id],
    );
    expect(still.open).toBe(true);
    await visible(row.getByText(`Checked in since ${readDay(open.day, 'en-US')}`, { exact: true }));
    // A manager's correction closes it (here in the database): then nothing is open.
    await db.one(
      `update public.attendances set check_out = check_in + interval '8 hours', status = 'checked_out',
         source = 'correction', correction_reason = 'Forgot to check out', corrected_at = app.now()
       where id = $1 returning id`,
      [open.id],
    );
  });

  test('in French it reads « Pointé depuis le … », and Check Out closes the record', async ({ page }) => {
    const first = await db.one<{ id: string; name: string }>(
      `select e.id, e.first_name || ' ' || e.last_name as name from public.employees e
       where e.status = 'active' and e.role <> 'kiosk' order by e.first_name, e.last_name limit 1`,
    );
    // Two days ago at 08:00 is at most 64 h ago: within a maximum of 72 h, as an admin may set it.
    await db.one(`update public.system_settings set max_attendance_hours = 72 returning id`);
    const open = await openSince(first.id, 2);
    await logIn(page, 'admin@demo.test', '/dashboard');
    await toFrench(page);
    const row = page
      .getByTestId('quick-attendance')
      .getByTestId('quick-person')
      .filter({ hasText: first.name })
      .first();
    await visible(row.getByText(`Pointé depuis le ${readDay(open.day, 'fr-FR')}`, { exact: true }));
    await row.getByRole('button', { name: 'Sortie', exact: true }).click();
    await expect
      .poll(
        async () =>
          (
            await db.one<{ open: boolean }>(
              'select check_out is null as open from public.attendances where id = $1',
              [open.id],
            )
          ).open,
        { timeout: UI_TIMEOUT },
      )
      .toBe(false);
    await db.one(`update public.system_settings set max_attendance_hours = 24 returning id`);
  });

  test('the employee portal offers Check Out, not Check In, and says since when', async ({ page }) => {
    const me = await db.idOf('employee@demo.test');
    const open = await openSince(me, 1);
    await logIn(page, 'employee@demo.test', '/employee-portal');
    const card = page.getByTestId('portal-attendance');
    await visible(card.getByText(`Checked in since ${readDay(open.day, 'en-US')}`, { exact: true }));
    const checkIn = page.getByRole('button', { name: 'Check In (Biometric)' });
    const checkOut = page.getByRole('button', { name: 'Check Out (Biometric)' });
    await expect.poll(() => checkOut.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    expect(await checkIn.isEnabled()).toBe(false);
    // Today's Summary counts them as present (my_day_summary), as the database has them checked in.
    await visible(page.getByTestId('portal-summary').getByText('Present', { exact: true }));
    // The check-in time on the card is that record's.
    expect(await card.getByTestId('portal-check-in').innerText()).not.toBe('--:--');
    // Once corrected (here by HR, in the database: a real check-out within the maximum), the portal
    // follows live: a new day, Check In.
    await db.one(
      `update public.attendances set check_out = check_in + interval '8 hours', status = $2 where id = $1 returning id`,
      [open.id, 'checked_out'],
    );
    await expect.poll(() => checkIn.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    expect(await card.getByTestId('portal-open-since').count()).toBe(0);
  });
});
