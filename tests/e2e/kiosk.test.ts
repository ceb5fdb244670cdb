// The kiosk end to end: a kiosk signs in and lands on the scanner; a demo employee's simulated
// finger checks in and out in one tap (a second press at once is 'already recorded'), the spec's
// buttons still choose (and the database has the record); an unknown
// finger is not recognized; French on the Ouagadougou kiosk; no simulator when the system does
// not allow it; enrolment of a new finger, and refusal of a finger enrolled to someone else.
import pg from 'pg';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { demoEnrolment, demoFingerSql, enrolmentSql } from '../../supabase/seed/fingerprints.ts';
import { e2e, expectPath, logIn, UI_TIMEOUT, visible } from './browser.ts';

// The kiosk's journeys read the scanner's performance measures (which press the simulator made), and
// the kiosk shows the times the database records: the browser keeps its own clock.
const { test, stack } = e2e({ data: 'demo', browserClock: 'real' });

interface Person {
  id: string;
  name: string;
  site: string;
  first_name: string;
  personal_number: string;
}

let db: pg.Client;
/** Enrolled demo employees (3 per site), and two employees without a finger yet. */
let chicago: Person[] = [];
let ouaga: Person[] = [];
let unenrolled: Person[] = [];
/** Enrolled while a kiosk is running. */
let late: Person;

beforeAll(async () => {
  db = new pg.Client({ connectionString: stack().databaseUrl });
  await db.connect();
  const { rows } = await db.query<Person>(
    `select e.id, btrim(e.first_name || ' ' || e.last_name) as name, s.name as site, e.first_name, e.personal_number
     from public.employees e join public.sites s on s.id = e.site_id
     where e.role <> 'kiosk' and e.status = 'active' order by e.first_name, e.last_name`,
  );
  chicago = rows.filter((r) => r.site === 'Chicago Plant').slice(0, 3);
  ouaga = rows.filter((r) => r.site === 'Ouagadougou').slice(0, 3);
  unenrolled = rows.filter((r) => r.site === 'Chicago Plant').slice(3, 5);
  late = rows.filter((r) => r.site === 'Chicago Plant')[5]!;
  // The same demo fingers `npm start` enrols (supabase/seed/fingerprints.ts), for a few people.
  const enrolments = [...chicago, ...ouaga].map((p) => demoEnrolment(p.id));
  await db.query(enrolmentSql(enrolments));
  // The first person's finger is also stored, as `npm start` stores every demo finger: the scanner
  // fetches it; the others' fingers the scanner grows itself (a system without stored fingers).
  await db.query(demoFingerSql(enrolments.slice(0, 1)));
});

afterAll(async () => {
  await db?.end();
});

const scanner = (page: Page): FrameLocator => page.frameLocator('iframe[data-testid="scanner-frame"]');

async function pressSimulated(page: Page, label: string): Promise<void> {
  const select = scanner(page).getByLabel('Simulated finger', { exact: true });
  await expect.poll(() => select.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
  await select.selectOption({ label });
}

async function openRecord(employeeId: string) {
  const { rows } = await db.query(
    `select source, device, status, check_out, total_hours from public.attendances
     where employee_id = $1 order by check_in desc limit 1`,
    [employeeId],
  );
  return rows[0] as
    | {
        source: string;
        device: string | null;
        status: string;
        check_out: Date | null;
        total_hours: string | null;
      }
    | undefined;
}

const status = (page: Page) => page.getByTestId('kiosk-status');

const punchCount = async (employeeId: string) =>
  (await db.query('select 1 from public.attendances where employee_id = $1', [employeeId])).rowCount;

/** Types a personal number on the verify kiosk's keypad, then OK. */
async function typeNumber(page: Page, number: string): Promise<void> {
  const keypad = page.getByTestId('kiosk-keypad');
  await visible(keypad);
  for (const digit of number) await keypad.getByRole('button', { name: digit, exact: true }).click();
  await keypad.getByRole('button', { name: 'OK', exact: true }).click();
}

/** Where the scanner's last simulated press took its finger from (its performance measure). */
async function lastPressFinger(page: Page): Promise<string | undefined> {
  const frame = page.frames().find((f) => f.url().includes('/fingerprint/'));
  return frame?.evaluate(
    () =>
      (performance.getEntriesByName('scanner:identify').at(-1) as PerformanceMeasure | undefined)?.detail
        ?.finger,
  );
}

describe('kiosk', () => {
  test('one tap checks a demo employee in, then out; a second press at once is already recorded; the buttons remain', async ({
    page,
  }) => {
    const person = chicago[0]!;
    // Nothing open for this person before the journey (the demo data may have an open record).
    await db.query(`delete from public.attendances where employee_id = $1 and check_out is null`, [
      person.id,
    ]);
    /** Moves the person's records back two hours: later presses fall outside the repeated-press interval. */
    const twoHoursLater = () =>
      db.query(
        `update public.attendances set check_in = check_in - interval '2 hours',
           check_out = check_out - interval '2 hours' where employee_id = $1 and check_in > app.now() - interval '1 day'`,
        [person.id],
      );

    await logIn(page, 'kiosk.us@demo.test', '/attendance-scanner');
    await expect.poll(() => status(page).textContent()).toBe('Ready');
    // One tap: no button to press first; an identify site does not know who comes, so 'your finger'.
    await expect
      .poll(() => page.getByTestId('kiosk-prompt').textContent())
      .toBe('Place your finger to check in or out');
    await visible(scanner(page).getByText(`Enrolled fingers: ${chicago.length}`, { exact: true }));
    await visible(scanner(page).getByText('Attendance · Check In or Out', { exact: true }));

    // A press → 'Checked In', 'Welcome {name}', an open fingerprint record with this device.
    const fetched = page.waitForResponse((r) => r.url().includes('/rpc/demo_finger'));
    await pressSimulated(page, person.name);
    // The simulator pressed the stored finger (fetched, not grown again).
    expect((await fetched).status()).toBe(200);
    expect(await (await fetched).json()).toEqual(expect.stringMatching(/^[A-Za-z0-9+/]{1000,}=*$/));
    const result = page.getByTestId('kiosk-result');
    await visible(result);
    expect(await lastPressFinger(page)).toBe('stored');
    await visible(result.getByText('Checked In', { exact: true }));
    await visible(result.getByText(`Welcome ${person.name}`, { exact: true }));
    await expect.poll(() => page.getByTestId('kiosk-result-name').textContent()).toBe(person.name);
    const opened = await openRecord(person.id);
    expect(opened).toMatchObject({ source: 'fingerprint', status: 'checked_in', check_out: null });
    expect(opened?.device).toMatch(/^kiosk-/);
    const punches = await punchCount(person.id);

    // Back to Ready by itself.
    await expect.poll(() => status(page).textContent(), { timeout: UI_TIMEOUT }).toBe('Ready');
    await expect(result.count()).resolves.toBe(0);

    // The same press again at once: 'Already recorded', nothing written (no 0.00 h record).
    await pressSimulated(page, person.name);
    await visible(result.getByText('Already recorded', { exact: true }));
    expect(await punchCount(person.id)).toBe(punches);
    expect((await openRecord(person.id))?.check_out).toBeNull();
    await expect.poll(() => status(page).textContent(), { timeout: UI_TIMEOUT }).toBe('Ready');

    // Two hours later: a press → 'Checked Out', 'Goodbye {name}', the total hours the database computed.
    await twoHoursLater();
    await pressSimulated(page, person.name);
    await visible(result.getByText('Checked Out', { exact: true }));
    await visible(result.getByText(`Goodbye ${person.name}`, { exact: true }));
    const closed = await openRecord(person.id);
    expect(closed?.status).toBe('checked_out');
    expect(Number(closed!.total_hours)).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => page.getByTestId('kiosk-result-hours').textContent())
      .toBe(Number(closed!.total_hours).toFixed(2));
    await expect.poll(() => status(page).textContent(), { timeout: UI_TIMEOUT }).toBe('Ready');

    // The spec's buttons remain for an explicit choice: Check Out with nothing open → 'Check-Out Failed'.
    await twoHoursLater();
    await page.getByRole('button', { name: 'Check Out', exact: true }).click();
    await expect.poll(() => status(page).textContent()).toBe('Please place your finger to Check-Out');
    await pressSimulated(page, person.name);
    await visible(result.getByText('Check-Out Failed', { exact: true }));
    await expect.poll(() => status(page).textContent(), { timeout: UI_TIMEOUT }).toBe('Ready');
    // Check In → 'Checked In'.
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await expect.poll(() => status(page).textContent()).toBe('Please place your finger to Check-In');
    await pressSimulated(page, person.name);
    await visible(result.getByText('Checked In', { exact: true }));
    expect((await openRecord(person.id))?.status).toBe('checked_in');
  });

  test('an unknown finger is not recognized; a finger enrolled meanwhile reaches the running kiosk', async ({
    page,
  }) => {
    await logIn(page, 'kiosk.us@demo.test', '/attendance-scanner');
    await expect.poll(() => status(page).textContent()).toBe('Ready');
    const result = page.getByTestId('kiosk-result');

    // An unknown finger → 'Not Recognized / Fingerprint not matched', status 'Fingerprint not recognized'.
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await pressSimulated(page, 'Unknown finger');
    await visible(result.getByText('Not Recognized', { exact: true }));
    // Nobody stored that finger: the scanner grew it.
    expect(await lastPressFinger(page)).toBe('grown');
    await visible(result.getByText('Fingerprint not matched', { exact: true }));
    await expect.poll(() => status(page).textContent()).toBe('Fingerprint not recognized');
    await expect.poll(() => status(page).textContent(), { timeout: UI_TIMEOUT }).toBe('Ready');

    // A finger enrolled meanwhile reaches the running kiosk without a reload (the scanner checks the
    // roster's version every 15 s and when its window gets the focus) and checks that person in.
    await db.query(enrolmentSql([demoEnrolment(late.id)]));
    await db.query(`delete from public.attendances where employee_id = $1 and check_out is null`, [late.id]);
    await scanner(page)
      .locator('body')
      .evaluate(() => window.dispatchEvent(new Event('focus')));
    await visible(scanner(page).getByText(`Enrolled fingers: ${chicago.length + 1}`, { exact: true }));
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await pressSimulated(page, late.name);
    await visible(result.getByText(`Welcome ${late.name}`, { exact: true }));
  });

  test("the Ouagadougou kiosk verifies: number + that person's finger checks them in, in French; another finger is Not Recognized", async ({
    page,
  }) => {
    const [person, other] = [ouaga[0]!, ouaga[1]!];
    await db.query(`delete from public.attendances where employee_id = any($1) and check_out is null`, [
      [person.id, other.id],
    ]);
    await logIn(page, 'kiosk.bf@demo.test', '/attendance-scanner');
    // A verify site asks for the number from the start (one tap), or after an explicit choice.
    await expect.poll(() => status(page).textContent()).toBe('Saisissez votre numéro personnel');
    await page.getByRole('button', { name: 'Arrivée', exact: true }).click();
    // A verify site: the personal number first, on the keypad.
    await expect.poll(() => status(page).textContent()).toBe('Saisissez votre numéro personnel');
    await typeNumber(page, person.personal_number);
    await expect.poll(() => status(page).textContent()).toBe('Posez votre doigt pour pointer l’arrivée');
    // The finger to place is the one enrolled (the demo's right index), not 'your thumb'.
    await expect.poll(() => page.getByTestId('kiosk-prompt').textContent()).toBe('Index droit');
    // Only the first name, once the number is known.
    await expect
      .poll(() => page.getByTestId('kiosk-person').textContent())
      .toBe(`Bonjour ${person.first_name}`);
    const select = scanner(page).getByLabel('Doigt simulé', { exact: true });
    await expect.poll(() => select.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    // Only the site's people are offered.
    const offered = await select.locator('option').allTextContents();
    expect(offered).toContain(person.name);
    expect(offered).not.toContain(chicago[0]!.name);
    await select.selectOption({ label: person.name });
    const result = page.getByTestId('kiosk-result');
    await visible(result.getByText('Arrivée enregistrée', { exact: true }));
    await visible(result.getByText(`Bienvenue ${person.first_name}`, { exact: true }));
    expect((await openRecord(person.id))?.status).toBe('checked_in');
    // Ready again: a verify site's ready state asks for the next number.
    await expect
      .poll(() => status(page).textContent(), { timeout: UI_TIMEOUT })
      .toBe('Saisissez votre numéro personnel');

    // The number of one person, the finger of another: 'Non reconnu', nothing recorded.
    const strangerPunches = await punchCount(ouaga[2]!.id);
    const otherPunches = await punchCount(other.id);
    await page.getByRole('button', { name: 'Arrivée', exact: true }).click();
    await typeNumber(page, other.personal_number);
    await expect.poll(() => select.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    await select.selectOption({ label: ouaga[2]!.name });
    await visible(result.getByText('Non reconnu', { exact: true }));
    expect(await punchCount(other.id)).toBe(otherPunches);
    expect(await punchCount(ouaga[2]!.id)).toBe(strangerPunches);
  });

  test('an employee who opens the kiosk screen is sent to /login', async ({ page }) => {
    await logIn(page, 'employee@demo.test', '/employee-portal');
    await page.goto('/attendance-scanner');
    await expectPath(page, '/login');
  });

  test('the simulator is absent when the system does not allow it', async ({ page }) => {
    await db.query(`update public.system_settings set scanner_simulator = false where id = 'default'`);
    try {
      await logIn(page, 'kiosk.us@demo.test', '/attendance-scanner');
      await visible(
        scanner(page).getByText(
          'The simulator is turned off on this system. An admin can allow it in Settings.',
          { exact: true },
        ),
      );
      await expect(scanner(page).getByLabel('Simulated finger', { exact: true }).isVisible()).resolves.toBe(
        false,
      );
      const readers = await scanner(page)
        .getByLabel('Reader', { exact: true })
        .locator('option')
        .allTextContents();
      expect(readers).toEqual(['Image file', 'SecuGen reader']);
    } finally {
      await db.query(`update public.system_settings set scanner_simulator = true where id = 'default'`);
    }
  });

  test('enrols a new finger, and refuses a finger already enrolled to someone else', async ({ page }) => {
    const [fresh, other] = unenrolled as [Person, Person];
    await logIn(page, 'admin@demo.test', '/dashboard');

    // A new employee's finger: consent, three impressions, stored with the consent version.
    const query = new URLSearchParams({ mode: 'register', employee: fresh.id, name: fresh.name });
    await page.goto(`/scanner?${query.toString()}`);
    const frame = scanner(page);
    await visible(frame.getByText('Registration', { exact: true }));
    await frame.getByLabel('I agree', { exact: true }).check();
    for (let i = 0; i < 3; i++) await pressSimulated(page, `Finger of ${fresh.name}`);
    await visible(page.getByText('Fingerprint Captured', { exact: true }));
    const { rows: stored } = await db.query(
      `select finger, consent_text_version from public.biometric_enrolments where employee_id = $1`,
      [fresh.id],
    );
    expect(stored).toEqual([{ finger: 'right_index', consent_text_version: 'biometric-policy-2026-11-v2' }]);
    const { rows: audits } = await db.query(
      `select action from public.audit_logs where entity = 'biometric_enrolments' and entity_id = $1 order by created_at`,
      [fresh.id],
    );
    expect(audits.map((a) => a.action)).toEqual(['duplicate_search', 'enrol']);

    // The admin removes it (audited), so it could be enrolled again.
    const enrolledFingers = page.getByTestId('enrolled-fingers');
    await visible(enrolledFingers.getByText('Right index', { exact: true }));
    await enrolledFingers.getByRole('button', { name: 'Remove', exact: true }).click();
    await visible(page.getByText('Right index removed: it can be enrolled again.', { exact: true }));
    const { rows: left } = await db.query(
      `select 1 from public.biometric_enrolments where employee_id = $1`,
      [fresh.id],
    );
    expect(left).toEqual([]);
    const { rows: trail } = await db.query(
      `select action from public.audit_logs where entity = 'biometric_enrolments' and entity_id = $1 order by id`,
      [fresh.id],
    );
    expect(trail.map((a) => a.action)).toEqual(['duplicate_search', 'enrol', 'delete', 'remove']);

    // Another employee pressing a finger that is already someone's: refused, nothing stored.
    const query2 = new URLSearchParams({ mode: 'register', employee: other.id, name: other.name });
    await page.goto(`/scanner?${query2.toString()}`);
    await scanner(page).getByLabel('I agree', { exact: true }).check();
    for (let i = 0; i < 3; i++) await pressSimulated(page, chicago[1]!.name);
    await visible(
      // The spec's message, then whose finger it is (staff see the owner; sign-up does not).
      scanner(page).getByText(
        `Duplicate Fingerprint: This fingerprint is already registered. It belongs to ${chicago[1]!.name}.`,
        { exact: true },
      ),
    );
    const { rows: none } = await db.query(
      `select 1 from public.biometric_enrolments where employee_id = $1`,
      [other.id],
    );
    expect(none).toEqual([]);
  });
});
