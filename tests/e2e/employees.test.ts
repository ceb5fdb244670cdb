// The employees resource as admin, HR and manager (and refused to employee and kiosk): the
// directory's counts against the database, view, edit with bad and good values, delete → archive
// with history kept and template destroyed, restore, and registration's validation.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import ws from 'ws';
import { demoEnrolment } from '../../supabase/seed/fingerprints.ts';
import { decodeStoredTemplates } from '../../src/fingerprint/template/stored.ts';
import {
  chooseOption,
  DEMO_PASSWORD,
  e2e,
  expectPath,
  expectToast,
  logIn,
  seeText,
  UI_TIMEOUT,
  visible,
} from './browser.ts';

const { test, url } = e2e({ data: 'demo' });

let db: SupabaseClient;
beforeAll(async () => {
  const config = (await (await fetch(url('/runtime-config.json'))).json()) as {
    supabaseUrl: string;
    anonKey: string;
  };
  db = createClient(config.supabaseUrl, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { error } = await db.auth.signInWithPassword({ email: 'admin@demo.test', password: DEMO_PASSWORD });
  if (error) throw error;
});

/** How many people the directory should list for these filters (the admin reads everyone). */
async function directoryCount(filters: { search?: string; departmentId?: string; archived?: boolean } = {}) {
  let query = db.from('employees').select('id', { count: 'exact', head: true }).neq('role', 'kiosk');
  query = filters.archived ? query.eq('status', 'terminated') : query.neq('status', 'terminated');
  if (filters.search) query = query.ilike('search', `%${filters.search.toLowerCase()}%`);
  if (filters.departmentId) query = query.eq('department_id', filters.departmentId);
  const { count, error } = await query;
  if (error) throw error;
  return count ?? 0;
}

/** The 'Showing X of Y employees' line's Y, once it equals `expected`. */
async function expectTotal(page: Page, expected: number) {
  await expect
    .poll(
      async () => {
        const text = (await page.getByTestId('showing').textContent()) ?? '';
        return Number(/of (\d+) employees|sur (\d+)/.exec(text)?.slice(1).find(Boolean) ?? -1);
      },
      { timeout: UI_TIMEOUT },
    )
    .toBe(expected);
}

async function search(page: Page, text: string) {
  const box = page.getByPlaceholder('Search by name, email, position or ID');
  await box.fill(text);
  await box.press('Enter');
}

async function pickOption(page: Page, label: string, option: string) {
  await chooseOption(page, page.getByRole('combobox', { name: label, exact: true }), option);
}

async function employeeWithAttendance(departmentName = 'Operations') {
  const { data: department } = await db.from('departments').select('id').eq('name', departmentName).single();
  const { data, error } = await db
    .from('employees')
    .select('id, first_name, last_name, attendances!attendances_employee_id_fkey(count)')
    .eq('role', 'employee')
    .eq('status', 'active')
    .eq('department_id', department!.id)
    .neq('email', 'employee@demo.test');
  if (error) throw error;
  const found = (
    data as unknown as Array<{
      id: string;
      first_name: string;
      last_name: string;
      attendances: { count: number }[];
    }>
  ).find((e) => (e.attendances[0]?.count ?? 0) > 0);
  if (!found) throw new Error('no employee with attendance in the demo data');
  return found;
}

/** Fills registration's required fields (not the terms, not the fingerprint). */
async function fillRegistration(page: Page, first: string, last: string, email: string) {
  await page.getByLabel('First Name', { exact: true }).fill(first);
  await page.getByLabel('Last Name', { exact: true }).fill(last);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('+226 70 00 00 00');
  await page.getByLabel('Position', { exact: true }).fill('Clerk');
  await pickOption(page, 'Department', 'Logistics');
  await page.getByLabel('Joining Date', { exact: true }).fill('2026-11-02');
  await page.getByLabel('Joining Date', { exact: true }).press('Enter');
}

/** In the embedded scanner page: agree to the consent text and press a simulated finger three times. */
async function pressThreeTimes(page: Page, simulated: string) {
  const frame = page.frameLocator('[data-testid="scanner-frame"]');
  await frame.locator(`#sim option[value="${simulated}"]`).waitFor({ state: 'attached' });
  await frame.locator('#consent').check();
  for (let i = 0; i < 3; i++) {
    await expect.poll(() => frame.locator('#sim').isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    await frame.locator('#sim').selectOption(simulated);
  }
}

const TEMPLATE = Buffer.alloc(64, 9).toString('base64');

describe('employee directory (admin)', () => {
  test('cards, search and department filter match the database', async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/employee-management');
    await visible(page.getByRole('heading', { name: 'Employee Management' }));
    await expectTotal(page, await directoryCount());

    const { data: stats } = await db.rpc('employee_directory_stats').single<Record<string, number>>();
    await visible(page.getByTestId('card-total').getByText(String(stats!.total), { exact: true }));
    await visible(page.getByTestId('card-thisMonth').getByText(String(stats!.this_month), { exact: true }));
    await seeText(page, 'People whose joining date is in the current calendar month.');

    await search(page, 'operator');
    await expectTotal(page, await directoryCount({ search: 'operator' }));

    await search(page, '');
    const { data: logistics } = await db.from('departments').select('id').eq('name', 'Logistics').single();
    await pickOption(page, 'Department', 'Logistics');
    await expectTotal(page, await directoryCount({ departmentId: logistics!.id }));
  });

  test('view shows the card, the enrolled finger (no template) and recent attendance', async ({ page }) => {
    const person = await employeeWithAttendance('Logistics');
    await db.rpc('enrol_fingerprint', {
      p_employee_id: person.id,
      p_finger: 'left_thumb',
      p_template: `\\x${Buffer.from(TEMPLATE, 'base64').toString('hex')}`,
      p_quality: 77,
      p_consent_text_version: 'biometric-consent-2026-11-v1',
    });
    await logIn(page, 'admin@demo.test', '/dashboard');
    // From the directory, as a person would (client-side navigation).
    await page.goto('/employee-management');
    await search(page, `${person.first_name} ${person.last_name}`);
    await expectTotal(page, 1);
    await page.getByRole('button', { name: `View ${person.first_name} ${person.last_name}` }).click();
    await expectPath(page, `/employee-view/${person.id}`);
    await visible(page.getByRole('heading', { name: 'Employee Details' }));
    await visible(page.getByTestId('employee-name').getByText(`${person.first_name} ${person.last_name}`));
    await visible(page.getByTestId('enrolled-fingers').getByText('Left thumb', { exact: true }));
    await visible(page.getByTestId('enrolled-fingers').getByText('77', { exact: true }));
    const rows = page.getByTestId('recent-attendance').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT }).toBeGreaterThan(0);
    expect(await page.content()).not.toContain(TEMPLATE);
  });

  test('an existing person gets a finger enrolled from their card', async ({ page }) => {
    const person = await employeeWithAttendance('Finance');
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto(`/employee-view/${person.id}`);
    await page.getByRole('button', { name: 'Enrol a finger' }).click();
    await pressThreeTimes(page, 'new');
    await expectToast(page, 'Fingerprint Captured');
    const { data: fingers } = await db.rpc('enrolled_fingers', { p_employee_id: person.id });
    expect(fingers).toHaveLength(1);
    await visible(
      page.getByTestId('enrolled-fingers').getByText(String(fingers[0].quality), { exact: true }),
    );
    // All three impressions are kept (a later press is compared with each).
    const { data: roster } = await db.rpc('kiosk_roster'); // the admin reads every site's roster
    const stored = (roster as { employee_id: string; template: string; template_format: string }[]).find(
      (row) => row.employee_id === person.id,
    )!;
    expect(stored.template_format).toBe('pointage-set-v1');
    const bytes = new Uint8Array(Buffer.from(stored.template.slice(2), 'hex'));
    expect(decodeStoredTemplates(bytes, stored.template_format)).toHaveLength(3);
    // One finger enrolled: the card suggests a second (either may be used).
    await visible(page.getByTestId('second-finger-hint'));
  });

  test('a missing employee: Error / Employee not found, back to the directory', async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/employee-view/00000000-0000-0000-0000-000000000000');
    await expectToast(page, 'Error', 'Employee not found');
    await expectPath(page, '/employee-management');
  });

  test('edit: a missing field and a refused e-mail are not saved; good values are', async ({ page }) => {
    const person = await employeeWithAttendance('Operations');
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto(`/employee-edit/${person.id}`);
    const phone = page.getByLabel('Phone', { exact: true });
    await visible(phone);
    await phone.fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await seeText(page, 'This field is required');
    await phone.fill('+1 312 555 0199');
    await page.getByLabel('Emergency Contact', { exact: true }).fill('Sam Doe');
    await page.getByLabel('Emergency Phone', { exact: true }).fill('+1 312 555 0100');

    await page.getByLabel('Email', { exact: true }).fill('manager@demo.test');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Update Failed');
    await expectPath(page, `/employee-edit/${person.id}`);

    await page.getByLabel('Email', { exact: true }).fill(`edited.${person.id.slice(0, 8)}@demo.test`);
    await page.getByLabel('Position', { exact: true }).fill('Shift Lead');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, '✅ Employee Updated', 'Changes saved successfully.');
    await expectPath(page, '/employee-management');
    const { data } = await db.from('employees').select('position, phone').eq('id', person.id).single();
    expect(data).toEqual({ position: 'Shift Lead', phone: '+1 312 555 0199' });
  });

  test('delete someone with history: archived, attendance kept, template destroyed; restore', async ({
    page,
  }) => {
    const person = await employeeWithAttendance('Logistics');
    const name = `${person.first_name} ${person.last_name}`;
    await db.rpc('enrol_fingerprint', {
      p_employee_id: person.id,
      p_finger: 'right_thumb',
      p_template: `\\x${Buffer.from(TEMPLATE, 'base64').toString('hex')}`,
      p_quality: 70,
      p_consent_text_version: 'biometric-consent-2026-11-v1',
    });
    const before = await db
      .from('attendances')
      .select('id', { count: 'exact', head: true })
      .eq('employee_id', person.id);

    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/employee-management');
    await search(page, name);
    await expectTotal(page, 1);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await seeText(page, `Are you sure you want to delete ${name}?`);
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expectToast(page, 'Employee Deleted', `${name} has been removed.`);
    await expectTotal(page, 0);

    const { data: row } = await db.from('employees').select('status').eq('id', person.id).single();
    expect(row?.status).toBe('terminated');
    const after = await db
      .from('attendances')
      .select('id', { count: 'exact', head: true })
      .eq('employee_id', person.id);
    expect(after.count).toBe(before.count);
    expect(after.count).toBeGreaterThan(0);
    const templates = await db
      .from('biometric_enrolments')
      .select('id', { count: 'exact', head: true })
      .eq('employee_id', person.id);
    expect(templates.count).toBe(0);

    // The archived filter shows them; restore brings them back.
    await page.getByLabel('Show archived').click();
    await expectTotal(page, 1);
    await page.getByRole('button', { name: `Restore ${name}` }).click();
    await expectToast(page, 'Employee Restored');
    await expectTotal(page, 0);
    const { data: restored } = await db.from('employees').select('status').eq('id', person.id).single();
    expect(restored?.status).toBe('active');
  });

  test('registration with a fingerprint saves the person and the enrolment together', async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/employee-registration');
    const email = `with.finger.${Date.now()}@demo.test`;
    await fillRegistration(page, 'Rasmané', 'Zongo', email);
    await page.getByRole('button', { name: 'Set Up Biometric' }).click();
    await pressThreeTimes(page, 'new');
    await expectToast(page, 'Fingerprint Captured');
    await visible(page.getByTestId('biometric-set'));
    await page.getByText('I agree to the terms and conditions').click();
    await page.getByRole('button', { name: 'Register Employee' }).click();
    await expectToast(page, 'Employee Registered', 'Rasmané Zongo has been saved successfully.');
    await expectPath(page, '/dashboard');
    const { data: saved } = await db.from('employees').select('id, first_name').eq('email', email).single();
    expect(saved?.first_name).toBe('Rasmané');
    const { data: fingers } = await db.rpc('enrolled_fingers', { p_employee_id: saved!.id });
    expect(fingers).toHaveLength(1);
  });

  test("a finger already enrolled for someone else: 'Duplicate Fingerprint', nothing captured", async ({
    page,
  }) => {
    const owner = await employeeWithAttendance('Operations');
    const enrolment = demoEnrolment(owner.id);
    const { error } = await db.rpc('enrol_fingerprint', {
      p_employee_id: owner.id,
      p_finger: 'right_index',
      p_template: `\\x${Buffer.from(enrolment.template).toString('hex')}`,
      p_quality: enrolment.quality,
      p_consent_text_version: 'biometric-consent-2026-11-v1',
      p_template_format: enrolment.format,
    });
    expect(error).toBeNull();
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/employee-registration');
    await page.getByRole('button', { name: 'Set Up Biometric' }).click();
    await pressThreeTimes(page, `person:${owner.id}`);
    await expectToast(page, 'Duplicate Fingerprint', 'This fingerprint is already registered.');
    expect(await page.getByTestId('biometric-set').count()).toBe(0);
  });

  test(
    "a manager's duplicate check runs on the server: it names whose finger it is, and no template reaches the browser",
    { timeout: 180_000 },
    async ({ page }) => {
      const { data: me } = await db
        .from('employees')
        .select('id, first_name, last_name')
        .eq('email', 'manager@demo.test')
        .single();
      // The manager's own finger is enrolled (as the demo enrols it); the browser must never see it.
      const enrolment = demoEnrolment(me!.id);
      await db.rpc('remove_fingerprint', { p_employee_id: me!.id, p_finger: 'right_index' });
      const { error } = await db.rpc('enrol_fingerprint', {
        p_employee_id: me!.id,
        p_finger: 'right_index',
        p_template: `\\x${Buffer.from(enrolment.template).toString('hex')}`,
        p_quality: enrolment.quality,
        p_consent_text_version: 'biometric-consent-2026-11-v1',
        p_template_format: enrolment.format,
      });
      expect(error).toBeNull();
      const hex = Buffer.from(enrolment.template).toString('hex');
      const base64 = Buffer.from(enrolment.template).toString('base64');
      const bodies: string[] = [];
      page.on('response', (response) => {
        if (/\/(rest|functions)\/v1\//.test(response.url()))
          void response.text().then(
            (text) => bodies.push(text),
            () => undefined,
          );
      });
      await logIn(page, 'manager@demo.test', '/manager-portal');
      await page.goto('/employee-registration');
      await page.getByRole('button', { name: 'Set Up Biometric' }).click();
      // The manager's own finger (their roster names it, without its template) for a new person.
      await pressThreeTimes(page, `person:${me!.id}`);
      await expectToast(page, 'Duplicate Fingerprint', 'This fingerprint is already registered.');
      await visible(page.getByText(`already registered. It belongs to ${me!.first_name} ${me!.last_name}`));
      expect(await page.getByTestId('biometric-set').count()).toBe(0);
      expect(bodies.length).toBeGreaterThan(0);
      for (const body of bodies) {
        expect(body).not.toContain(hex.slice(0, 64));
        expect(body).not.toContain(base64.slice(0, 48));
      }
    },
  );

  test('registration without a fingerprint shows the validation message and saves nothing', async ({
    page,
  }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/employee-registration');
    await visible(page.getByRole('heading', { name: 'Employee Registration' }));
    const email = `no.finger.${Date.now()}@demo.test`;
    await fillRegistration(page, 'Nadia', 'Ouédraogo', email);
    await page.getByText('I agree to the terms and conditions').click();
    await page.getByRole('button', { name: 'Register Employee' }).click();
    await expectToast(
      page,
      'Validation Error',
      'Please fill all required fields, agree to terms, and scan fingerprint.',
    );
    const { count } = await db
      .from('employees')
      .select('id', { count: 'exact', head: true })
      .eq('email', email);
    expect(count).toBe(0);
  });
});

describe('employee directory (HR, manager)', () => {
  test('HR works in French: the directory counts and archived filter', async ({ page }) => {
    await logIn(page, 'hr@demo.test', '/employee-management');
    await visible(page.getByRole('heading', { name: 'Gestion des employés' }));
    await expectTotal(page, await directoryCount());
    await page.getByLabel('Afficher les archivés').click();
    await expectTotal(page, await directoryCount({ archived: true }));
  });

  test('a manager edits and deletes only in the departments they manage', async ({ page }) => {
    const { data: me } = await db.from('employees').select('id').eq('email', 'manager@demo.test').single();
    const { data: managed } = await db
      .from('department_managers')
      .select('department_id')
      .eq('employee_id', me!.id);
    const managedIds = new Set((managed ?? []).map((m) => m.department_id as string));
    const { data: outside } = await db
      .from('employees')
      .select('id, first_name, last_name, department_id')
      .eq('role', 'employee')
      .eq('status', 'active')
      .not('department_id', 'is', null);
    const stranger = (outside ?? []).find((e) => !managedIds.has(e.department_id as string))!;
    const teamMate = (outside ?? []).find((e) => managedIds.has(e.department_id as string))!;

    await logIn(page, 'manager@demo.test', '/manager-portal');
    await page.goto('/employee-management');
    await expectTotal(page, await directoryCount());
    await search(page, `${stranger.first_name} ${stranger.last_name}`);
    await visible(page.getByRole('button', { name: `View ${stranger.first_name} ${stranger.last_name}` }));
    expect(
      await page.getByRole('button', { name: `Edit ${stranger.first_name} ${stranger.last_name}` }).count(),
    ).toBe(0);
    await search(page, `${teamMate.first_name} ${teamMate.last_name}`);
    await visible(page.getByRole('button', { name: `Edit ${teamMate.first_name} ${teamMate.last_name}` }));
    await visible(page.getByRole('button', { name: `Delete ${teamMate.first_name} ${teamMate.last_name}` }));
  });

  for (const [email, home] of [
    ['employee@demo.test', '/employee-portal'],
    ['kiosk.us@demo.test', '/attendance-scanner'],
  ] as const) {
    test(`${email} is refused the directory and registration`, async ({ page }) => {
      await logIn(page, email, home);
      // Signed in: the no-access page at the address, never the login form.
      await page.goto('/employee-management');
      await visible(page.getByTestId('no-access'));
      await page.goto('/employee-registration');
      await visible(page.getByTestId('no-access'));
      await expectPath(page, '/employee-registration');
    });
  }
});
