// npm start's demo data through the REST API: each demo account sees what it may, and nothing more.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../../server/stack.ts';
import { DEMO_PASSWORD, generateSeedSql } from '../../../supabase/seed/generate.ts';
import { compare, extract, MATCH_THRESHOLD, syntheticImpression } from '../../../src/fingerprint/index.ts';
import { decompressDemoFinger } from '../../../src/fingerprint/synth/demo-finger.ts';
import { DEMO_ENROLMENT_IMPRESSIONS } from '../../../src/fingerprint/synth/demo.ts';
import { decodeStoredTemplates, SET_FORMAT } from '../../../src/fingerprint/template/stored.ts';
import { fingerSeed } from '../../../supabase/seed/fingerprints.ts';
import { client } from '../helpers.ts';
import { PRODUCT_SUPABASE_DIR } from '../paths.ts';

let stack: Stack;
let db: pg.Pool;
let root: string;
const accounts: Record<string, SupabaseClient> = {};

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-demo-'));
  await fs.chmod(root, 0o755);
  stack = await startStack({
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(root, 'data'),
    supabaseDir: PRODUCT_SUPABASE_DIR,
    // With the enrolled demo fingerprints, as npm start loads them.
    seedSql: () => generateSeedSql({ employees: 12, days: 21, fingerprints: true, pay: true }),
    fast: true,
  });
  db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  for (const name of ['admin', 'hr', 'manager', 'employee', 'kiosk.us', 'kiosk.bf']) {
    const supabase = client(stack);
    const { error } = await supabase.auth.signInWithPassword({
      email: `${name}@demo.test`,
      password: DEMO_PASSWORD,
    });
    if (error) throw error;
    accounts[name] = supabase;
  }
});
afterAll(async () => {
  await db?.end();
  await stack?.stop();
  await fs.rm(root, { recursive: true, force: true });
});

const count = async (supabase: SupabaseClient, table: string) => {
  const { count: n, error } = await supabase.from(table).select('*', { count: 'exact', head: true });
  if (error) throw error;
  return n;
};
const sql = async (text: string) => Number((await db.query(text)).rows[0].n);

describe('the demo accounts', () => {
  it('sign in with demo-password and have their roles', async () => {
    const { rows } = await db.query(
      `select e.email, e.role from public.employees e join auth.users u on u.id = e.user_id order by e.email`,
    );
    expect(rows).toEqual([
      { email: 'admin@demo.test', role: 'admin' },
      { email: 'employee@demo.test', role: 'employee' },
      { email: 'hr@demo.test', role: 'hr' },
      { email: 'kiosk.bf@demo.test', role: 'kiosk' },
      { email: 'kiosk.us@demo.test', role: 'kiosk' },
      { email: 'manager@demo.test', role: 'manager' },
    ]);
  });

  it('admin and HR see everyone and all attendance; only they read the audit log', async () => {
    const all = await sql('select count(*) as n from public.attendances');
    expect(all).toBeGreaterThan(100);
    for (const who of ['admin', 'hr']) {
      expect(await count(accounts[who]!, 'employees')).toBe(12);
      expect(await count(accounts[who]!, 'attendances')).toBe(all);
      expect(await count(accounts[who]!, 'audit_logs')).toBeGreaterThan(0);
    }
    for (const who of ['manager', 'employee', 'kiosk.us'])
      expect(await count(accounts[who]!, 'audit_logs')).toBe(0);
  });

  it("the manager sees the team's attendance (their departments) and their own", async () => {
    const team = await sql(`
      select count(*) as n from public.attendances a join public.employees e on e.id = a.employee_id
      where e.department_id in (select dm.department_id from public.department_managers dm
                                join public.employees m on m.id = dm.employee_id where m.email = 'manager@demo.test')
         or e.email = 'manager@demo.test'`);
    expect(team).toBeGreaterThan(0);
    expect(await count(accounts.manager!, 'attendances')).toBe(team);
  });

  it('the employee sees only their own record, attendance and notifications', async () => {
    const { data } = await accounts.employee!.from('employees').select('email');
    expect(data).toEqual([{ email: 'employee@demo.test' }]);
    const own = await sql(
      `select count(*) as n from public.attendances a join public.employees e on e.id = a.employee_id where e.email = 'employee@demo.test'`,
    );
    expect(await count(accounts.employee!, 'attendances')).toBe(own);
    const notes = await sql(
      `select count(*) as n from public.notifications x join public.employees e on e.id = x.employee_id where e.email = 'employee@demo.test'`,
    );
    expect(await count(accounts.employee!, 'notifications')).toBe(notes);
  });

  it("each kiosk gets its own site's roster and no attendance or other table", async () => {
    for (const [who, site] of [
      ['kiosk.us', 'US'],
      ['kiosk.bf', 'BF'],
    ] as const) {
      const roster = await accounts[who]!.rpc('kiosk_roster');
      const expected =
        await sql(`select count(*) as n from public.employees e join public.sites s on s.id = e.site_id
        where s.country = '${site}' and e.status = 'active' and e.role <> 'kiosk'`);
      expect(new Set(roster.data!.map((r: { employee_id: string }) => r.employee_id)).size).toBe(expected);
      expect(await count(accounts[who]!, 'attendances')).toBe(0);
      expect(await count(accounts[who]!, 'notifications')).toBe(0);
    }
  });

  it('gives every demo person a payment account the checks accept, so every demo person can be paid', async () => {
    // Inserted through the table's validating trigger: an invalid number would have failed the seed.
    const unpaid = await sql(`select count(*) as n from public.employees e where e.role <> 'kiosk'
      and not exists (select 1 from public.payment_accounts a where a.employee_id = e.id and a.replaced_at is null)`);
    expect(unpaid).toBe(0);
    const methods = (
      await db.query<{ method: string; country: string }>(
        'select distinct method::text, country::text from public.payment_accounts order by 1, 2',
      )
    ).rows.map((r) => `${r.method}/${r.country}`);
    expect(methods).toEqual(
      expect.arrayContaining(['bank_account/BF', 'bank_account/US', 'mobile_money/BF']),
    );
    expect(await sql(`select count(*) as n from public.payment_originators`)).toBe(1);
    const { data } = await accounts.employee!.from('payment_accounts').select('employee_id');
    expect(data).toHaveLength(1);
    expect((await accounts.manager!.from('payment_accounts').select('employee_id')).data).toHaveLength(1);
  });

  it('gives every demo employee an enrolled finger, which a new press of the same synthetic finger matches', async () => {
    const { data: roster } = await accounts['kiosk.us']!.rpc('kiosk_roster');
    const rows = roster as Array<{ employee_id: string; template: string | null; template_format: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.template !== null && r.template_format === SET_FORMAT)).toBe(true);
    // PostgREST sends bytea as \x-prefixed hex; an enrolment keeps its three impressions.
    const templatesOf = (row: (typeof rows)[number]) =>
      decodeStoredTemplates(new Uint8Array(Buffer.from(row.template!.slice(2), 'hex')), row.template_format);
    const first = rows[0]!;
    const stored = templatesOf(first);
    expect(stored).toHaveLength(3);
    // Every demo finger is stored, and a press the simulator makes of the stored finger (an
    // impression after the enrolled ones) matches the enrolment.
    expect(await sql(`select count(*) as n from public.demo_fingers`)).toBe(
      await sql(`select count(distinct employee_id) as n from public.biometric_enrolments`),
    );
    const seed = fingerSeed(first.employee_id);
    const fetched = await accounts['kiosk.us']!.rpc('demo_finger', { p_seed: seed });
    expect(fetched.error).toBeNull();
    const finger = await decompressDemoFinger(
      new Uint8Array(Buffer.from(fetched.data as string, 'base64')),
      seed,
    );
    expect(finger).not.toBeNull();
    const pressAgain = extract(syntheticImpression(finger!, DEMO_ENROLMENT_IMPRESSIONS));
    const best = (templates: typeof stored) => Math.max(...templates.map((t) => compare(t, pressAgain)));
    expect(best(stored)).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    const someoneElse = rows.find((r) => r.employee_id !== first.employee_id)!;
    expect(best(templatesOf(someoneElse))).toBeLessThan(MATCH_THRESHOLD);
  });

  it('gives nearly everyone an approved salary, pays last month at both sites, and a new run pays nearly everyone', async () => {
    const staff = await sql(
      `select count(*) as n from public.employees where role <> 'kiosk' and status = 'active' and salary is not null`,
    );
    expect(staff).toBeGreaterThanOrEqual(8);
    const approved = await sql(
      `select count(distinct employee_id) as n from public.salary_structures
       where approval_status = 'approved' and effective_date <= app.today()`,
    );
    expect(approved).toBe(staff);
    // Last month: one paid run per site, with a payslip (record) for everyone paid.
    const paidRuns = await db.query(
      `select r.status, count(p.id)::int as records from public.payroll_runs r
       join public.payroll_records p on p.run_id = r.id group by r.id, r.status`,
    );
    expect(paidRuns.rows.map((r) => r.status)).toEqual(['paid', 'paid']);
    expect(paidRuns.rows.reduce((n, r) => n + Number(r.records), 0)).toBe(staff);
    // Proposals the salary screen shows: some pending, one rejected.
    expect(
      await sql(`select count(*) as n from public.salary_structures where approval_status = 'pending'`),
    ).toBe(3);
    expect(
      await sql(`select count(*) as n from public.salary_structures where approval_status = 'rejected'`),
    ).toBe(1);
    // HR runs this month's payroll at each site: nearly everyone is in it (nobody skipped for want of a structure).
    const sites = await db.query(`select id from public.sites order by name`);
    const first = (await db.query(`select date_trunc('month', app.today())::date::text as d`)).rows[0]
      .d as string;
    const last = (
      await db.query(
        `select (date_trunc('month', app.today()) + interval '1 month - 1 day')::date::text as d`,
      )
    ).rows[0].d as string;
    let paid = 0;
    for (const site of sites.rows) {
      const { data, error } = await accounts.hr!.rpc('generate_payroll_run', {
        p_site_id: site.id,
        p_period_start: first,
        p_period_end: last,
      });
      if (error) throw error;
      paid += Number((data as { employee_count: number }).employee_count);
    }
    expect(paid).toBeGreaterThanOrEqual(Math.floor(staff * 0.9));
  });
});
