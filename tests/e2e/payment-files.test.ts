// The files that pay a run (issue 29 item 5), from the payroll screen: HR opens a processed run's
// payment files and downloads one per method. The NACHA file re-reads with the tests' parser, the
// CSVs and the cash sheet's PDF (pdftotext) carry each person's net, the totals of all the files
// equal the run's net to the cent and the franc, and a second download is the same file.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import paymentsFr from '../../src/i18n/locales/fr/payments.json';
import { parseCsv, parseNacha } from '../nacha.ts';
import { e2e, logIn, visible } from './browser.ts';

const { test, stack } = e2e({ data: 'demo' });
// The demo HR account (Fatimata Kaboré, Ouagadougou) reads the app in French.
const FR = paymentsFr.files;
const run = promisify(execFile);

let pool: pg.Pool | undefined;
let downloads: string;
const db = () => (pool ??= new pg.Pool({ connectionString: stack().databaseUrl, max: 2 }));
const rows = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  (await db().query<T>(sql, params)).rows;

beforeAll(async () => {
  downloads = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-payment-files-'));
  // Last month's runs of both sites, processed (as payroll.test.ts makes them, by the server).
  await db().query(
    `insert into public.salary_structures (employee_id, rule_set, country, frequency, basic_salary, hourly_rate,
       allowances, effective_date, approval_status, approved_at, scheduled_release_date)
     select e.id, case when s.country = 'BF' then 'bf-2026' else 'spec-default' end, s.country, 'monthly',
       case when s.country = 'BF' then 180000 + 5000 * row_number() over (order by e.id) else 4000 + 10.25 * row_number() over (order by e.id) end,
       case when s.country = 'BF' then 1200 else 25 end, '{}'::jsonb,
       date_trunc('month', app.today() - interval '1 month')::date, 'approved', app.now(), app.today()
     from public.employees e join public.sites s on s.id = e.site_id
     where e.status = 'active' and e.role <> 'kiosk'`,
  );
  await db().query(
    `select public.process_payroll_run((public.generate_payroll_run(s.id,
       date_trunc('month', app.today() - interval '1 month')::date,
       (date_trunc('month', app.today()) - interval '1 day')::date)).id)
     from public.sites s`,
  );
});
afterAll(async () => {
  await pool?.end();
  await fs.rm(downloads, { recursive: true, force: true });
});

async function download(page: Page, testId: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const target = path.join(downloads, file.suggestedFilename());
  await file.saveAs(target);
  return target;
}

async function openFiles(page: Page, site: string) {
  const row = page.getByTestId('payroll-runs').locator('tbody tr.ant-table-row', { hasText: site });
  await (await visible(row.locator('button', { hasText: FR.button }))).click();
  return visible(page.getByTestId('payment-files'));
}

const runOf = async (site: string) =>
  (
    await rows<{ id: string; total_net: string; people: string }>(
      `select r.id, r.total_net, (select count(*) from public.payroll_records x where x.run_id = r.id and x.net_pay > 0) as people
       from public.payroll_runs r join public.sites s on s.id = r.site_id where s.name = $1`,
      [site],
    )
  )[0]!;
/** The methods the run's payees are paid by, from their current accounts. */
const kindsOf = async (runId: string) =>
  (
    await rows<{ kind: string }>(
      `select distinct app.payment_file_kind_of(a)::text as kind from public.payroll_records r
       join public.payment_accounts a on a.employee_id = r.employee_id and a.replaced_at is null
       where r.run_id = $1 and r.net_pay > 0 order by 1`,
      [runId],
    )
  ).map((r) => r.kind);

/** What the database stored for a kind's file: each reference's amount and name, and its hash. */
async function stored(runId: string, kind: string) {
  const entries = await rows<{ reference: string; amount: string; employee_name: string }>(
    `select e.reference, e.amount, r.employee_name from public.payment_files f
     join public.payment_file_entries e on e.file_id = f.id join public.payroll_records r on r.id = e.payroll_record_id
     where f.run_id = $1 and f.kind = $2`,
    [runId, kind],
  );
  const [file] = await rows<{ sha256: string }>(
    'select sha256 from public.payment_files where run_id = $1 and kind = $2',
    [runId, kind],
  );
  return { byReference: new Map(entries.map((e) => [e.reference, e])), sha256: file!.sha256 };
}

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');

/** Downloads every method's file of a site's run; checks each against the database; the minor units they pay. */
async function payAll(page: Page, site: string) {
  const target = await runOf(site);
  await openFiles(page, site);
  let minor = 0;
  let people = 0;
  const kinds = await kindsOf(target.id);
  for (const kind of kinds) {
    const file = await download(page, `payment-file-${kind}`);
    const db = await stored(target.id, kind);
    people += db.byReference.size;
    if (kind === 'ach') {
      const ach = parseNacha(await fs.readFile(file, 'utf8'));
      expect(await sha256(file)).toBe(db.sha256);
      for (const entry of ach.entries)
        expect(entry.cents).toBe(Math.round(Number(db.byReference.get(entry.identification)!.amount) * 100));
      expect(ach.entries).toHaveLength(db.byReference.size);
      minor += ach.totalCreditCents;
    } else if (kind === 'cash_sheet') {
      expect(file.endsWith('.pdf')).toBe(true);
      const sheet = (await run('pdftotext', ['-layout', file, '-'])).stdout;
      expect(sheet).toContain(FR.sheet.title);
      for (const [reference, entry] of db.byReference) {
        expect(sheet).toContain(reference);
        expect(sheet).toContain(entry.employee_name);
        minor += Math.round(Number(entry.amount) * (site === 'Ouagadougou' ? 1 : 100));
      }
    } else {
      expect(await sha256(file)).toBe(db.sha256);
      const lines = parseCsv(await fs.readFile(file, 'utf8'));
      expect(lines).toHaveLength(db.byReference.size);
      for (const line of lines) {
        expect(line.MONTANT).toMatch(/^[0-9]+$/);
        expect(line.MONTANT).toBe(String(Number(db.byReference.get(line.REFERENCE ?? '')!.amount)));
        minor += Number(line.MONTANT);
      }
    }
  }
  expect(people).toBe(Number(target.people));
  expect(minor).toBe(Math.round(Number(target.total_net) * (site === 'Ouagadougou' ? 1 : 100)));
  return { target, kinds };
}

describe('payment files', () => {
  test('HR downloads each method’s file from the Chicago and Ouagadougou runs; they add up to each run', async ({
    page,
  }) => {
    await logIn(page, 'hr@demo.test', '/employee-management');
    await page.goto('/payroll-management');

    const chicago = await payAll(page, 'Chicago Plant');
    expect(chicago.kinds).toContain('ach');
    // Downloaded again: the same file, byte for byte, as stored.
    await visible(page.getByTestId('payment-file-ach').getByText(FR.download));
    const again = await download(page, 'payment-file-ach');
    expect(await sha256(again)).toBe((await stored(chicago.target.id, 'ach')).sha256);
    await page.getByRole('button', { name: FR.close }).click();

    const ouaga = await payAll(page, 'Ouagadougou');
    expect(ouaga.kinds).toEqual(expect.arrayContaining(['bank_transfer', 'orange_money']));
  });
});
