/**
 * Payroll benchmark: 1,000 employees with a month of attendance each, then
 * - creating 1,000 pending salary structures in one call (HR),
 * - bulk approval of the 1,000 (admin),
 * - generating the payroll run for the month (1,000 records),
 * - the first content of the salary list and the payroll run view in Chromium (BENCH_SCREENS=0 skips).
 * Prints one JSON object on stdout; progress on stderr. npm run -s bench:payroll [-- --employees 1000 --runs 3]
 * The stack runs in this process (the work is inside Postgres); durable commits.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { realtimeCatchUpAt } from './lib/realtime.ts';
import { startStack } from '../server/stack.ts';
import { DEMO_PASSWORD, generateSeedData, renderSeedSql } from '../supabase/seed/generate.ts';
import { buildSpa, launchChromium } from '../tests/e2e/app.ts';
import { benchPayrollScreens } from './payroll-screens.ts';
import { round } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: { employees: { type: 'string', default: '1000' }, runs: { type: 'string', default: '3' } },
});
const EMPLOYEES = Number(args.employees);
const TARGET_SECONDS = 2;
const log = (line: string) => process.stderr.write(`${line}\n`);

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-bench-payroll-'));
await fs.chmod(root, 0o755);
const SCREENS = process.env.BENCH_SCREENS !== '0';
const dist = path.join(root, 'dist');
if (SCREENS) {
  log('building the SPA for the screens');
  await buildSpa(dist);
}
const stack = await startStack({
  port: 0,
  host: '127.0.0.1',
  dataDir: path.join(root, 'data'),
  seed: 'never',
  ...(SCREENS ? { staticDir: dist } : {}),
});
const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
try {
  // A month of attendance: the last 40 days, so the previous calendar month is complete.
  const now = new Date();
  const seedStarted = performance.now();
  const data = generateSeedData({ employees: EMPLOYEES + 6, days: 70, now });
  const client = await db.connect();
  await client.query('begin');
  for (const statement of renderSeedSql(data)) await client.query(statement);
  await client.query('commit');
  client.release();
  // Everyone at one site, so that one run covers them all.
  const { rows: sites } = await db.query(`select id from public.sites where country = 'US'`);
  await db.query(`update public.employees set site_id = $1 where role <> 'kiosk'`, [sites[0].id]);
  await db.query('analyze');
  log(`seeded in ${round((performance.now() - seedStarted) / 1000)} s`);

  const signIn = async (email: string) => {
    const supabase = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const { error } = await supabase.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    if (error) throw error;
    return supabase;
  };
  const hr = await signIn('hr@demo.test');
  const admin = await signIn('admin@demo.test');

  const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const { rows: staff } = await db.query(
    `select id from public.employees where role <> 'kiosk' and status = 'active' order by email limit $1`,
    [EMPLOYEES],
  );

  const timed = async <T>(what: string, work: () => PromiseLike<{ data: T; error: unknown }>) => {
    const started = performance.now();
    const { data, error } = await work();
    const seconds = round((performance.now() - started) / 1000, 3);
    if (error) throw new Error(`${what}: ${JSON.stringify(error)}`);
    log(`${what}: ${seconds} s`);
    return { seconds, data };
  };

  const create = await timed('create 1,000 structures', () =>
    hr.rpc('create_salary_structures', {
      p_employee_ids: staff.map((s) => s.id),
      p_fields: {
        country: 'US',
        rule_set: 'us-federal-2026',
        frequency: 'monthly',
        basic_salary: 4200,
        hourly_rate: 26,
        effective_date: iso(periodStart),
        allowances: { transport: 120 },
      },
    }),
  );
  const approve = await timed('bulk approve', () =>
    admin.rpc('bulk_set_salary_approval', { p_approve: true }),
  );
  const run = await timed('generate payroll run', () =>
    hr.rpc('generate_payroll_run', {
      p_site_id: sites[0].id,
      p_period_start: iso(periodStart),
      p_period_end: iso(periodEnd),
    }),
  );
  const runRow = run.data as { employee_count: number; total_net: number; skipped: unknown[] };
  // The screens' exports: one payslip PDF (data RPC, content, jspdf render) and the run's Excel.
  const { rows: firstRecord } = await db.query(
    `select r.id from public.payroll_records r join public.payroll_runs pr on pr.id = r.run_id
     order by pr.created_at desc, r.employee_name limit 1`,
  );
  const payslipFetch = await timed('payslip data', () =>
    hr.rpc('payslip_data', { p_record_id: firstRecord[0].id }),
  );
  const { payslipContent } = await import('../src/features/payslip/content.ts');
  const { renderPayslipPdf } = await import('../src/features/payslip/render.ts');
  await renderPayslipPdf(payslipContent(payslipFetch.data as never)); // warm-up: module load
  const renderStarted = performance.now();
  const pdf = await renderPayslipPdf(payslipContent(payslipFetch.data as never));
  const payslipRenderSeconds = round((performance.now() - renderStarted) / 1000, 3);
  log(`payslip render: ${payslipRenderSeconds} s (${pdf.size} bytes)`);
  const moduleStarted = performance.now();
  const XLSX = await import('xlsx');
  const { buildRunWorkbook } = await import('../src/resources/payroll_runs/export/workbook.ts');
  const excelModuleSeconds = round((performance.now() - moduleStarted) / 1000, 3);
  const excelStarted = performance.now();
  const records = await timed('fetch run records', () =>
    hr
      .from('payroll_records')
      .select('*')
      .eq('run_id', (run.data as { id: string }).id)
      .order('employee_name'),
  );
  const workbook = XLSX.write(buildRunWorkbook(XLSX, records.data as never), {
    type: 'buffer',
    bookType: 'xlsx',
  });
  const excelSeconds = round((performance.now() - excelStarted) / 1000, 3);
  log(
    `excel export of ${(records.data as unknown[]).length} records: ${excelSeconds} s (${workbook.length} bytes)`,
  );

  // The screens with the 1,000 approved structures and the 1,000-record run on them.
  let screens: Record<string, unknown> | null = null;
  if (SCREENS) {
    const browser = await launchChromium();
    try {
      // The seed and the workflow steps above reach the realtime feed in bulk; time the screens after it.
      await realtimeCatchUpAt(stack.databaseUrl);
      screens = await benchPayrollScreens(browser, stack, log, Math.max(1, Number(args.runs)));
    } finally {
      await browser.close();
    }
  }

  const attendanceRows = await db.query(
    `select count(*) as n from public.attendances where date between $1 and $2`,
    [iso(periodStart), iso(periodEnd)],
  );

  const result = {
    benchmark: 'payroll',
    employees: EMPLOYEES,
    period: {
      start: iso(periodStart),
      end: iso(periodEnd),
      attendanceRecords: Number(attendanceRows.rows[0].n),
    },
    createStructuresSeconds: create.seconds,
    bulkApprove: {
      seconds: approve.seconds,
      approved: (approve.data as { decided: number } | null)?.decided,
    },
    payrollRun: {
      seconds: run.seconds,
      records: runRow.employee_count,
      skipped: runRow.skipped.length,
      totalNet: runRow.total_net,
    },
    payslip: { dataSeconds: payslipFetch.seconds, renderSeconds: payslipRenderSeconds, bytes: pdf.size },
    excelExport: {
      records: (records.data as unknown[]).length,
      seconds: excelSeconds,
      moduleLoadSeconds: excelModuleSeconds,
      bytes: workbook.length,
    },
    screens,
    targets: {
      payslipRenderSeconds: { value: payslipRenderSeconds, target: 0.3, met: payslipRenderSeconds <= 0.3 },
      excelExportSeconds: { value: excelSeconds, target: 2, met: excelSeconds <= 2 },
      payrollRunSeconds: { value: run.seconds, target: TARGET_SECONDS, met: run.seconds <= TARGET_SECONDS },
      bulkApproveSeconds: {
        value: approve.seconds,
        target: TARGET_SECONDS,
        met: approve.seconds <= TARGET_SECONDS,
      },
    },
    machine: { node: process.version, cpus: os.cpus().length, loadavg: os.loadavg().map((x) => round(x)) },
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await db.end();
  await stack.stop();
  await fs.rm(root, { recursive: true, force: true });
}
process.exit(0);
