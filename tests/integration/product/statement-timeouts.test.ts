// Issue 23 §3: no request can hold the database. The API roles carry Supabase's statement timeouts
// (server/postgres/bootstrap.sql: anon 3 s, authenticated 8 s), which PostgREST applies to each
// request; every SQL loop over dates refuses an infinite or absurd range at its entry instead of
// running until the timeout (a refusal P0001, not a cancellation 57014).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
  // A test-only slow function in this throwaway database (never in a migration): the product has
  // no RPC that is slow on purpose.
  await org.db.query(`create function public.test_sleep(p_seconds double precision) returns boolean
    language plpgsql as $$ begin perform pg_sleep(p_seconds); return true; end $$`);
  await org.db.query('grant execute on function public.test_sleep(double precision) to anon, authenticated');
  await org.db.query(`notify pgrst, 'reload schema'`);
  // PostgREST reloads its schema cache asynchronously: poll (bounded) until it knows the function.
  for (let attempt = 0; attempt < 100; attempt++) {
    const { error } = await org.admin.supabase.rpc('test_sleep', { p_seconds: 0 });
    if (!error) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('PostgREST never saw public.test_sleep');
}, 60_000);
afterAll(() => org?.stop());

describe('statement timeouts of the API roles', () => {
  it('are set on the roles as Supabase sets them', async () => {
    const { rows } = await org.db.query<{ rolname: string; setting: string }>(
      `select r.rolname, s.setting from pg_db_role_setting d join pg_roles r on r.oid = d.setrole
       cross join unnest(d.setconfig) s (setting)
       where s.setting like 'statement_timeout=%' order by 1`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', setting: 'statement_timeout=3s' },
      { rolname: 'authenticated', setting: 'statement_timeout=8s' },
      { rolname: 'authenticator', setting: 'statement_timeout=8s' },
    ]);
  });

  it('cancel a signed-in request that runs past 8 s (57014), and let one of 4 s finish', async () => {
    const slow = await org.employee.supabase.rpc('test_sleep', { p_seconds: 12 });
    expect(slow.error?.code).toBe('57014');
    const fine = await org.employee.supabase.rpc('test_sleep', { p_seconds: 4 });
    expect(fine.error).toBeNull();
    // The connection is healthy afterwards.
    const after = await org.employee.supabase.rpc('test_sleep', { p_seconds: 0 });
    expect(after.error).toBeNull();
  }, 30_000);

  it('are longer, and still finite, only for the measured long functions (reports, backups)', async () => {
    const { rows } = await org.db.query<{ name: string; setting: string }>(
      `select p.proname as name, s.setting from pg_proc p cross join unnest(p.proconfig) s (setting)
       where p.pronamespace = 'public'::regnamespace and s.setting like 'statement_timeout=%' order by 1`,
    );
    expect(rows).toEqual([
      { name: 'backup_now', setting: 'statement_timeout=5min' },
      { name: 'report_daily', setting: 'statement_timeout=60s' },
      { name: 'report_employees', setting: 'statement_timeout=60s' },
      { name: 'report_monthly', setting: 'statement_timeout=60s' },
      { name: 'report_summary', setting: 'statement_timeout=60s' },
      { name: 'restore_backup', setting: 'statement_timeout=5min' },
    ]);
  });

  it('cancel an anonymous request that runs past 3 s', async () => {
    const slow = await org.anon.rpc('test_sleep', { p_seconds: 6 });
    expect(slow.error?.code).toBe('57014');
  }, 20_000);
});

describe('loops over dates are bounded at their entry', () => {
  const absurd: Array<[string, string]> = [
    ['-infinity', 'infinity'],
    ['infinity', 'infinity'],
    ['-infinity', '-infinity'],
    ['0001-01-01', '9999-12-31'],
    ['1999-12-31', '2000-01-31'],
    ['2100-12-01', '2101-01-01'],
  ];

  it('refuses reports over infinite or out-of-window dates', async () => {
    for (const [from, to] of absurd) {
      for (const report of ['report_daily', 'report_summary', 'report_monthly', 'report_employees']) {
        const { error } = await org.admin.supabase.rpc(report, { p_from: from, p_to: to });
        expect(error, `${report} ${from}..${to}`).toMatchObject({
          code: 'P0001',
          hint: 'date_out_of_window',
        });
      }
    }
    // A plausible range still answers.
    const ok = await org.admin.supabase.rpc('report_daily', { p_from: '2026-03-02', p_to: '2026-03-08' });
    expect(ok.error).toBeNull();
    expect(ok.data).toHaveLength(7);
  });

  it('refuses a calendar month outside the window', async () => {
    for (const month of ['infinity', '-infinity', '0001-01-01', '9999-12-01']) {
      const { error } = await org.admin.supabase.rpc('attendance_calendar', { p_month: month });
      expect(error, month).toMatchObject({ code: 'P0001', hint: 'date_out_of_window' });
    }
    const ok = await org.admin.supabase.rpc('attendance_calendar', { p_month: '2026-03-01' });
    expect(ok.error).toBeNull();
    expect(ok.data).toHaveLength(31);
  });

  it('refuses a business-day count from an infinite date, and counts plausible ones', async () => {
    for (const day of ['infinity', '-infinity', '0001-01-01', '9999-12-31']) {
      await expect(
        org.db.query(`select app.add_business_days($1::date, 2, 'US')`, [day]),
        day,
      ).rejects.toMatchObject({ code: 'P0001', hint: 'date_out_of_window' });
    }
    // Friday 2026-03-06 + 2 business days = Tuesday 2026-03-10.
    const { rows } = await org.db.query<{ d: string }>(
      `select app.add_business_days('2026-03-06', 2, 'US')::text as d`,
    );
    expect(rows[0]!.d).toBe('2026-03-10');
  });

  it('refuses the internal day series over an absurd span', async () => {
    await expect(
      org.db.query(`select count(*) from app.attendance_days('-infinity', 'infinity')`),
    ).rejects.toMatchObject({ code: 'P0001', hint: 'date_out_of_window' });
    await expect(
      org.db.query(`select count(*) from app.attendance_days('0001-01-01', '9999-12-31')`),
    ).rejects.toMatchObject({ code: 'P0001', hint: 'date_range_too_long' });
  });
});
