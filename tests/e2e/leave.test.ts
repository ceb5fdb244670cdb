// Leave, as people meet it (issue 27): an employee requests two days from their portal, seeing what
// they cost and their balance before sending; their manager approves from the manager portal; the
// employee's balance follows, and so does the dashboard (someone on approved leave is not absent).
// The clock is pinned (Wednesday 2026-11-18, 10:00 in Chicago); the leave is today and tomorrow.
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, describe, expect } from 'vitest';
import leaveTexts from '../../src/i18n/features/leave.ts';
import { e2e, expectToast, logIn, visible } from './browser.ts';

const { test, stack } = e2e({ data: 'demo' });
const EN = leaveTexts.en;

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

async function absentCard(page: Page): Promise<number> {
  const card = await visible(page.getByTestId('stat-absent').locator('.ant-statistic-content'));
  return Number((await card.innerText()).replace(/\D/g, ''));
}

let before: { balance: number; absentCount: number; emilyAbsent: boolean } | undefined;

describe('leave', () => {
  test('the dashboard before: the absent count, with the employee absent or not today', async ({ page }) => {
    const id = await emily();
    const { absent } = await one<{ absent: boolean }>(
      `select absent from app.attendance_days($1, $1, null, null, array[$2]::uuid[])`,
      [FROM, id],
    );
    await logIn(page, 'admin@demo.test', '/dashboard');
    before = { balance: await annualBalance(id), absentCount: await absentCard(page), emilyAbsent: absent };
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
  });
});
