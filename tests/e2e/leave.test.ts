// Leave, as people meet it (issue 27): an employee requests two days from their portal, seeing what
// they cost and their balance before sending; their manager approves from the manager portal; the
// employee's balance follows, and so does the dashboard (someone on approved leave is not absent,
// and counts on leave). HR records yesterday's sick leave for someone absent yesterday, and
// yesterday's Daily Analytics stops counting them absent and counts them on leave.
// The clock is pinned (Wednesday 2026-11-18, 10:00 in Chicago); the leave is today and tomorrow.
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, describe, expect } from 'vitest';
import EN from '../../src/i18n/locales/en/leave.json';
import leaveFr from '../../src/i18n/locales/fr/leave.json';
import { e2e, expectToast, logIn, visible } from './browser.ts';

const { test, stack } = e2e({ data: 'demo' });

let pool: pg.Pool | undefined;
const db = () => (pool ??= new pg.Pool({ connectionString: stack().databaseUrl, max: 2 }));
afterAll(() => pool?.end());
const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  (await db().query<T>(sql, params)).rows[0]!;

const FROM = '2026-11-18';
const TO = '2026-11-19';
const hours = (n: number) => `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(n)} h`;

const emily = () =>
  one<{ id: string }>(`select id from public.employees where email = 'employee@demo.test'`).then((r) => r.id);
const annualBalance = async (id: string) =>
  Number(
    (
      await one<{ b: string }>(
        `select balance::text as b from public.leave_balances($1) where leave_type = 'annual'`,
        [id],
      )
    ).b,
  );

async function statCard(page: Page, key: 'absent' | 'onLeave'): Promise<number> {
  const card = await visible(page.getByTestId(`stat-${key}`).locator('.ant-statistic-content'));
  return Number((await card.innerText()).replace(/\D/g, ''));
}
const absentCard = (page: Page) => statCard(page, 'absent');

let before: { balance: number; absentCount: number; onLeaveCount: number; emilyAbsent: boolean } | undefined;

describe('leave', () => {
  test('the dashboard before: the absent count, with the employee absent or not today', async ({ page }) => {
    const id = await emily();
    const { absent } = await one<{ absent: boolean }>(
      `select absent from app.attendance_days($1, $1, null, null, array[$2]::uuid[])`,
      [FROM, id],
    );
    await logIn(page, 'admin@demo.test', '/dashboard');
    before = {
      balance: await annualBalance(id),
      absentCount: await absentCard(page),
      onLeaveCount: await statCard(page, 'onLeave'),
      emilyAbsent: absent,
    };
  });

  test('the employee requests two days: the cost and the balance show before sending', async ({ page }) => {
    const id = await emily();
    await logIn(page, 'employee@demo.test', '/employee-portal');
    await (await visible(page.getByTestId(`leave-balance-annual`))).isVisible();
    expect(await page.getByTestId('leave-balance-annual').innerText()).toBe(hours(before!.balance));

    await page.getByTestId('leave-request-open').click();
    const form = await visible(page.getByTestId('leave-request-form'));
    await form.locator('.ant-select').first().click();
    await (
      await visible(page.locator('.ant-select-item-option').filter({ hasText: EN.types.annual }))
    ).click();
    const [start, end] = [
      form.locator('.ant-picker-range input').first(),
      form.locator('.ant-picker-range input').nth(1),
    ];
    await start.click();
    await start.fill(FROM);
    await start.press('Enter');
    await end.fill(TO);
    await end.press('Enter');
    const quote = await visible(page.getByTestId('leave-quote'));
    const { amount } = await one<{ amount: string }>(
      `select app.leave_cost($1, app.leave_policy('US', 'annual', $2), $2, $3, null)::text as amount`,
      [id, FROM, TO],
    );
    await expect
      .poll(() => quote.innerText())
      .toContain(EN.form.costs.replace('{{amount}}', hours(Number(amount))));
    expect(await quote.innerText()).toContain(
      EN.form.available.replace('{{amount}}', hours(before!.balance)),
    );

    await page.getByTestId('leave-submit').click();
    await expectToast(page, EN.form.sent);
    const row = await one<{ status: string; amount: string }>(
      `select status, amount::text from public.leave_requests where employee_id = $1 and start_date = $2`,
      [id, FROM],
    );
    expect(row).toEqual({ status: 'pending', amount });
    await visible(page.getByTestId('my-leave-requests').getByText(EN.status.pending, { exact: true }));
  });

  test('the manager approves it from the manager portal', async ({ page }) => {
    await logIn(page, 'manager@demo.test', '/manager-portal');
    const requests = await visible(page.getByTestId('team-leave-requests'));
    const row = requests.locator('tr').filter({ hasText: 'Emily Brooks' });
    await row.getByTestId('leave-approve').click();
    await expectToast(page, EN.actions.approved);
    const { status } = await one<{ status: string }>(
      `select status from public.leave_requests where employee_id = $1 and start_date = $2`,
      [await emily(), FROM],
    );
    expect(status).toBe('approved');
    // The team calendar shows her off.
    await visible(page.getByTestId('team-leave-calendar').getByTestId('team-leave-day').first());
  });

  test('the balance follows on the portal, and the dashboard no longer counts her absent', async ({
    page,
  }) => {
    const id = await emily();
    const { amount } = await one<{ amount: string }>(
      `select amount::text from public.leave_requests where employee_id = $1 and start_date = $2`,
      [id, FROM],
    );
    await logIn(page, 'employee@demo.test', '/employee-portal');
    await expect
      .poll(() => page.getByTestId('leave-balance-annual').innerText())
      .toBe(hours(before!.balance - Number(amount)));
    await visible(page.getByTestId('my-leave-requests').getByText(EN.status.approved, { exact: true }));

    const { absent, expected } = await one<{ absent: boolean; expected: boolean }>(
      `select absent, expected from app.attendance_days($1, $1, null, null, array[$2]::uuid[])`,
      [FROM, id],
    );
    expect({ absent, expected }).toEqual({ absent: false, expected: false });
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await logIn(page, 'admin@demo.test', '/dashboard');
    await expect.poll(() => absentCard(page)).toBe(before!.absentCount - (before!.emilyAbsent ? 1 : 0));
    // She counts on leave, and Today's Summary gives its rate with the counts it comes from.
    await expect.poll(() => statCard(page, 'onLeave')).toBe(before!.onLeaveCount + 1);
    const today = await one<{ expected: number; present_expected: number; on_leave: number }>(
      `select expected, present_expected, on_leave from public.attendance_summary(0)`,
    );
    expect(await page.getByTestId('today-rate-counts').innerText()).toBe(
      `${today.present_expected} of ${today.expected} expected`,
    );
    expect(
      Number((await page.getByTestId('today-on-leave').locator('.ant-statistic-content').innerText()).trim()),
    ).toBe(today.on_leave);
  });

  test("HR records yesterday's sick leave for someone absent: yesterday's report stops counting them absent", async ({
    page,
  }) => {
    const FR = leaveFr;
    const YESTERDAY = '2026-11-17';
    // Someone absent yesterday (not the employee of the tests above, and not HR herself: the demo
    // HR account, Fatimata Kaboré, is listed as "myself" in the for-whom choice), among the people
    // that choice offers (active, not a kiosk), in Ouagadougou where sick leave has no balance to
    // run out, else in Chicago.
    const person = await one<{ id: string; name: string }>(
      `select e.id, e.first_name || ' ' || e.last_name as name
       from app.attendance_days_live($1, $1, null, null, null, true) d
       join public.employees e on e.id = d.employee_id
       join public.sites s on s.id = e.site_id
       where d.absent and e.email is distinct from 'employee@demo.test'
         and e.email is distinct from 'hr@demo.test' and e.status = 'active' and e.role <> 'kiosk'
         and not exists (select 1 from public.leave_requests lr where lr.employee_id = e.id
           and lr.status in ('pending', 'approved') and $1 between lr.start_date and lr.end_date)
       order by (s.country = 'BF') desc, e.first_name, e.last_name limit 1`,
      [YESTERDAY],
    );
    /** Yesterday in the database: absent and on leave (everyone; HR sees everyone). */
    const truth = () =>
      one<{ absent: number; on_leave: number }>(
        `select (select count(*)::int from app.attendance_days_live($1, $1, null, null, null, true) where absent) as absent,
           (select count(*)::int from app.leave_person_days($1, $1, null, null)
              where employee_id in (select id from public.employees)) as on_leave`,
        [YESTERDAY],
      );
    const dailyRow = async () => {
      await page.goto('/reports');
      for (const id of ['start-date', 'end-date']) {
        const input = page
          .getByTestId(id)
          .locator('input')
          .or(page.locator(`input[data-testid="${id}"]`))
          .first();
        await input.click();
        await input.fill(YESTERDAY);
        await input.press('Enter');
      }
      await page.getByTestId('type-card-daily').click();
      await page.getByTestId('generate-report').click();
      const table = await visible(page.getByTestId('report-table-daily'));
      const cells = (await table.locator('tbody tr.ant-table-row').first().locator('td').allInnerTexts()).map(
        (c) => c.trim(),
      );
      // Date, Present, Absent, Late, On leave, Total, Rate.
      return { absent: Number(cells[2]), on_leave: Number(cells[4]) };
    };

    await logIn(page, 'hr@demo.test', '/employee-management');
    const was = await truth();
    expect(await dailyRow()).toEqual(was);

    // HR records the sick day on the person's behalf (approved at once: it is after the fact).
    await page.goto('/leave-requests/new');
    await (await visible(page.getByTestId('leave-for-whom'))).click();
    await page.keyboard.type(person.name);
    await (
      await visible(page.locator('.ant-select-item-option').filter({ hasText: person.name }).first())
    ).click();
    const form = await visible(page.getByTestId('leave-request-form'));
    await form.getByTestId('leave-type').click();
    await (await visible(page.locator('.ant-select-item-option').filter({ hasText: FR.types.sick }))).click();
    const [start, end] = [
      form.locator('.ant-picker-range input').first(),
      form.locator('.ant-picker-range input').nth(1),
    ];
    await start.click();
    await start.fill(YESTERDAY);
    await start.press('Enter');
    await end.fill(YESTERDAY);
    await end.press('Enter');
    await visible(page.getByTestId('leave-quote'));
    await page.getByTestId('leave-submit').click();
    await page.waitForURL(/\/leave-requests\/[0-9a-f-]{36}$/);
    const recorded = await one<{ status: string; requested_by_hr: boolean }>(
      `select lr.status, lr.requested_by = (select id from public.employees where email = 'hr@demo.test') as requested_by_hr
       from public.leave_requests lr where lr.employee_id = $1 and lr.start_date = $2 and lr.leave_type = 'sick'`,
      [person.id, YESTERDAY],
    );
    expect(recorded).toEqual({ status: 'approved', requested_by_hr: true });
    const { absent } = await one<{ absent: boolean }>(
      `select absent from app.attendance_days_live($1, $1, null, null, array[$2]::uuid[], true)`,
      [YESTERDAY, person.id],
    );
    expect(absent).toBe(false);

    // Yesterday's report: one absent fewer, one more on leave, as the database says.
    const now = await truth();
    expect(now).toEqual({ absent: was.absent - 1, on_leave: was.on_leave + 1 });
    expect(await dailyRow()).toEqual(now);
  });
});
