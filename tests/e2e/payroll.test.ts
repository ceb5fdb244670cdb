// Payroll management for the demo month: a run per site generated from approved structures,
// processed and marked paid on the screen; payslip PDFs read back with pdftotext carry the right
// net in the right currency and language (US in English, BF in French); the Excel export of a run
// reads back with SheetJS with one row per record and the database's nets. Per record: Process,
// Mark paid and Cancel (with a reason) with their confirmations, the run following, and a second
// browser seeing it all live.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import * as XLSX from 'xlsx';
import EN from '../../src/i18n/locales/en/payroll.json';
import FR from '../../src/i18n/locales/fr/payroll.json';
import { formatMoneyForPrint as amount } from '../../src/shared/format/index.ts';
import { chooseOption, confirmDialog, e2e, logIn, pinBrowserClock, visible } from './browser.ts';

const { test, stack } = e2e({ data: 'demo' });
const run = promisify(execFile);

let pool: pg.Pool | undefined;
let downloads: string;
const db = () => (pool ??= new pg.Pool({ connectionString: stack().databaseUrl, max: 2 }));
beforeAll(async () => {
  downloads = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-payroll-'));
  // Approved monthly structures for everyone, effective at the start of the demo month (last month).
  await db().query(
    `insert into public.salary_structures (employee_id, rule_set, country, frequency, basic_salary, hourly_rate,
       allowances, effective_date, approval_status, approved_at, scheduled_release_date)
     select e.id, case when s.country = 'BF' then 'bf-2026' else 'us-federal-2026' end, s.country, 'monthly',
       case when s.country = 'BF' then 180000 + 5000 * row_number() over (order by e.id) else 4000 + 10.25 * row_number() over (order by e.id) end,
       case when s.country = 'BF' then 1200 else 25 end,
       case when s.country = 'BF' then '{"transport": 15000}'::jsonb else '{}'::jsonb end,
       date_trunc('month', app.today() - interval '1 month')::date, 'approved', app.now(), app.today()
     from public.employees e join public.sites s on s.id = e.site_id
     where e.status = 'active' and e.role <> 'kiosk'`,
  );
});
afterAll(async () => {
  await pool?.end();
  await fs.rm(downloads, { recursive: true, force: true });
});

const rows = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  (await db().query<T>(sql, params)).rows;

async function download(page: Page, click: () => Promise<void>): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const target = path.join(downloads, file.suggestedFilename());
  await file.saveAs(target);
  return target;
}

const pdfText = async (file: string) => (await run('pdftotext', ['-layout', file, '-'])).stdout;

/** Generates a run of `site` for the dialog's default period (last month) or the `period` typed in. */
async function runPayroll(page: Page, t: typeof EN, site: string, period?: { start: string; end: string }) {
  await page.getByRole('button', { name: t.runPayroll }).click();
  await chooseOption(page, page.locator('input#site_id'), site);
  if (period) {
    const [from, to] = [0, 1].map((i) => page.locator('.ant-modal .ant-picker-range input').nth(i));
    await from!.click();
    await from!.fill(period.start);
    await from!.press('Enter');
    await to!.fill(period.end);
    await to!.press('Enter');
    await expect.poll(() => to!.inputValue()).toBe(period.end);
  }
  await page.getByTestId('generate-run').click();
  await visible(page.getByTestId('run-result'));
  const [created] = await rows<{ id: string; employee_count: number; name: string }>(
    `select r.id, r.employee_count, s.name from public.payroll_runs r join public.sites s on s.id = r.site_id
     where s.name = $1 order by r.created_at desc limit 1`,
    [site],
  );
  await visible(
    page.getByText(
      (created!.employee_count === 1 ? t.dialog.done_one : t.dialog.done_other).replace(
        '{{count}}',
        String(created!.employee_count),
      ),
    ),
  );
  await page.getByTestId('close-run').click();
  return created!;
}

async function step(page: Page, button: string, confirmStart: string, status: string) {
  const runRow = page.getByTestId('payroll-runs').locator('tbody tr.ant-table-row').first();
  await runRow.getByRole('button', { name: button }).click();
  await confirmDialog(page, confirmStart);
  await visible(runRow.getByTestId('run-status').getByText(status, { exact: true }));
}

describe('payroll management', () => {
  test('admin runs the Chicago payroll, processes it, marks it paid; US payslip and Excel read back', async ({
    page,
  }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/payroll-management');
    const created = await runPayroll(page, EN, 'Chicago Plant');
    expect(created.employee_count).toBeGreaterThan(0);
    // Gross to net before processing equals the run's totals.
    await page
      .getByTestId('payroll-runs')
      .locator('tbody tr.ant-table-row')
      .first()
      .getByRole('button', { name: EN.summary })
      .click();
    const [totals] = await rows<{ total_net: string; currency: string }>(
      'select total_net, currency from public.payroll_runs where id = $1',
      [created.id],
    );
    await visible(
      page
        .getByTestId('run-summary')
        .getByText(`$${Number(totals!.total_net).toLocaleString('en-US', { minimumFractionDigits: 2 })}`),
    );
    await page.locator('.ant-modal-close').click();
    await page.getByTestId('run-summary').waitFor({ state: 'hidden' });

    await step(page, EN.process, 'Process payroll for Chicago Plant', EN.statuses.processed);
    await step(page, EN.markPaid, 'Mark payroll for Chicago Plant', EN.statuses.paid);
    const [state] = await rows<{ status: string; stubs: string }>(
      `select r.status, (select count(*) from public.paystubs ps join public.payroll_records pr on pr.id = ps.payroll_record_id
                         where pr.run_id = r.id) as stubs
       from public.payroll_runs r where r.id = $1`,
      [created.id],
    );
    expect(state).toEqual({ status: 'paid', stubs: String(created.employee_count) });

    // A payslip: the record's net in dollars, in English, under Illinois' law with its withholding line.
    const [record] = await rows<{ id: string; employee_name: string; net_pay: string; gross_pay: string }>(
      `select id, employee_name, net_pay, gross_pay from public.payroll_records where run_id = $1 order by employee_name limit 1`,
      [created.id],
    );
    await page.getByLabel(EN.search, { exact: true }).fill(record!.employee_name);
    await page.getByLabel(EN.search, { exact: true }).press('Enter');
    const recordRow = page
      .getByTestId('payroll-records')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: record!.employee_name });
    const pdf = await download(page, () => recordRow.getByRole('button', { name: EN.payslip }).click());
    const text = await pdfText(pdf);
    expect(text).toContain('Earnings Statement');
    expect(text).toContain(record!.employee_name);
    expect(text).toMatch(
      new RegExp(`Net wages\\s+${amount(record!.net_pay, 'USD', 'en').replace(/[$.]/g, '\\$&')}`),
    );
    expect(text).toContain(amount(record!.gross_pay, 'USD', 'en'));
    expect(text.replace(/\s+/g, ' ')).toContain('Illinois Wage Payment and Collection Act (820 ILCS 115/10');
    const [withheld] = await rows<{ tax: string }>(
      `select deductions ->> 'state_income_tax' as tax from public.payroll_records where id = $1`,
      [record!.id],
    );
    expect(text).toMatch(
      new RegExp(
        `Illinois income tax withholding \\(IL-700-T\\)\\s+${amount(withheld!.tax, 'USD', 'en').replace(/[$.]/g, '\\$&')}`,
      ),
    );
    expect(text).not.toContain('California');
    // The employer's postal address (the demo data gives the Chicago site one).
    const [site] = await rows<{ address: string }>(
      `select s.address from public.sites s where s.name = 'Chicago Plant'`,
    );
    expect(site!.address).toBeTruthy();
    expect(text.replace(/\s+/g, ' ')).toContain(site!.address.slice(0, 20));

    // Excel: one row per record, the database's nets.
    await page.getByLabel(EN.search, { exact: true }).fill('');
    await page.getByLabel(EN.search, { exact: true }).press('Enter');
    const xlsx = await download(page, () =>
      page
        .getByTestId('payroll-runs')
        .locator('tbody tr.ant-table-row')
        .first()
        .getByRole('button', { name: EN.export })
        .click(),
    );
    const book = XLSX.read(await fs.readFile(xlsx));
    const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
    const stored = await rows<{ id: string; net_pay: string }>(
      'select id, net_pay from public.payroll_records where run_id = $1',
      [created.id],
    );
    expect(sheet).toHaveLength(stored.length);
    const nets = new Map(stored.map((r) => [r.id, Number(r.net_pay)]));
    for (const row of sheet) expect(row.Net).toBe(nets.get(String(row['Record ID'])));
  });

  test('HR runs the Ouagadougou payroll; the bulletin de paie is in French, in XOF without decimals', async ({
    page,
  }) => {
    // An admin sets the Ouagadougou site's employer CNSS number in Settings (HR only reads it).
    const admin = await page.context().browser()!.newContext({ baseURL: stack().url, locale: 'en-US' });
    await pinBrowserClock(admin, stack());
    try {
      const settings = await admin.newPage();
      await logIn(settings, 'admin@demo.test', '/dashboard');
      await settings.goto('/settings');
      const siteRow = (await visible(settings.getByTestId('sites-card')))
        .locator('tbody tr')
        .filter({ hasText: 'Ouagadougou' });
      await siteRow.getByRole('button', { name: 'Edit' }).click();
      const siteDialog = await visible(settings.getByRole('dialog'));
      await siteDialog.getByLabel('Employer CNSS number', { exact: true }).fill('#bad');
      await siteDialog.getByRole('button', { name: 'Save', exact: true }).click();
      await visible(siteDialog.getByText('Letters, digits, spaces, / or - (at most 30)'));
      await siteDialog.getByLabel('Employer CNSS number', { exact: true }).fill('0099887 B');
      await siteDialog.getByRole('button', { name: 'Save', exact: true }).click();
      await visible(siteRow.getByText('0099887 B', { exact: true }));
      const [stored] = await rows<{ cnss_employer_number: string }>(
        `select cnss_employer_number from public.sites where name = 'Ouagadougou'`,
      );
      expect(stored!.cnss_employer_number).toBe('0099887 B');
    } finally {
      await admin.close();
    }

    // Overtime at Ouagadougou (the demo's attendance covers the last two weeks only): one person
    // worked 9.5 h Monday to Saturday all through the demo month, 57 h a week: 8 h of each full week
    // at +15 % (hours 41–48), 9 h at +35 %.
    const overtimeDays = await rows<{ employee_id: string }>(
      `with who as (
         select e.id, e.site_id from public.employees e join public.sites s on s.id = e.site_id
         where s.name = 'Ouagadougou' and e.status = 'active' and e.role <> 'kiosk' order by e.id limit 1),
       days as (
         select d::date as day from generate_series(date_trunc('month', app.today() - interval '1 month'),
           date_trunc('month', app.today()) - interval '1 day', interval '1 day') d
         where extract(isodow from d) <= 6)
       insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, punctuality, source)
       select who.id, who.site_id, day, (day + time '07:00') at time zone 'Africa/Ouagadougou',
         (day + time '16:30') at time zone 'Africa/Ouagadougou', 'checked_out', 'on_time', 'manual'
       from who, days
       returning employee_id`,
    );
    expect(overtimeDays.length).toBeGreaterThanOrEqual(24);

    await logIn(page, 'hr@demo.test', '/employee-management');
    await page.goto('/settings');
    await visible(page.getByTestId('sites-card').getByText('0099887 B', { exact: true }));
    expect(await page.getByTestId('sites-card').getByRole('button', { name: 'Modifier' }).count()).toBe(0);
    await page.goto('/payroll-management');
    const created = await runPayroll(page, FR, 'Ouagadougou');
    await step(page, FR.process, 'Traiter la paie de Ouagadougou', FR.statuses.processed);
    const [record] = await rows<{
      employee_name: string;
      net_pay: string;
      deductions: Record<string, string>;
      cnss_number: string | null;
    }>(
      `select r.employee_name, r.net_pay, r.deductions, p.cnss_number from public.payroll_records r
       left join public.employee_pay_profiles p on p.employee_id = r.employee_id
       where r.run_id = $1 order by r.employee_name limit 1`,
      [created.id],
    );
    await page.getByLabel(FR.search, { exact: true }).fill(record!.employee_name);
    await page.getByLabel(FR.search, { exact: true }).press('Enter');
    const recordRow = page
      .getByTestId('payroll-records')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: record!.employee_name });
    const pdf = await download(page, () => recordRow.getByRole('button', { name: FR.payslip }).click());
    const text = await pdfText(pdf);
    expect(text).toContain('Bulletin de paie');
    expect(text).toMatch(new RegExp(`Net à payer\\s+${amount(record!.net_pay, 'XOF', 'fr')}`));
    expect(amount(record!.net_pay, 'XOF', 'fr')).toMatch(/^\d{1,3}( \d{3})* XOF$/);
    expect(text).toContain(amount(record!.deductions.iuts!, 'XOF', 'fr'));
    expect(text).toContain('Charges patronales');
    // Both CNSS numbers: the employer's (just set) and the employee's (their pay profile).
    expect(text).toMatch(/N° CNSS employeur\s+0099887 B/);
    expect(record!.cnss_number).toMatch(/^BF-\d{7}$/);
    expect(text).toMatch(new RegExp(`N° CNSS salarié\\s+${record!.cnss_number}`));

    // Overtime by premium band: the person with the most overtime gets one line per band, as stored,
    // adding up to the overtime pay.
    const [overtime] = await rows<{
      employee_name: string;
      overtime_pay: string;
      lines: Array<{ band: string; hours: string; amount: string }>;
    }>(
      `select employee_name, overtime_pay, computation -> 'overtime_lines' as lines from public.payroll_records
       where run_id = $1 order by overtime_hours desc, employee_name limit 1`,
      [created.id],
    );
    expect(Number(overtime!.overtime_pay)).toBeGreaterThan(0);
    expect(overtime!.lines.length).toBeGreaterThan(0);
    await page.getByLabel(FR.search, { exact: true }).fill(overtime!.employee_name);
    await page.getByLabel(FR.search, { exact: true }).press('Enter');
    const overtimeRow = page
      .getByTestId('payroll-records')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: overtime!.employee_name });
    const bulletin = await pdfText(
      await download(page, () => overtimeRow.getByRole('button', { name: FR.payslip }).click()),
    );
    const bandLines = [
      ...bulletin.matchAll(
        /(?:Heures|H\.) sup\. [^\n]*?\(\+(\d+) %\)\s+([\d.]+)\s+[\d ]+ XOF\s+([\d ]+) XOF/g,
      ),
    ];
    expect(bandLines.map((m) => [m[2], m[3]!.replace(/ /g, '')])).toEqual(
      overtime!.lines.map((l) => [l.hours, l.amount]),
    );
    const printed = bandLines.reduce((acc, m) => acc + Number(m[3]!.replace(/ /g, '')), 0);
    expect(printed).toBe(Number(overtime!.overtime_pay));
  });

  test('per record: admin processes and pays one record, then the run; HR sees every change live', async ({
    page,
  }) => {
    const other = await page.context().browser()!.newContext({ baseURL: stack().url, locale: 'en-US' });
    await pinBrowserClock(other, stack());
    try {
      const watcher = await other.newPage();
      await logIn(watcher, 'hr@demo.test', '/employee-management');
      await watcher.goto('/payroll-management');
      await visible(watcher.getByTestId('payroll-runs'));

      await logIn(page, 'admin@demo.test', '/dashboard');
      await page.goto('/payroll-management');
      // Last month's Chicago run is paid (first test): a period is paid once, so this run is this month's.
      const [thisMonth] = await rows<{ start: string; end: string }>(
        `select date_trunc('month', app.today())::date::text as start,
                (date_trunc('month', app.today()) + interval '1 month' - interval '1 day')::date::text as end`,
      );
      const created = await runPayroll(page, EN, 'Chicago Plant', thisMonth);
      const [record] = await rows<{ id: string; employee_name: string }>(
        'select id, employee_name from public.payroll_records where run_id = $1 order by employee_name limit 1',
        [created.id],
      );
      // Both screens show just this record (search by its id), as a draft.
      const recordRow = async (p: Page, t: typeof EN) => {
        await p.getByLabel(t.search, { exact: true }).fill(record!.id);
        await p.getByLabel(t.search, { exact: true }).press('Enter');
        const row = p.getByTestId('payroll-records').locator('tbody tr.ant-table-row');
        await expect.poll(() => row.count()).toBe(1);
        return row.first();
      };
      const mine = await recordRow(page, EN);
      const theirs = await recordRow(watcher, FR);
      await visible(mine.getByTestId('record-status').getByText(EN.statuses.draft, { exact: true }));
      await visible(theirs.getByTestId('record-status').getByText(FR.statuses.draft, { exact: true }));
      const watchedRun = watcher.getByTestId('payroll-runs').locator('tbody tr.ant-table-row').first();
      await visible(watchedRun.getByTestId('run-status').getByText(FR.statuses.draft, { exact: true }));

      const recordState = async () =>
        (
          await rows<{ status: string; run_status: string; stubs: string }>(
            `select r.status, pr.status as run_status,
               (select count(*) from public.paystubs ps where ps.payroll_record_id = r.id) as stubs
             from public.payroll_records r join public.payroll_runs pr on pr.id = r.run_id where r.id = $1`,
            [record!.id],
          )
        )[0];

      await mine.getByRole('button', { name: EN.process }).click();
      await confirmDialog(page, `Process payroll for ${record!.employee_name}?`);
      await visible(mine.getByTestId('record-status').getByText(EN.statuses.processed, { exact: true }));
      expect(await recordState()).toEqual({ status: 'processed', run_status: 'draft', stubs: '0' });
      // The other browser follows without a reload.
      await visible(theirs.getByTestId('record-status').getByText(FR.statuses.processed, { exact: true }));

      await mine.getByRole('button', { name: EN.markPaid }).click();
      await confirmDialog(page, `Mark payroll for ${record!.employee_name} as paid?`);
      await visible(mine.getByTestId('record-status').getByText(EN.statuses.paid, { exact: true }));
      expect(await recordState()).toEqual({ status: 'paid', run_status: 'draft', stubs: '1' });
      await visible(theirs.getByTestId('record-status').getByText(FR.statuses.paid, { exact: true }));

      // Another record is cancelled with a reason (a reason is required); the run leaves it out.
      const [gone] = await rows<{ id: string; employee_name: string }>(
        `select id, employee_name from public.payroll_records where run_id = $1 and id <> $2
         order by employee_name limit 1`,
        [created.id, record!.id],
      );
      await page.getByLabel(EN.search, { exact: true }).fill(gone!.id);
      await page.getByLabel(EN.search, { exact: true }).press('Enter');
      const goneRow = page
        .getByTestId('payroll-records')
        .locator('tbody tr.ant-table-row')
        .filter({ hasText: gone!.employee_name });
      await goneRow.getByRole('button', { name: EN.cancelRecord, exact: true }).click();
      const dialog = page.locator('.ant-modal', {
        has: page.getByText(`Cancel payroll for ${gone!.employee_name}?`),
      });
      await visible(dialog);
      await dialog.getByRole('button', { name: EN.cancelRecordOk }).click();
      await visible(dialog.getByText(EN.cancelReasonRequired));
      await dialog.getByLabel(EN.cancelReason).fill('Left before the period started');
      await dialog.getByRole('button', { name: EN.cancelRecordOk }).click();
      await visible(goneRow.getByTestId('record-status').getByText(EN.statuses.cancelled, { exact: true }));
      await visible(goneRow.getByText('Left before the period started'));
      expect(
        await rows('select status, cancel_reason from public.payroll_records where id = $1', [gone!.id]),
      ).toEqual([{ status: 'cancelled', cancel_reason: 'Left before the period started' }]);
      // The cards for this record: one record, none pending.
      const card = page.getByTestId('payroll-card-USD');
      await visible(
        card
          .locator('.ant-statistic', { hasText: EN.cards.pending })
          .locator('.ant-statistic-content-value', {
            hasText: /^0$/,
          }),
      );
      expect(await goneRow.getByRole('button', { name: EN.cancelRecord, exact: true }).count()).toBe(0);

      // The run as a whole: the rest is processed, then paid; the record paid alone is paid once.
      await step(page, EN.process, 'Process payroll for Chicago Plant', EN.statuses.processed);
      await visible(watchedRun.getByTestId('run-status').getByText(FR.statuses.processed, { exact: true }));
      await step(page, EN.markPaid, 'Mark payroll for Chicago Plant', EN.statuses.paid);
      await visible(watchedRun.getByTestId('run-status').getByText(FR.statuses.paid, { exact: true }));
      const [totals] = await rows<{ paid: string; stubs: string; mine: string }>(
        `select count(*) filter (where r.status = 'paid') as paid,
           (select count(*) from public.paystubs ps join public.payroll_records x on x.id = ps.payroll_record_id
            where x.run_id = $1) as stubs,
           (select count(*) from public.paystubs ps where ps.payroll_record_id = $2) as mine
         from public.payroll_records r where r.run_id = $1`,
        [created.id, record!.id],
      );
      expect(totals).toEqual({
        paid: String(created.employee_count - 1),
        stubs: String(created.employee_count - 1),
        mine: '1',
      });
      expect(await rows('select status from public.payroll_records where id = $1', [gone!.id])).toEqual([
        { status: 'cancelled' },
      ]);
    } finally {
      await other.close();
    }
  });
});
