// Payroll management for the demo month: a run per site generated from approved structures,
// processed and marked paid on the screen; payslip PDFs read back with pdftotext carry the right
// net in the right currency and language (US in English, BF in French); the Excel export of a run
// reads back with SheetJS with one row per record and the database's nets.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import * as XLSX from 'xlsx';
import payrollTexts from '../../src/i18n/features/payroll.ts';
import { amount } from '../../src/resources/payroll_runs/payslip/content.ts';
import { e2e, logIn, visible } from './browser.ts';

const { test, stack } = e2e({ data: 'demo' });
const EN = payrollTexts.en;
const FR = payrollTexts.fr;
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
     select e.id, case when s.country = 'BF' then 'bf-2026' else 'spec-default' end, s.country, 'monthly',
       case when s.country = 'BF' then 180000 + 5000 * row_number() over (order by e.id) else 4000 + 10.25 * row_number() over (order by e.id) end,
       case when s.country = 'BF' then 1200 else 25 end,
       case when s.country = 'BF' then '{"transport": 15000}'::jsonb else '{}'::jsonb end,
       date_trunc('month', current_date - interval '1 month')::date, 'approved', now(), current_date
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

async function runPayroll(page: Page, t: typeof EN, site: string) {
  await page.getByRole('button', { name: t.runPayroll }).click();
  await page.locator('.ant-select:has(input#site_id) .ant-select-selector').click();
  await (await visible(page.locator('.ant-select-item-option').filter({ hasText: site }))).click();
  await page.getByTestId('generate-run').click();
  await visible(page.getByTestId('run-result'));
  const [created] = await rows<{ id: string; employee_count: number; name: string }>(
    `select r.id, r.employee_count, s.name from public.payroll_runs r join public.sites s on s.id = r.site_id
     where s.name = $1 order by r.created_at desc limit 1`,
    [site],
  );
  await visible(page.getByText(t.dialog.done.replace('{{count}}', String(created!.employee_count))));
  await page.getByTestId('close-run').click();
  return created!;
}

async function step(page: Page, button: string, confirmStart: string, status: string) {
  const runRow = page.getByTestId('payroll-runs').locator('tbody tr.ant-table-row').first();
  await runRow.getByRole('button', { name: button }).click();
  await visible(page.getByText(confirmStart, { exact: false }));
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
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
    await page.keyboard.press('Escape');

    await step(page, EN.process, 'Process payroll for Chicago Plant', EN.statuses.processed);
    await step(page, EN.markPaid, 'Mark payroll for Chicago Plant', EN.statuses.paid);
    const [state] = await rows<{ status: string; stubs: string }>(
      `select r.status, (select count(*) from public.paystubs ps join public.payroll_records pr on pr.id = ps.payroll_record_id
                         where pr.run_id = r.id) as stubs
       from public.payroll_runs r where r.id = $1`,
      [created.id],
    );
    expect(state).toEqual({ status: 'paid', stubs: String(created.employee_count) });

    // A payslip: the record's net in dollars, in English, with §226's items.
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
    expect(text).toContain('California Labor Code section 226');

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
    await logIn(page, 'hr@demo.test', '/employee-management');
    await page.goto('/payroll-management');
    const created = await runPayroll(page, FR, 'Ouagadougou');
    await step(page, FR.process, 'Traiter la paie de Ouagadougou', FR.statuses.processed);
    const [record] = await rows<{
      employee_name: string;
      net_pay: string;
      deductions: Record<string, string>;
    }>(
      `select employee_name, net_pay, deductions from public.payroll_records where run_id = $1 order by employee_name limit 1`,
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
  });
});
