// The offline kiosk: with the page's network cut, punches made with the scanner are queued on
// the tablet (banner 'Offline — N punches waiting'); when the network returns they are replayed,
// and the database holds exactly those records, with the times of the presses.
import pg from 'pg';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { demoEnrolment, enrolmentSql } from '../../supabase/seed/fingerprints.ts';
import { clockNow } from '../clock.ts';
import { e2e, logIn, UI_TIMEOUT, visible } from './browser.ts';

const { test, stack } = e2e({ data: 'demo' });

interface Person {
  id: string;
  name: string;
}

let db: pg.Client;
let people: Person[] = [];

beforeAll(async () => {
  db = new pg.Client({ connectionString: stack().databaseUrl });
  await db.connect();
  const { rows } = await db.query<Person>(
    `select e.id, btrim(e.first_name || ' ' || e.last_name) as name
     from public.employees e join public.sites s on s.id = e.site_id
     where e.role <> 'kiosk' and e.status = 'active' and s.name = 'Chicago Plant'
     order by e.first_name, e.last_name limit 3`,
  );
  people = rows;
  await db.query(enrolmentSql(people.map((p) => demoEnrolment(p.id))));
  await db.query(`delete from public.attendances where employee_id = any ($1) and check_out is null`, [
    people.map((p) => p.id),
  ]);
});

afterAll(async () => {
  await db?.end();
});

const scanner = (page: Page): FrameLocator => page.frameLocator('iframe[data-testid="scanner-frame"]');
const status = (page: Page) => page.getByTestId('kiosk-status');
const banner = (page: Page) => page.getByTestId('kiosk-offline');

async function press(page: Page, action: 'Check In' | 'Check Out', name: string): Promise<void> {
  await page.getByRole('button', { name: action, exact: true }).click();
  const select = scanner(page).getByLabel('Simulated finger', { exact: true });
  await expect.poll(() => select.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
  await select.selectOption({ label: name });
}

const recordsSince = async (ids: string[], since: Date) =>
  (
    await db.query<{ employee_id: string; check_in: Date; check_out: Date | null; source: string }>(
      `select employee_id, check_in, check_out, source from public.attendances
       where employee_id = any ($1) and (check_in >= $2 or check_out >= $2) order by check_in`,
      [ids, since],
    )
  ).rows;

describe('offline kiosk', () => {
  test('queues punches while the network is cut and replays them with their times', async ({ page }) => {
    const [a, b] = people as [Person, Person];
    await logIn(page, 'kiosk.us@demo.test', '/attendance-scanner');
    await expect.poll(() => status(page).textContent(), { timeout: UI_TIMEOUT }).toBe('Ready');
    await visible(scanner(page).getByText(`Enrolled fingers: ${people.length}`, { exact: true }));
    await expect(banner(page).count()).resolves.toBe(0);

    const start = await clockNow(db);
    await page.context().setOffline(true);
    await expect
      .poll(() => banner(page).textContent(), { timeout: UI_TIMEOUT })
      .toBe('Offline — 0 punches waiting');

    // A checks in, B checks in: both identified on the tablet, both queued.
    const beforeA = await clockNow(db);
    await press(page, 'Check In', a.name);
    const result = page.getByTestId('kiosk-result');
    await visible(result.getByText('Checked In', { exact: true }));
    await expect.poll(() => status(page).textContent(), { timeout: UI_TIMEOUT }).toBe('Saved on this kiosk');
    const afterA = await clockNow(db);
    await expect
      .poll(() => banner(page).textContent(), { timeout: UI_TIMEOUT })
      .toBe('Offline — 1 punch waiting');

    const beforeB = await clockNow(db);
    await press(page, 'Check In', b.name);
    await expect
      .poll(() => banner(page).textContent(), { timeout: UI_TIMEOUT })
      .toBe('Offline — 2 punches waiting');
    const afterB = await clockNow(db);

    // Nothing reached the database while offline.
    expect(await recordsSince([a.id, b.id], start)).toEqual([]);

    // Back online: replayed, the banner goes away, exactly those two records with the presses' times.
    const reconnect = await clockNow(db);
    await page.context().setOffline(false);
    await expect.poll(() => banner(page).count(), { timeout: UI_TIMEOUT }).toBe(0);
    const rows = await recordsSince([a.id, b.id], start);
    expect(rows.map((r) => [r.employee_id, r.source, r.check_out])).toEqual([
      [a.id, 'fingerprint', null],
      [b.id, 'fingerprint', null],
    ]);
    const [ra, rb] = rows as [(typeof rows)[0], (typeof rows)[0]];
    expect(ra.check_in.getTime()).toBeGreaterThanOrEqual(beforeA.getTime() - 1000);
    expect(ra.check_in.getTime()).toBeLessThanOrEqual(afterA.getTime());
    expect(rb.check_in.getTime()).toBeGreaterThanOrEqual(beforeB.getTime() - 1000);
    expect(rb.check_in.getTime()).toBeLessThanOrEqual(afterB.getTime());
    expect(rb.check_in.getTime()).toBeLessThan(reconnect.getTime());
    const ledger = await db.query<{ outcome: string }>(
      `select outcome from public.punch_replays where employee_id = any ($1) and replayed_at >= $2`,
      [[a.id, b.id], start],
    );
    expect(ledger.rows.map((r) => r.outcome)).toEqual(['accepted', 'accepted']);

    // Online again, a punch goes live: A checks out. (A's record moves two hours back first: a
    // second press within the kiosk's repeat interval would be 'already recorded'.)
    await db.query(
      `update public.attendances set check_in = check_in - interval '2 hours'
       where employee_id = $1 and check_out is null`,
      [a.id],
    );
    await press(page, 'Check Out', a.name);
    await visible(result.getByText('Checked Out', { exact: true }));
    await expect
      .poll(async () => (await recordsSince([a.id], start))[0]?.check_out !== null, { timeout: UI_TIMEOUT })
      .toBe(true);
  });
});
