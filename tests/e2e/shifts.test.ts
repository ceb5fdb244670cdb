// Shifts: an admin creates a night shift with two employees, edits and reassigns it, finds it by an
// employee's name, sees it cross midnight in the week view and deletes it; the screen's counters
// and cards match the database at each step.
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { chooseOption, e2e, expectToast, logIn, seeText, visible } from './browser.ts';

const { test, stack } = e2e({ data: 'demo' });
let db: pg.Pool;
beforeAll(() => {
  db = new pg.Pool({ connectionString: stack().databaseUrl, max: 2 });
});
afterAll(() => db?.end());

const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  (await db.query<T>(sql, params)).rows[0]!;

async function counters() {
  return one<{ total: number; employees: number; assigned: number }>(`select
    (select count(*)::int from public.shifts) total,
    (select count(*)::int from public.employees where status = 'active' and role <> 'kiosk') employees,
    (select count(distinct shift_id)::int from public.shift_assignments) assigned`);
}

async function expectCounters(page: Page) {
  const c = await counters();
  const value = (key: string) =>
    page.getByTestId(`counter-${key}`).locator('.ant-statistic-content-value').textContent();
  await expect.poll(() => value('totalShifts')).toBe(String(c.total));
  await expect.poll(() => value('totalEmployees')).toBe(String(c.employees));
  await expect.poll(() => value('assigned')).toBe(String(c.assigned));
  await expect.poll(() => value('unassigned')).toBe(String(c.total - c.assigned));
}

async function pickEmployee(page: Page, name: string) {
  await page.getByTestId('shift-form').locator('.ant-select-multiple .ant-select-selector').click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-item-option').filter({ hasText: name }).first().click();
}

describe('shifts management', () => {
  test('create, edit, reassign, search, week view and delete a night shift', async ({ page }) => {
    const people = (
      await db.query<{ name: string; id: string }>(
        `select id, first_name || ' ' || last_name as name from public.employees
         where status = 'active' and role = 'employee' order by first_name, last_name limit 3`,
      )
    ).rows;
    const [a, b, c] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];

    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/shifts-management');
    await visible(page.getByRole('heading', { name: 'Shift Management' }));
    await expectCounters(page);

    // An incomplete form says what is missing and saves nothing.
    const before = (await counters()).total;
    await page.getByRole('button', { name: '+ Add Shift' }).click();
    await page.getByRole('button', { name: 'Create Shift' }).click();
    await seeText(page, 'Missing: name, start time, end time, at least one day');
    expect((await counters()).total).toBe(before);

    // Create a night shift at the Chicago site with two employees.
    await page.getByLabel('Shift name').fill('E2E Night');
    await page.getByLabel('Start time').fill('22:00');
    await page.getByLabel('End time').fill('06:00');
    await visible(page.getByText('Ends the next day (night shift)'));
    await page.getByLabel('Break duration (mins)').fill('45');
    for (const day of ['Sun', 'Mon']) {
      const box = page.getByLabel(day, { exact: true });
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await chooseOption(page, page.getByLabel('Site', { exact: true }), 'Chicago Plant');
    await pickEmployee(page, a.name);
    await pickEmployee(page, b.name);
    await page.getByRole('button', { name: 'Create Shift' }).click();
    await expectToast(page, 'Shift created');

    const created = await one<{
      id: string;
      break_duration: number;
      days_of_week: string[];
      end_time: string;
    }>(`select id, break_duration, days_of_week, end_time::text from public.shifts where name = 'E2E Night'`);
    expect(created).toMatchObject({ break_duration: 45, days_of_week: ['Mon', 'Sun'], end_time: '06:00:00' });
    const assigned = async () =>
      (
        await db.query<{ employee_id: string }>(
          'select employee_id from public.shift_assignments where shift_id = $1 order by employee_id',
          [created.id],
        )
      ).rows.map((r) => r.employee_id);
    expect(await assigned()).toEqual([a.id, b.id].sort());
    const card = page.getByTestId('shift-card').filter({ hasText: 'E2E Night' });
    await visible(card.getByText('22:00 – 06:00'));
    await visible(card.getByText('+1 day'));
    await expectCounters(page);

    // Edit: rename, drop the first employee, add the third.
    await card.getByRole('button', { name: 'Edit' }).click();
    await visible(page.getByText('Edit Shift', { exact: true }));
    await page.getByLabel('Shift name').fill('E2E Night Edited');
    await page
      .getByTestId('shift-form')
      .locator('.ant-select-selection-item')
      .filter({ hasText: a.name })
      .locator('.ant-select-selection-item-remove')
      .click();
    await pickEmployee(page, c.name);
    await page.getByRole('button', { name: 'Update Shift' }).click();
    await expectToast(page, 'Shift updated');
    await expect
      .poll(
        async () =>
          (await one<{ name: string }>('select name from public.shifts where id = $1', [created.id])).name,
      )
      .toBe('E2E Night Edited');
    expect(await assigned()).toEqual([b.id, c.id].sort());

    // Search by an employee's name finds the shift; by nonsense finds nothing.
    const search = page.getByLabel('Search by shift or employee name');
    await search.fill(c.name);
    await visible(page.getByTestId('shift-card').filter({ hasText: 'E2E Night Edited' }));
    await search.fill('zzz-no-such-thing');
    await seeText(page, 'No shift or employee matches your search.');
    await search.fill('E2E Night');

    // Week view: Sunday 22:00–24:00 continues Monday 00:00–06:00 at Chicago Plant.
    const week = await visible(page.getByTestId('week-view'));
    await visible(week.locator('[data-day="Sun"]').getByText('22:00–24:00'));
    await visible(week.locator('[data-day="Mon"]').getByText('00:00–06:00'));
    await visible(week.locator('[data-day="Tue"]').getByText('00:00–06:00'));

    // Delete with confirmation.
    await page
      .getByTestId('shift-card')
      .filter({ hasText: 'E2E Night Edited' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Shift deleted');
    await expect
      .poll(async () =>
        Number((await one('select count(*) from public.shifts where id = $1', [created.id])).count),
      )
      .toBe(0);
    await expectCounters(page);
  });

  test('a manager reads shifts and the week view but cannot change them', async ({ page }) => {
    await logIn(page, 'manager@demo.test', '/manager-portal');
    await page.goto('/shifts-management');
    await seeText(page, 'Only admins and HR can create or edit shifts.');
    await visible(page.getByTestId('shift-card').first());
    await visible(page.getByTestId('week-view'));
    expect(await page.getByRole('button', { name: '+ Add Shift' }).count()).toBe(0);
    expect(await page.getByTestId('shift-form').count()).toBe(0);
    expect(await page.getByTestId('shift-card').getByRole('button', { name: 'Edit' }).count()).toBe(0);
  });
});
