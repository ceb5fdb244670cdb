// The clock tests can set (issue 24 item 5): the database reads the time only through app.now(),
// a test stack pins it, and nothing else can.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectsReadingTime, REAL_TIME_ALLOWED } from '../../../scripts/db/time-reads.ts';
import type { Stack } from '../../../server/stack.ts';
import { clockNow, PINNED_AT, pinClock } from '../../clock.ts';
import { api, client } from '../helpers.ts';
import { startProductStack } from './org.ts';

let stack: Stack;
let db: pg.Pool;
beforeAll(async () => {
  stack = await startProductStack();
  db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
});
afterAll(async () => {
  await db?.end();
  await stack?.stop();
});

const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  (await db.query<T>(sql, params)).rows[0]!;

describe('the database reads the time through app.now()', () => {
  it('no function, default, view, policy or trigger reads the wall clock (allowed ones: scripts/db/time-reads.ts)', async () => {
    const direct = await objectsReadingTime(db);
    expect(
      direct.map((o) => `${o.kind} ${o.name}: ${o.reads.join(', ')}`),
      'run `npm run db:clock-rewrite -- <version>_<name>` and commit the migration it writes',
    ).toEqual([]);
    // Each allowed function exists (no stale exemption).
    const names = Object.keys(REAL_TIME_ALLOWED);
    const { rows } = await db.query<{ name: string }>(
      `select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname || '.' || p.proname = any($1)`,
      [names],
    );
    expect(new Set(rows.map((r) => r.name))).toEqual(new Set(names));
  });

  it('app.now() is inlined by the planner, pinned or not, so report queries pay no function call for it', async () => {
    const plan = (
      await db.query<{ 'QUERY PLAN': string }>('explain verbose select app.now(), app.today()')
    ).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).not.toMatch(/app\.(now|today)\(\)/);
  });
});

describe('a test stack pins the clock', () => {
  it('starts pinned at PINNED_AT and advances from there (a check-out comes after its check-in)', async () => {
    await pinClock(stack, PINNED_AT);
    const first = await clockNow(db);
    expect(first.getTime() - Date.parse(PINNED_AT)).toBeGreaterThanOrEqual(0);
    expect(first.getTime() - Date.parse(PINNED_AT)).toBeLessThan(60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await clockNow(db)).getTime()).toBeGreaterThan(first.getTime());
    expect((await one<{ d: string }>(`select to_char(app.today(), 'YYYY-MM-DD') as d`)).d).toBe(
      PINNED_AT.slice(0, 10),
    );
  });

  it('a frozen clock stands still; defaults stamp the pinned time', async () => {
    await pinClock(stack, '2026-03-02T08:00:00Z', { frozen: true });
    expect((await clockNow(db)).toISOString()).toBe('2026-03-02T08:00:00.000Z');
    const row = await one<{ created_at: Date }>(
      `insert into public.departments (name) values ('Clockwork') returning created_at`,
    );
    expect(row.created_at.toISOString()).toBe('2026-03-02T08:00:00.000Z');
    await pinClock(stack, PINNED_AT);
  });

  it('moving the clock re-bases the cached days table on the new yesterday', async () => {
    await pinClock(stack, '2026-03-02T08:00:00Z');
    expect(await one(`select to_char(hi, 'YYYY-MM-DD') as hi from app.person_days_coverage`)).toEqual({
      hi: '2026-03-01',
    });
    await pinClock(stack, PINNED_AT);
    expect(await one(`select to_char(hi, 'YYYY-MM-DD') as hi from app.person_days_coverage`)).toEqual({
      hi: '2026-11-17',
    });
  });

  it('only the service role may pin it, through the API', async () => {
    const body = JSON.stringify({ p_at: '2020-01-01T00:00:00Z' });
    const headers = { 'content-type': 'application/json' };
    const anon = await api(stack, '/rest/v1/rpc/set_test_clock', { method: 'POST', headers, body });
    expect(anon.status).toBe(401);
    expect((await client(stack).rpc('clear_test_clock')).error?.code).toBe('42501');
    const service = client(stack, stack.serviceKey);
    expect((await service.rpc('set_test_clock', { p_at: PINNED_AT })).error).toBeNull();
  });
});

describe('a stack without the test clock', () => {
  let real: Stack | undefined;
  afterAll(() => real?.stop());

  it('refuses to pin it, even to the service role or a session that sets the setting itself', async () => {
    real = await startProductStack({ testClock: false });
    const service = client(real, real.serviceKey);
    const refused = await service.rpc('set_test_clock', { p_at: PINNED_AT });
    expect(refused.error).toMatchObject({ code: '42501', message: 'clock.test_clock_not_allowed' });
    const session = new pg.Client({ connectionString: real.databaseUrl });
    await session.connect();
    try {
      await session.query(`set app.test_clock = 'on'`);
      await expect(session.query(`select public.set_test_clock($1)`, [PINNED_AT])).rejects.toMatchObject({
        code: '42501',
      });
      // The real time: within a minute of the test's own clock.
      const now = (await session.query<{ now: Date }>('select app.now() as now')).rows[0]!.now;
      expect(Math.abs(now.getTime() - Date.now())).toBeLessThan(60_000);
    } finally {
      await session.end();
    }
  });
});
