// The offline kiosk at a verify site (issue 26 item 2), on the Ouagadougou kiosk in French: with the
// page's network cut, a personal number and a finger are queued on the tablet (the press's template,
// never the image, with the number); back online, the server verifies each press 1:1 at replay. The
// person's own finger becomes their check-in at the time of the press; the number of one person with
// the finger of another is no punch but a press listed for HR's review.
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
  personal_number: string;
}

let db: pg.Client;
let people: Person[] = [];

beforeAll(async () => {
  db = new pg.Client({ connectionString: stack().databaseUrl });
  await db.connect();
  const { rows } = await db.query<Person>(
    `select e.id, btrim(e.first_name || ' ' || e.last_name) as name, e.personal_number
     from public.employees e join public.sites s on s.id = e.site_id
     where e.role <> 'kiosk' and e.status = 'active' and s.name = 'Ouagadougou'
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

/** 'Arrivée', the personal number on the keypad, then the simulated finger of `finger`. */
async function press(page: Page, number: string, finger: string): Promise<void> {
  await page.getByRole('button', { name: 'Arrivée', exact: true }).click();
  const keypad = page.getByTestId('kiosk-keypad');
  await visible(keypad);
  for (const digit of number) await keypad.getByRole('button', { name: digit, exact: true }).click();
  await keypad.getByRole('button', { name: 'OK', exact: true }).click();
  const select = scanner(page).getByLabel('Doigt simulé', { exact: true });
  await expect.poll(() => select.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
  await select.selectOption({ label: finger });
}

const recordsSince = async (ids: string[], since: Date) =>
  (
    await db.query<{ employee_id: string; check_in: Date; source: string }>(
      `select employee_id, check_in, source from public.attendances
       where employee_id = any ($1) and check_in >= $2 order by check_in`,
      [ids, since],
    )
  ).rows;

const presses = async (since: Date) =>
  (
    await db.query<{ personal_number: string; action: string; pressed_at: Date; reason: string }>(
      `select personal_number, action, pressed_at, reason from public.unverified_presses
       where received_at >= $1 and resolution is null order by pressed_at`,
      [since],
    )
  ).rows;

describe('offline kiosk at a verify site', () => {
  test('queues number + press while offline; at replay the right finger punches, another is listed for HR', async ({
    page,
  }) => {
    const [person, other, stranger] = people as [Person, Person, Person];
    await logIn(page, 'kiosk.bf@demo.test', '/attendance-scanner');
    await expect
      .poll(() => status(page).textContent(), { timeout: UI_TIMEOUT })
      .toBe('Saisissez votre numéro personnel');
    await expect(banner(page).count()).resolves.toBe(0);
    // The scanner page is loaded (its simulator offers the site's people) before the network goes.
    await expect
      .poll(() => scanner(page).getByLabel('Doigt simulé', { exact: true }).count(), { timeout: UI_TIMEOUT })
      .toBe(1);

    const start = await clockNow(db);
    await page.context().setOffline(true);
    await expect
      .poll(() => banner(page).textContent(), { timeout: UI_TIMEOUT })
      .toBe('Hors ligne — 0 pointage en attente');

    // The person's number and their own finger: kept on the tablet.
    const beforePress = await clockNow(db);
    await press(page, person.personal_number, person.name);
    await expect
      .poll(() => status(page).textContent(), { timeout: UI_TIMEOUT })
      .toBe('Enregistré sur ce terminal');
    const afterPress = await clockNow(db);
    await expect
      .poll(() => banner(page).textContent(), { timeout: UI_TIMEOUT })
      .toBe('Hors ligne — 1 pointage en attente');
    await expect
      .poll(() => status(page).textContent(), { timeout: UI_TIMEOUT })
      .toBe('Saisissez votre numéro personnel');

    // Another person's number with a stranger's finger: the tablet cannot tell; it is kept too.
    await press(page, other.personal_number, stranger.name);
    await expect
      .poll(() => banner(page).textContent(), { timeout: UI_TIMEOUT })
      .toBe('Hors ligne — 2 pointages en attente');

    // Nothing reached the database while offline.
    expect(await recordsSince([person.id, other.id, stranger.id], start)).toEqual([]);
    expect(await presses(start)).toEqual([]);

    // Back online: both replayed, the queue empties.
    await page.context().setOffline(false);
    await expect.poll(() => banner(page).count(), { timeout: UI_TIMEOUT }).toBe(0);
    // The person's press verified: their check-in, at the time of the press.
    const rows = await recordsSince([person.id, other.id, stranger.id], start);
    expect(rows.map((r) => [r.employee_id, r.source])).toEqual([[person.id, 'fingerprint']]);
    expect(rows[0]!.check_in.getTime()).toBeGreaterThanOrEqual(beforePress.getTime() - 1000);
    expect(rows[0]!.check_in.getTime()).toBeLessThanOrEqual(afterPress.getTime());
    // The other press is no punch: listed once for HR with its number, action and reason.
    expect((await presses(start)).map((p) => [p.personal_number, p.action, p.reason])).toEqual([
      [other.personal_number, 'check_in', 'no_match'],
    ]);
    const replays = await db.query<{ outcome: string }>(
      `select outcome from public.punch_replays where employee_id = $1 and replayed_at >= $2`,
      [person.id, start],
    );
    expect(replays.rows.map((r) => r.outcome)).toEqual(['accepted']);
  });
});
