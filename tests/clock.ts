// The moment every test stack's clock is pinned to (app.now() in SQL, the browser's clock in the
// journeys), and the helper to pin another one. No test reads the wall clock for the product's
// time: tests/wall-clock.test.ts keeps it so.
import pg from 'pg';
import type { TestClock } from '../server/stack.ts';

/**
 * Wednesday 18 November 2026, 16:00 UTC: a weekday that is a public holiday neither in the USA
 * (Illinois) nor in Burkina Faso; 10:00 in Chicago and 16:00 in Ouagadougou, so both sites are
 * inside their working day; later than the past dates the tests write (up to 2026-11-03), and in
 * the past of the real time, as the browser needs (supabase-js compares token expiry, signed
 * with the real time, with its own clock: a browser clock behind the server's is harmless).
 */
export const PINNED_AT = '2026-11-18T16:00:00.000Z';

/** The pinned moment's date in UTC (also the date at both sites at that hour). */
export const PINNED_DAY = PINNED_AT.slice(0, 10);

/** The stack option: test clock allowed and pinned at PINNED_AT, advancing from there. */
export const PINNED_CLOCK: TestClock = { at: PINNED_AT };

/**
 * Pins app.now() of a test stack at `at` (advancing from there, or frozen), until pinned again.
 * Takes the stack (or anything with its superuser databaseUrl).
 */
export async function pinClock(
  stack: { databaseUrl: string },
  at: string | Date,
  options: { frozen?: boolean } = {},
): Promise<void> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const moment = typeof at === 'string' ? at : at.toISOString();
    await db.query('select public.set_test_clock($1, $2)', [moment, options.frozen ?? false]);
  } finally {
    await db.end();
  }
}

type Queryable = { query: pg.Client['query'] };

/** The stack's current app.now(): the pinned moment plus the time elapsed since it was pinned. */
export async function clockNow(target: { databaseUrl: string } | Queryable): Promise<Date> {
  const sql = 'select app.now() as now';
  if ('query' in target) return (await target.query<{ now: Date }>(sql)).rows[0]!.now;
  const db = new pg.Client({ connectionString: target.databaseUrl });
  await db.connect();
  try {
    return (await db.query<{ now: Date }>(sql)).rows[0]!.now;
  } finally {
    await db.end();
  }
}
