// The admin dashboard as the admin sees it: every figure equals what the tables say (computed here
// independently), a punch shows up in Recent Activities without a reload, notifications are live.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { e2e, expectPath, expectToast, logIn, seeText, UI_TIMEOUT, visible } from './browser.ts';
import { dailyDb, RAW_DAY_SQL, type DailyDb } from './daily-db.ts';

const { test, stack } = e2e({ data: 'demo' });
let db: DailyDb;
beforeAll(() => {
  db = dailyDb(stack());
});
afterAll(() => db?.end());

const statValue = async (page: Page, key: string) =>
  (await visible(page.getByTestId(`stat-${key}`).locator('.ant-statistic-content-value'))).innerText();

const pct = (a: number, b: number) => (b ? Math.round((1000 * (a - b)) / b) / 10 : null);
const badge = (change: number | null) =>
  change === null ? 'no data from last week' : `${change > 0 ? '+' : ''}${change}% from last week`;

describe('admin dashboard', () => {
  test('shows the figures of the data: stat cards with their change, summary strip, today', async ({
    page,
  }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await seeText(page, 'Welcome back, Alex Morgan');
    const today = await db.one<{ total: number; present: number; late: number }>(RAW_DAY_SQL, [0, null]);
    const lastWeek = await db.one<{ total: number; present: number; late: number }>(RAW_DAY_SQL, [-7, null]);
    await expect.poll(() => statValue(page, 'total'), { timeout: UI_TIMEOUT }).toBe(String(today.total));
    expect(await statValue(page, 'present')).toBe(String(today.present));
    expect(await statValue(page, 'late')).toBe(String(today.late));
    expect(await page.getByTestId('stat-total-change').innerText()).toBe(
      badge(pct(today.total, lastWeek.total)),
    );
    expect(await page.getByTestId('stat-present-change').innerText()).toBe(
      badge(pct(today.present, lastWeek.present)),
    );

    // Absent, the rate and the week: from the one definition of a day (app.attendance_days).
    const week = await db.one<{
      expected: string;
      expected_present: string;
      hours: string;
      planned: string;
      present: string;
      late: string;
    }>(
      `select count(*) filter (where expected) as expected, count(*) filter (where expected and present) as expected_present,
         coalesce(sum(hours), 0) as hours, coalesce(sum(scheduled_hours), 0) as planned,
         count(*) filter (where present) as present, count(*) filter (where late) as late
       from public.sites s cross join lateral app.attendance_days((app.now() at time zone s.time_zone)::date - 6,
         (app.now() at time zone s.time_zone)::date, null, s.id) ad`,
    );
    const rate = (a: number, b: number) => (b ? (Math.round((1000 * a) / b) / 10).toString() : '0');
    const summary = async (key: string) =>
      (await page.getByTestId(`summary-${key}`).locator('.ant-statistic-content').innerText()).replace(
        /\s/g,
        '',
      );
    expect(await summary('weekly')).toBe(`${rate(Number(week.expected_present), Number(week.expected))}%`);
    expect(await summary('productivity')).toBe(`${rate(Number(week.hours), Number(week.planned))}%`);
    expect(await summary('onTime')).toBe(
      `${rate(Number(week.present) - Number(week.late), Number(week.present))}%`,
    );
    const day = await db.one<{ absent: number; expected: number; expected_present: number }>(
      `select count(*) filter (where absent)::int as absent, count(*) filter (where expected)::int as expected,
         count(*) filter (where expected and present)::int as expected_present
       from public.sites s cross join lateral app.attendance_days((app.now() at time zone s.time_zone)::date,
         (app.now() at time zone s.time_zone)::date, null, s.id) ad`,
    );
    expect(await statValue(page, 'absent')).toBe(String(day.absent));
    const expectedRate = day.expected ? Math.round((1000 * day.expected_present) / day.expected) / 10 : 0;
    expect(await page.getByTestId('today-rate').innerText()).toBe(`${expectedRate.toFixed(1)}%`);
    // The definitions are on screen.
    await seeText(
      page,
      'Last 7 days: hours worked (completed check-outs) out of the hours the shifts planned.',
    );
    // Seven navigation cards.
    for (const name of [
      'Users Management',
      'Employee Management',
      'Shifts Management',
      'Salary Management',
      'Attendance Tracking',
      'Reports & Analytics',
      'System Settings',
    ])
      await visible(page.getByTestId('dashboard').getByText(name, { exact: true }));
  });

  test('a punch appears in Recent Activities and Quick Attendance without a reload', async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await visible(page.getByTestId('activity-item'));
    // Not the person of the newest activity (an evening check-out, say): the poll below would see
    // their old item. Whoever else, at any hour, and then wait for this punch's own item.
    const first = page.getByTestId('recent-activities').getByTestId('activity-item').first();
    const newest = await first.innerText();
    const candidates = await db.rows<{ id: string; name: string }>(
      `select e.id, e.first_name || ' ' || e.last_name as name from public.employees e
       where e.status = 'active' and e.role = 'employee' and e.site_id is not null
         and not exists (select 1 from public.attendances a where a.employee_id = e.id and a.check_out is null)
       order by e.first_name desc limit 20`,
    );
    const person = candidates.find((c) => !newest.includes(c.name))!;
    await db.one('select public.check_in($1, $2)', [person.id, 'manual']);
    await expect
      .poll(() => first.innerText(), { timeout: UI_TIMEOUT })
      .toMatch(new RegExp(`${person.name}[\\s\\S]*Checked In`));
    await db.one('select public.check_out($1)', [person.id]);
    await expect.poll(() => first.innerText(), { timeout: UI_TIMEOUT }).toContain('Checked Out');
  });

  test('Quick Attendance checks the first listed person in and out, as the database records it', async ({
    page,
  }) => {
    // The card lists the first 5 active staff by name; the first of them starts the day absent.
    const first = await db.one<{ id: string; name: string }>(
      `select e.id, e.first_name || ' ' || e.last_name as name from public.employees e
       where e.status = 'active' and e.role <> 'kiosk' order by e.first_name, e.last_name limit 1`,
    );
    await db.rows(
      `delete from public.attendances a using public.employees e join public.sites s on s.id = e.site_id
       where a.employee_id = e.id and e.id = $1 and (a.date = (app.now() at time zone s.time_zone)::date or a.check_out is null)`,
      [first.id],
    );
    await logIn(page, 'admin@demo.test', '/dashboard');
    const row = page
      .getByTestId('quick-attendance')
      .getByTestId('quick-person')
      .filter({ hasText: first.name })
      .first();
    await visible(row.getByText('absent', { exact: true }));
    expect(await page.getByTestId('quick-attendance').getByTestId('quick-person').count()).toBe(5);

    await row.getByRole('button', { name: 'Check In', exact: true }).click();
    await expectToast(page, 'Checked in', first.name);
    const open = await db.rows<{
      source: string;
      device: string;
      created_by: string;
      check_out: Date | null;
    }>(
      `select source, device, created_by, check_out from public.attendances a
       join public.sites s on s.id = a.site_id
       where a.employee_id = $1 and a.date = (app.now() at time zone s.time_zone)::date`,
      [first.id],
    );
    expect(open).toEqual([
      {
        source: 'manual',
        device: 'dashboard',
        created_by: await db.idOf('admin@demo.test'),
        check_out: null,
      },
    ]);
    await visible(row.getByText('present', { exact: true }));
    expect(await row.getByRole('button', { name: 'Check In', exact: true }).count()).toBe(0);

    await row.getByRole('button', { name: 'Check Out', exact: true }).click();
    await expectToast(page, 'Checked out', first.name);
    const closed = await db.one<{ n: string; open: string }>(
      `select count(*) as n, count(*) filter (where a.check_out is null or a.total_hours is null) as open
       from public.attendances a join public.sites s on s.id = a.site_id
       where a.employee_id = $1 and a.date = (app.now() at time zone s.time_zone)::date`,
      [first.id],
    );
    expect(closed).toEqual({ n: '1', open: '0' });
    await visible(row.getByText('completed', { exact: true }));
    expect(await row.getByRole('button').count()).toBe(0);
  });

  test('notifications are live, counted and marked read; search finds people', async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    const admin = await db.idOf('admin@demo.test');
    const unread = async () =>
      Number(
        (
          await db.one<{ n: string }>(
            'select count(*) as n from public.notifications where employee_id = $1 and not read',
            [admin],
          )
        ).n,
      );
    const badgeText = () => page.getByTestId('notifications-unread').getAttribute('data-count');
    const before = await unread();
    await expect.poll(badgeText, { timeout: UI_TIMEOUT }).toBe(String(before));
    await db.one(
      `insert into public.notifications (employee_id, title, message) values ($1, 'Test', 'Payroll run ready') returning id`,
      [admin],
    );
    const item = await visible(
      page.getByTestId('notification-item').filter({ hasText: 'Payroll run ready' }),
    );
    await expect.poll(badgeText, { timeout: UI_TIMEOUT }).toBe(String(before + 1));
    await item.getByRole('button', { name: 'Mark read' }).click();
    await expect.poll(unread, { timeout: UI_TIMEOUT }).toBe(before);
    await expect.poll(badgeText, { timeout: UI_TIMEOUT }).toBe(String(before));

    const search = page.getByPlaceholder('Search employees...');
    expect(await page.getByTestId('search-results').count()).toBe(0);
    await search.fill('Morgan');
    await visible(page.getByTestId('search-results').getByText('Alex Morgan', { exact: true }));
    await search.fill('zzzz-nobody');
    await visible(page.getByTestId('search-results').getByText('No employees found', { exact: true }));
  });

  test('the calendar shows the day as the data has it; analytics draws charts', async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.getByRole('button', { name: 'View Calendar' }).click();
    const day = await db.one<{ day: string; expected: number }>(
      `select (app.now() at time zone 'UTC')::date::text as day, count(*) filter (where expected)::int as expected
       from app.attendance_days((app.now() at time zone 'UTC')::date, (app.now() at time zone 'UTC')::date)`,
    );
    const cell = await visible(page.getByTestId(`calendar-${day.day}`));
    if (day.expected > 0) await expect.poll(() => cell.innerText()).toContain(`Scheduled: ${day.expected}`);
    const calendar = page.getByRole('dialog');
    await calendar.getByRole('button', { name: 'Close' }).first().click();
    await calendar.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Analytics' }).click();
    await visible(page.getByText('Attendance rate by day (last 30 days, %)', { exact: true }));
    await visible(page.getByTestId('analytics-view').locator('canvas'));
  });

  test("in French the calendar's months, weekdays and modes are French", async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.getByTestId('language-switch').getByText('Français', { exact: true }).click();
    try {
      await page.getByRole('button', { name: 'Voir le calendrier' }).click();
      const calendar = await visible(page.getByTestId('calendar-view'));
      await visible(calendar.getByText('Mois', { exact: true }));
      await visible(calendar.getByText('Année', { exact: true }));
      // Weeks start on Monday: lu ma me je ve sa di.
      expect(await calendar.locator('.ant-picker-content thead th').allInnerTexts()).toEqual([
        'lu',
        'ma',
        'me',
        'je',
        've',
        'sa',
        'di',
      ]);
    } finally {
      // Closed by its button (Escape only reaches the dialog when it has the focus), then back to English
      // for the next test on this page.
      const dialog = page.getByRole('dialog');
      if (await dialog.isVisible()) {
        await dialog
          .getByRole('button', { name: /^(Close|Fermer)$/ })
          .first()
          .click();
        await dialog.waitFor({ state: 'hidden' });
      }
      await page.getByTestId('language-switch').getByText('English', { exact: true }).click();
    }
  });

  test('logout says so; HR and employees are refused', async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    // One Logout: the layout's header.
    await page.locator('header').getByRole('button', { name: 'Logout', exact: true }).click();
    await expectToast(page, 'Logged Out', 'You have been successfully logged out');
    await expectPath(page, '/login');
    await logIn(page, 'hr@demo.test', '/employee-management');
    await page.goto('/dashboard');
    await visible(page.getByTestId('no-access'));
  });
});
