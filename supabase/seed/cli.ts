// npm run seed -- --employees 40 --days 90 [--seed 1] [--out supabase/seed.sql]
// Prints the demo data as SQL (or writes it to --out), e.g. for `psql -1 -f` on Supabase.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { generateSeedSql } from './generate.ts';

const { values } = parseArgs({
  options: {
    employees: { type: 'string', default: '40' },
    days: { type: 'string', default: '90' },
    seed: { type: 'string' },
    fingerprints: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const employees = Number(values.employees);
const days = Number(values.days);
if (!Number.isInteger(employees) || employees < 6 || !Number.isInteger(days) || days < 1) {
  console.error('--employees must be an integer of at least 6 and --days a positive integer');
  process.exit(2);
}
const sql = generateSeedSql({
  employees,
  days,
  seed: values.seed ? Number(values.seed) : undefined,
  fingerprints: values.fingerprints,
  pay: true,
});
if (values.out) fs.writeFileSync(values.out, sql);
else process.stdout.write(sql);
