// Reports and the audit log, as admin: each report type generated on screen and compared with
// the database function's answer, the PDF and Excel exports read back (pdftotext, SheetJS), and a
// role change made in the test shown in the audit log with its diff.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import ws from 'ws';
import { PINNED_AT } from '../clock.ts';
import { chooseOption, DEMO_PASSWORD, e2e, expectToast, logIn, seeText, visible } from './browser.ts';

const { test, url } = e2e({ data: 'demo' });

/** The database, as the admin: the same functions the screen calls, and the tables. */
async function adminDb(): Promise<SupabaseClient> {
  const config = (await (await fetch(url('/runtime-config.json'))).json()) as {
    supabaseUrl: string;
    anonKey: string;
  };
  const db = createClient(config.supabaseUrl, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { error } = await db.auth.signInWithPassword({ email: 'admin@demo.test', password: DEMO_PASSWORD });
  if (error) throw error;
  return db;
}

/** The default period of the screen: the last 30 days up to today (the browser's local day, pinned). */
function defaultPeriod() {
  const iso = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const today = new Date(PINNED_AT);
  const from = new Date(today);
  from.setDate(today.getDate() - 30);
  return { p_from: iso(from), p_to: iso(today) };
}

async function rpc<T>(db: SupabaseClient, name: string): Promise<T[]> {
  const { data, error } = await db.rpc(name, defaultPeriod());
  if (error) throw new Error(error.message);
  return data as T[];
}

async function chooseType(page: Page, label: string) {
  await chooseOption(page, page.getByTestId('report-type').getByRole('combobox'), label);
}

async function generate(page: Page) {
  await page.getByTestId('generate-report').click();
  await expectToast(page, 'Report Generated Successfully');
  await visible(page.getByTestId('report-result'));
}

/** The exports downloaded by this file's tests (removed at the end). */
const downloads: string[] = [];
afterAll(() => Promise.all(downloads.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

async function download(
  page: Page,
  button: 'export-pdf' | 'export-excel',
): Promise<{ file: string; name: string }> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()]);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-export-'));
  downloads.push(dir);
  const file = path.join(dir, dl.suggestedFilename());
  await dl.saveAs(file);
  return { file, name: dl.suggestedFilename() };
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
const cellTexts = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).locator('td').allInnerTexts()).map((s) => s.trim());

describe('reports', () => {
  /** Signs the admin in and opens /reports. */
  const openReports = async (page: Page) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/reports');
  };

  test('the executive summary matches the database; a changed choice needs a new report', async ({
    page,
  }) => {
    const db = await adminDb();
    const XLSX = await import('xlsx');
    await openReports(page);
    await seeText(page, 'Ready to Generate Report');
    for (const label of ['Executive Summary', 'Daily Analytics', 'Employee Performance', 'Monthly Trends'])
      await visible(page.getByTestId('report-type-cards').getByText(label, { exact: true }));
    // Both dates are filled in by default; without one, Generate is disabled.
    await expect.poll(() => page.getByTestId('generate-report').isEnabled()).toBe(true);
    await page.getByTestId('start-date').hover();
    await page.locator('.ant-picker-clear').first().click();
    await expect.poll(() => page.getByTestId('generate-report').isEnabled()).toBe(false);
    await page.goto('/reports');

    // Executive summary.
    await generate(page);
    const summary = await rpc<{ measure: string; current_value: number }>(db, 'report_summary');
    for (const m of summary) {
      const shown = await page
        .getByTestId(`measure-${m.measure}`)
        .locator('.ant-statistic-content-value')
        .innerText();
      expect([m.measure, Number(shown.replace(/[^\d.-]/g, ''))]).toEqual([m.measure, m.current_value]);
    }
    const summaryXlsx = await download(page, 'export-excel');
    const summaryBook = XLSX.read(await fs.readFile(summaryXlsx.file));
    const summaryRows = XLSX.utils.sheet_to_json<unknown[]>(summaryBook.Sheets[summaryBook.SheetNames[0]!]!, {
      header: 1,
    });
    expect(summaryRows[0]).toEqual(['Measure', 'This period', 'Previous period', 'Change (%)']);
    expect(summaryRows.find((r) => r[0] === 'Absences')![1]).toBe(
      summary.find((m) => m.measure === 'absences')!.current_value,
    );

    // A changed choice drops the shown report: exporting then says there is none.
    await chooseType(page, 'Daily Analytics');
    await seeText(page, 'Ready to Generate Report');
    await page.getByTestId('export-pdf').click();
    await expectToast(page, 'No Report Available', 'Please generate a report before exporting');
  });

  test('daily analytics: the totals row, the PDF and the Excel file agree with the database', async ({
    page,
  }) => {
    const db = await adminDb();
    const XLSX = await import('xlsx');
    await openReports(page);
    await page.getByTestId('type-card-daily').click();
    await generate(page);
    const daily = await rpc<{
      day: string;
      present: number;
      absent: number;
      late: number;
      on_leave: number;
      total: number;
    }>(db, 'report_daily');
    const sum = (k: 'present' | 'absent' | 'late' | 'on_leave' | 'total') =>
      daily.reduce((s, r) => s + r[k], 0);
    // People on approved leave are their own column, never absent.
    const totals = [sum('present'), sum('absent'), sum('late'), sum('on_leave'), sum('total')];
    expect((await cellTexts(page, 'report-totals')).slice(1, 6).map(Number)).toEqual(totals);
    await visible(page.getByTestId('report-chart'));

    const pdf = await download(page, 'export-pdf');
    expect(pdf.name).toMatch(/^Daily-Analytics_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = pdfText(pdf.file);
    expect(text).toContain('Daily Analytics');
    expect(text).toMatch(/Generated on .+ by Alex Morgan/);
    // The company's name (from the settings) heads the PDF.
    const { data: settings } = await db.from('system_settings').select('company_name').single();
    expect(text).toContain(settings!.company_name);
    expect(text).toMatch(/Date\s+Present\s+Absent\s+Late\s+On leave\s+Total\s+Rate/);
    expect(text).toMatch(new RegExp(`Total\\s+${totals.join('\\s+')}\\s`));

    const xlsx = await download(page, 'export-excel');
    const book = XLSX.read(await fs.readFile(xlsx.file), { cellDates: true });
    expect(book.SheetNames).toEqual(['Daily']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Daily!, { header: 1 });
    expect(rows[0]).toEqual(['Date', 'Present', 'Absent', 'Late', 'On leave', 'Total', 'Rate']);
    expect(rows[1]![0]).toBeInstanceOf(Date);
    const body = rows.slice(1, 1 + daily.length);
    expect(body.reduce((s, r) => s + (r[1] as number), 0)).toBe(totals[0]);
    expect(rows[1 + daily.length]!.slice(0, 6)).toEqual(['Total', ...totals]);
  });

  test("employee performance: best and worst ten from the database's ranking, exported", async ({ page }) => {
    const db = await adminDb();
    const XLSX = await import('xlsx');
    await openReports(page);
    await chooseType(page, 'Employee Performance');
    await generate(page);
    const people = await rpc<{ employee_name: string; rank: number; present_days: number }>(
      db,
      'report_employees',
    );
    const best = (await cellTexts(page, 'report-best')).slice(0, 2);
    expect(best).toEqual(['1', people.find((p) => p.rank === 1)!.employee_name]);
    const worst = (await cellTexts(page, 'report-worst')).slice(0, 2);
    expect(worst).toEqual([
      String(people.length),
      people.find((p) => p.rank === people.length)!.employee_name,
    ]);
    const peopleXlsx = await download(page, 'export-excel');
    const peopleBook = XLSX.read(await fs.readFile(peopleXlsx.file));
    expect(peopleBook.SheetNames).toEqual(['Employees', 'Best ten', 'Worst ten']);
    const peopleRows = XLSX.utils.sheet_to_json<Record<string, unknown>>(peopleBook.Sheets.Employees!);
    expect(peopleRows).toHaveLength(people.length);
    expect(peopleRows.reduce((s, r) => s + (r['Days present'] as number), 0)).toBe(
      people.reduce((s, p) => s + p.present_days, 0),
    );
    const peoplePdf = pdfText((await download(page, 'export-pdf')).file);
    expect(peoplePdf).toContain('Employee Performance');
    expect(peoplePdf).toContain(people.find((p) => p.rank === 1)!.employee_name);
  });

  test('monthly trends: one row per month and department, as the database says, exported', async ({
    page,
  }) => {
    const db = await adminDb();
    const XLSX = await import('xlsx');
    await openReports(page);
    await page.getByTestId('type-card-monthly').click();
    await generate(page);
    const months = await rpc<{ hours: number }>(db, 'report_monthly');
    await expect
      .poll(() => page.getByTestId('report-table-monthly').locator('tbody tr.ant-table-row').count())
      .toBe(months.length);
    const monthlyBook = XLSX.read(await fs.readFile((await download(page, 'export-excel')).file));
    const monthlyRows = XLSX.utils.sheet_to_json<Record<string, unknown>>(monthlyBook.Sheets.Monthly!);
    expect(monthlyRows.reduce((s, r) => s + (r.Hours as number), 0)).toBeCloseTo(
      months.reduce((s, m) => s + m.hours, 0),
      2,
    );
    expect(pdfText((await download(page, 'export-pdf')).file)).toContain('Monthly Trends');
  });

  test('an employee gets a report about themselves only', async ({ page }) => {
    await logIn(page, 'employee@demo.test', '/employee-portal');
    await page.goto('/reports');
    await page.getByTestId('type-card-employee').click();
    await generate(page);
    const rows = page.getByTestId('report-table-employee').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    const { data: me } = await (
      await adminDb()
    )
      .from('employees')
      .select('first_name, last_name')
      .eq('email', 'employee@demo.test')
      .single();
    await visible(rows.first().getByText(`${me!.first_name} ${me!.last_name}`, { exact: true }));
  });

  test('in French (HR works in French), the page and its PDF are in French', async ({ page }) => {
    await logIn(page, 'hr@demo.test', '/employee-management');
    await page.goto('/reports');
    await seeText(page, 'Prêt à générer le rapport');
    await page.getByTestId('generate-report').click();
    await expectToast(page, 'Rapport généré avec succès');
    const text = pdfText((await download(page, 'export-pdf')).file);
    expect(text).toContain('Synthèse');
    expect(text).toContain('Taux de présence');
    expect(text).toMatch(/Généré le .+ par \S+/);
  });
});

describe('audit log', () => {
  test('shows a role change made now, with its diff, on the person’s history', async ({ page }) => {
    const db = await adminDb();
    const { data: target, error } = await db
      .from('employees')
      .select('id, first_name, last_name')
      .eq('role', 'employee')
      .neq('email', 'employee@demo.test')
      .order('last_name')
      .limit(1)
      .single();
    if (error) throw error;
    const { error: updateError } = await db.from('employees').update({ role: 'manager' }).eq('id', target.id);
    if (updateError) throw updateError;

    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto(`/audit-log?entity=employees&id=${target.id}`);
    const name = `${target.first_name} ${target.last_name}`;
    await seeText(page, `History of ${name}`);
    const row = await visible(
      page.getByTestId('audit-table').locator('tbody tr.ant-table-row').filter({ hasText: 'Update' }),
    );
    await visible(row.getByText('Alex Morgan', { exact: true }));
    const diff = await visible(row.getByTestId('diff-role'));
    // The field's name and the codes read as words, never as stored.
    expect((await diff.innerText()).replace(/\s+/g, ' ').trim()).toBe('Role: Employee Manager');
    await visible(diff.locator('del').getByText('Employee', { exact: true }));
    await visible(diff.locator('strong').getByText('Manager', { exact: true }));
  });
});
