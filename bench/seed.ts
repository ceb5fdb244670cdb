/**
 * The demo seed's time (npm start's first start): the SQL without fingerprints, with the demo
 * fingerprints made on this thread, and made on worker threads (one per core). Prints JSON: wall and
 * CPU seconds (CPU of the whole process, workers included) and whether both give the same SQL.
 *
 *   npm run bench:seed -- [--employees 40] [--days 90] [--threads N] [--no-serial]
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { generateSeedSql, generateSeedSqlInParallel } from '../supabase/seed/generate.ts';

const { values } = parseArgs({
  options: {
    employees: { type: 'string', default: '40' },
    days: { type: 'string', default: '90' },
    threads: { type: 'string' },
    'no-serial': { type: 'boolean', default: false },
  },
});
const options = {
  employees: Number(values.employees),
  days: Number(values.days),
  now: new Date('2026-11-18T15:00:00Z'),
};
const threads = Number(values.threads ?? availableParallelism());

async function timed(
  run: () => string | Promise<string>,
): Promise<{ sql: string; wallS: number; cpuS: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const sql = await run();
  const c1 = process.cpuUsage(c0);
  const round = (x: number) => Math.round(x * 100) / 100;
  return { sql, wallS: round((performance.now() - t0) / 1000), cpuS: round((c1.user + c1.system) / 1e6) };
}

const none = await timed(() => generateSeedSql(options));
const parallel = await timed(() => generateSeedSqlInParallel({ ...options, fingerprints: true }, threads));
const serial = values['no-serial']
  ? null
  : await timed(() => generateSeedSql({ ...options, fingerprints: true }));
console.log(
  JSON.stringify(
    {
      employees: options.employees,
      days: options.days,
      cores: availableParallelism(),
      threads,
      withoutFingerprints: { wallS: none.wallS, cpuS: none.cpuS },
      fingerprintsOnWorkers: { wallS: parallel.wallS, cpuS: parallel.cpuS },
      ...(serial ? { fingerprintsOnOneThread: { wallS: serial.wallS, cpuS: serial.cpuS } } : {}),
      ...(serial ? { sameSql: serial.sql === parallel.sql } : {}),
    },
    null,
    2,
  ),
);
