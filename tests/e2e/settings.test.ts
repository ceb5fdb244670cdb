// Settings: an admin saves (a second browser sees it live), a bad value is refused with a message
// and nothing changes, Push Notifications off means a workflow creates no notification, Export Data
// gives a workbook whose sheets have the tables' row counts, Reset System keeps every person, an
// admin schedules a new dated version of a rule set and withdraws it, restores a local backup, and
// HR reads without editing.
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import pg from 'pg';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { client } from '../integration/helpers.ts';
import { PINNED_AT } from '../clock.ts';
import {
  DEMO_PASSWORD,
  e2e,
  expectToast,
  logIn,
  pinBrowserClock,
  seeText,
  settledDialog,
  visible,
} from './browser.ts';

const { test, stack } = e2e({ data: 'demo' });
let db: pg.Pool;
beforeAll(() => {
  db = new pg.Pool({ connectionString: stack().databaseUrl, max: 2 });
});
afterAll(() => db?.end());

const settings = async () =>
  (await db.query(`select * from public.system_settings where id = 'default'`)).rows[0];
const count = async (table: string) =>
  Number((await db.query(`select count(*) from public.${table}`)).rows[0].count);

async function openSettings(page: Page, email = 'admin@demo.test', home = '/dashboard') {
  await logIn(page, email, home);
  await page.goto('/settings');
  await visible(page.getByRole('heading', { name: 'System Settings' }));
}

const save = (page: Page) => page.getByRole('button', { name: 'Save All Settings' }).click();

describe('settings', () => {
  test('an admin saves; a second browser sees the change live; the change is audited', async ({ page }) => {
    const other = await page.context().browser()!.newContext({ baseURL: stack().url, locale: 'en-US' });
    await pinBrowserClock(other, stack());
    try {
      const watcher = await other.newPage();
      await openSettings(watcher);
      await expect
        .poll(() => watcher.getByLabel('Company Name').inputValue())
        .toBe((await settings()).company_name);

      await openSettings(page);
      await page.getByLabel('Company Name').fill('Pointage Test Co');
      await page.getByLabel('Late Threshold (minutes)').fill('20');
      await save(page);
      await expectToast(page, 'Settings Saved', 'Your settings have been updated successfully');
      expect(await settings()).toMatchObject({ company_name: 'Pointage Test Co', late_threshold: 20 });

      await expect.poll(() => watcher.getByLabel('Company Name').inputValue()).toBe('Pointage Test Co');
      await expect.poll(() => watcher.getByLabel('Late Threshold (minutes)').inputValue()).toBe('20');

      // System Logs show who changed what.
      await page.getByRole('button', { name: 'System Logs' }).click();
      const log = await visible(page.getByTestId('audit-log'));
      // The field's readable name, never the column's (the arrow is an icon).
      const change = await visible(log.getByTestId('diff-late_threshold').first());
      expect((await change.innerText()).replace(/\s+/g, ' ').trim()).toBe('Late after (minutes): 15 20');
      await visible(log.getByText('Alex Morgan').first());
    } finally {
      await other.close();
    }
  });

  test('a bad value is refused with a message and nothing changes', async ({ page }) => {
    const before = await settings();
    await openSettings(page);
    await page.getByLabel('Working Hours per Day').fill('25');
    await save(page);
    await seeText(page, 'Enter a whole number from 1 to 24');
    await page.getByLabel('Working Hours per Day').fill('8.5');
    await save(page);
    await seeText(page, 'Enter a whole number from 1 to 24');
    expect(await settings()).toEqual(before);
  });

  test('Push Notifications off: a workflow creates no notification', async ({ page }) => {
    const admin = client(stack());
    await admin.auth.signInWithPassword({ email: 'admin@demo.test', password: DEMO_PASSWORD });
    const employee = (
      await db.query(
        `select id from public.employees where role = 'employee' and status = 'active' order by email limit 1`,
      )
    ).rows[0].id as string;
    const decideRequest = async () => {
      const request = (
        await db.query(
          `insert into public.role_requests (employee_id, requested_role) values ($1, 'manager') returning id`,
          [employee],
        )
      ).rows[0].id;
      const { error } = await admin.rpc('decide_role_request', { p_request_id: request, p_approve: false });
      expect(error).toBeNull();
    };
    const notes = () => count(`notifications where employee_id = '${employee}'`);

    await openSettings(page);
    const push = page.getByRole('switch', { name: 'Push Notifications' });
    await visible(
      page.getByText('Off: workflows (approvals, payslips, role decisions) create no in-app notifications', {
        exact: false,
      }),
    );
    await push.click();
    await save(page);
    await expectToast(page, 'Settings Saved');
    expect((await settings()).notifications).toBe(false);
    const before = await notes();
    await decideRequest();
    expect(await notes()).toBe(before);

    await push.click();
    await save(page);
    await expect.poll(async () => (await settings()).notifications).toBe(true);
    await decideRequest();
    expect(await notes()).toBe(before + 1);
  });

  test('Export Data: a workbook with a sheet per table and the same row counts', async ({ page }) => {
    await openSettings(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Data' }).click(),
    ]);
    const file = await download.path();
    const workbook = XLSX.read(await fs.readFile(file));
    const tables = (
      await db.query<{ tablename: string }>(
        `select tablename from pg_tables where schemaname = 'public' order by 1`,
      )
    ).rows.map((r) => r.tablename);
    expect([...workbook.SheetNames].sort()).toEqual(tables.map((t) => t.slice(0, 31)).sort());
    for (const table of tables) {
      const rows = XLSX.utils.sheet_to_json(workbook.Sheets[table.slice(0, 31)]!);
      expect(rows.length, table).toBe(await count(table));
    }
    expect(await count('employees')).toBeGreaterThan(10);
    const enrolments = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      workbook.Sheets.biometric_enrolments!,
    );
    expect(enrolments.every((r) => !('Fingerprint template' in r))).toBe(true);
    // Columns read as words in the reader's language, never as the database names them.
    const [header] = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets.employees!, { header: 1 });
    expect(header).toEqual(expect.arrayContaining(['First name', 'Joining date', 'Created on']));
    expect(header).not.toContain('first_name');
  });

  test('Reset System restores the defaults and keeps every person, attendance and backup', async ({
    page,
  }) => {
    await db.query(
      `update public.system_settings set company_name = 'Before Reset', working_hours = 7, scanner_simulator = true`,
    );
    const people = await count('employees');
    const attendance = await count('attendances');
    await openSettings(page);
    await page.getByRole('button', { name: 'Back up now' }).click();
    await visible(page.getByTestId('backups').getByText(/pointage-backup-.*\.copy/));
    await visible(page.getByTestId('backups').getByText(/KB|MB/));
    await page.getByRole('button', { name: 'Reset System' }).click();
    const confirm = await visible(
      page.locator('.ant-modal-confirm').filter({ hasText: 'Reset the system settings?' }),
    );
    await visible(confirm.getByText('People, attendance and payroll are kept.', { exact: false }));
    await confirm.getByRole('button', { name: 'Reset', exact: true }).click();
    await expectToast(page, 'Settings reset to their defaults');
    expect(await settings()).toMatchObject({
      company_name: 'Pointage',
      working_hours: 9,
      break_time: 1,
      late_threshold: 15,
      notifications: true,
      biometric_auth: false,
      auto_backup: true,
      email_reports: true,
      sms_notifications: false,
      scanner_simulator: false,
    });
    await expect.poll(() => page.getByLabel('Company Name').inputValue()).toBe('Pointage');
    expect(await count('employees')).toBe(people);
    expect(await count('attendances')).toBe(attendance);
    expect(await count('backups')).toBe(1);
  });

  test('an admin adds a holiday and moves a moon-dated one; sites show time zones and currencies', async ({
    page,
  }) => {
    await openSettings(page);
    const sites = page.getByTestId('sites-card');
    await visible(sites.getByRole('row', { name: /Ouagadougou.*Burkina Faso.*Africa\/Ouagadougou.*XOF/ }));
    await visible(sites.getByRole('row', { name: /Chicago Plant.*United States.*America\/Chicago.*USD/ }));

    const card = page.getByTestId('holidays-card');
    const year = new Date(PINNED_AT).getFullYear();
    await card.getByRole('button', { name: 'Add holiday' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add holiday' });
    await dialog.getByLabel('Date').fill(`${year}-11-29`);
    await dialog.getByLabel('Holiday').fill('Test Day');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Holiday saved');
    const added = (
      await db.query(`select id, date::text from public.holidays where country = 'BF' and name = 'Test Day'`)
    ).rows[0];
    expect(added.date).toBe(`${year}-11-29`);

    await card
      .getByRole('row', { name: /Test Day/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit holiday' });
    await edit.getByLabel('Date').fill(`${year}-11-30`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () =>
          (await db.query('select date::text from public.holidays where id = $1', [added.id])).rows[0].date,
      )
      .toBe(`${year}-11-30`);
    await visible(card.getByRole('row', { name: new RegExp(`${year}-11-30.*Test Day`) }));
  });

  test('an admin sets the ACH originator a NACHA file names; a bad routing number is refused', async ({
    page,
  }) => {
    await openSettings(page);
    const card = page.getByTestId('ach-originator-card');
    const chicago = card.getByRole('row', { name: /Chicago Plant/ });
    await visible(chicago.getByText('JPMORGAN CHASE BANK (071000013)'));
    await chicago.getByRole('button', { name: 'Edit' }).click();
    const dialog = await settledDialog(page, 'ACH originator of Chicago Plant');
    await dialog.getByLabel('Originator name').fill('POINTAGE TEST');
    await dialog.getByLabel('Bank routing number (ODFI)').fill('071000014');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Not a valid ABA routing number');
    const originator = async () =>
      (await db.query(`select company_name, odfi_routing from public.payment_originators`)).rows;
    expect(await originator()).toEqual([{ company_name: 'POINTAGE INC', odfi_routing: '071000013' }]);

    await dialog.getByLabel('Bank routing number (ODFI)').fill('081904808');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'ACH originator saved');
    expect(await originator()).toEqual([{ company_name: 'POINTAGE TEST', odfi_routing: '081904808' }]);
    await visible(chicago.getByText('POINTAGE TEST'));
  });

  test('HR reads the settings but cannot change them or export', async ({ page }) => {
    await logIn(page, 'hr@demo.test', '/employee-management');
    await page.goto('/settings');
    await visible(page.getByRole('heading', { name: 'Paramètres du système' }));
    await seeText(page, 'Seul un administrateur peut modifier les paramètres ; vous pouvez les consulter.');
    expect(await page.getByLabel("Nom de l'entreprise").isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Enregistrer tous les paramètres' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Exporter les données' }).count()).toBe(0);
    await visible(page.getByRole('button', { name: 'Journal système' }));
    await visible(page.getByTestId('rule-sets-card').getByText('En vigueur', { exact: true }).first());
    expect(await page.getByRole('button', { name: 'Nouvelle version' }).count()).toBe(0);
  });

  test('an admin corrects a rule-set figure; a change of shape is refused with the reason', async ({
    page,
  }) => {
    await openSettings(page);
    const card = page.getByTestId('rule-sets-card');
    await card
      .getByRole('row', { name: /spec-default/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    const dialog = page.getByRole('dialog', { name: /spec-default/ });
    const editor = dialog.getByLabel('Parameters');
    const original = await editor.inputValue();
    await editor.fill(original.replace('"0.062"', '"lots"'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText(/Invalid rule set parameters/));
    await editor.fill(original.replace('"0.062"', '"0.063"'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Rule set saved');
    const stored = (
      await db.query(`select params from public.payroll_rule_sets where rule_set = 'spec-default' limit 1`)
    ).rows[0].params;
    expect(stored.US.social_security).toBe('0.063');
  });

  test('an admin schedules a new dated version of a rule set (a copy, edited), then withdraws it', async ({
    page,
  }) => {
    const { from, amu } = (
      await db.query(
        `select (app.today() + 30)::text as from, (select params ->> 'amu_rate' from public.payroll_rule_sets
           where rule_set = 'bf-2026' order by effective_from desc limit 1) as amu`,
      )
    ).rows[0];
    await openSettings(page);
    const card = page.getByTestId('rule-sets-card');
    await card
      .getByRole('row', { name: /bf-2026/ })
      .getByRole('button', { name: 'New version' })
      .click();
    // Its first action is a click: wait for the opening animation to end (a click during it can miss).
    const dialog = await settledDialog(page, 'New version of bf-2026');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('Choose the date the new version takes effect (after today)'));
    await dialog.getByLabel('Effective from').fill(from);
    await dialog.getByLabel('Effective from').press('Enter');
    const editor = dialog.getByLabel('Parameters');
    const copy = await editor.inputValue();
    expect(copy).toContain(`"amu_rate": "${amu}"`);
    await editor.fill(copy.replace(`"amu_rate": "${amu}"`, '"amu_rate": "0.02"'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `New version of bf-2026 takes effect on ${from}`);
    const row = card.getByRole('row', { name: new RegExp(`bf-2026 ${from}`) });
    await visible(row.getByTestId('rule-set-state').getByText('Scheduled', { exact: true }));
    const stored = await db.query(
      `select params ->> 'amu_rate' as amu, updated_by from public.payroll_rule_sets
       where rule_set = 'bf-2026' and effective_from = $1`,
      [from],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].amu).toBe('0.02');
    const audit = await db.query(
      `select action from public.audit_logs where entity = 'payroll_rule_sets' and entity_id = $1`,
      [`bf-2026@${from}`],
    );
    expect(audit.rows).toEqual([{ action: 'insert' }]);

    await row.getByRole('button', { name: 'Withdraw' }).click();
    await page
      .locator('.ant-popover', { hasText: `Withdraw the version of bf-2026 effective from ${from}?` })
      .getByRole('button', { name: 'OK' })
      .click();
    await expectToast(page, 'Version withdrawn');
    await row.waitFor({ state: 'detached' });
    expect(
      (
        await db.query(
          `select 1 from public.payroll_rule_sets where rule_set = 'bf-2026' and effective_from = $1`,
          [from],
        )
      ).rowCount,
    ).toBe(0);
  });

  test('an admin restores a local backup after a confirmation naming it; later changes are undone', async ({
    page,
  }) => {
    await openSettings(page);
    const before = await count('backups');
    const company = (await settings()).company_name;
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expect.poll(() => count('backups')).toBe(before + 1);
    const backup = (await db.query('select id, file from public.backups order by id desc limit 1')).rows[0];
    // Changes after the backup.
    await db.query(`update public.system_settings set company_name = 'Changed after the backup'`);
    await db.query(
      `insert into public.holidays (country, date, name) values ('BF', '2031-02-05', 'After the backup')`,
    );

    await page.reload();
    await expect.poll(() => page.getByLabel('Company Name').inputValue()).toBe('Changed after the backup');
    const item = page.getByTestId('backup-item').filter({ hasText: backup.file });
    await item.getByRole('button', { name: 'Restore' }).click();
    const confirm = await visible(
      page
        .locator('.ant-modal-confirm')
        .filter({ hasText: /Restore the backup of .*\d{1,2}:\d{2}:\d{2}.*\?/ }),
    );
    await visible(confirm.getByText(`File ${backup.file}.`, { exact: false }));
    await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect.poll(() => page.getByLabel('Company Name').inputValue()).toBe(company);
    expect((await settings()).company_name).toBe(company);
    expect((await db.query(`select 1 from public.holidays where name = 'After the backup'`)).rowCount).toBe(
      0,
    );
    // A backup of the replaced data was taken first; the restore is audited.
    expect(await count('backups')).toBe(before + 2);
    const audit = await db.query(
      `select diff ->> 'file' as file from public.audit_logs where entity = 'backups' and action = 'restore'`,
    );
    expect(audit.rows).toEqual([{ file: backup.file }]);
  });

  // Last: it changes the admin's password.
  test('Change Admin Password checks the current password, changes it through auth and logs it', async ({
    page,
  }) => {
    await openSettings(page);
    await page.getByRole('button', { name: 'Change Admin Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Admin Password' });
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByLabel('New password', { exact: true }).fill('a-brand-new-password-8');
    await dialog.getByLabel('Confirm new password').fill('a-brand-new-password-8');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await visible(dialog.getByText('The current password is incorrect'));
    await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed');

    const admin = client(stack());
    expect(
      (await admin.auth.signInWithPassword({ email: 'admin@demo.test', password: DEMO_PASSWORD })).error,
    ).not.toBeNull();
    expect(
      (await admin.auth.signInWithPassword({ email: 'admin@demo.test', password: 'a-brand-new-password-8' }))
        .error,
    ).toBeNull();

    await page.getByRole('button', { name: 'Security Logs' }).click();
    const log = await visible(page.getByTestId('audit-log'));
    await visible(log.getByRole('row', { name: /Alex Morgan.*auth.*password_change/ }));
  });
});
