// After a bench's seed (one very large transaction), the stack's realtime feed decodes and dispatches
// every change for a while; timings taken meanwhile measure that, not the screen or report.
import pg from 'pg';
import { round } from './stats.ts';

const seconds = (t0: number) => (performance.now() - t0) / 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until every active replication slot has confirmed the WAL written so far (at most `limitSeconds`). */
export async function realtimeCatchUp(db: pg.Client, limitSeconds = 180) {
  const target = (await db.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
  const t0 = performance.now();
  for (;;) {
    const { rows } = await db.query<{ behind: string | null }>(
      `select min(pg_wal_lsn_diff($1::pg_lsn, confirmed_flush_lsn))::text as behind
       from pg_replication_slots where active`,
      [target],
    );
    const behind = rows[0]!.behind === null ? null : Number(rows[0]!.behind);
    if (behind === null)
      return { caughtUp: false, seconds: round(seconds(t0)), note: 'no active replication slot' };
    if (behind <= 0) return { caughtUp: true, seconds: round(seconds(t0)) };
    if (seconds(t0) > limitSeconds)
      return { caughtUp: false, seconds: round(seconds(t0)), bytesBehind: behind };
    await sleep(500);
  }
}

/** The same, through a connection of its own to the stack's database. */
export async function realtimeCatchUpAt(databaseUrl: string, limitSeconds = 180) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await realtimeCatchUp(db, limitSeconds);
  } finally {
    await db.end();
  }
}
