// The database's pay computation against the shared vectors (the TS mirror runs the same table).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePay } from '../../../src/domain/payroll/compute.ts';
import type { PayInput } from '../../../src/domain/payroll/types.ts';
import type { Stack } from '../../../server/stack.ts';
import { client, PASSWORD } from '../helpers.ts';
import { REPO_ROOT } from '../paths.ts';
import { startProductStack } from './org.ts';

const read = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'src/domain/payroll', file), 'utf8'));
const vectors: Array<{ name: string; input: Record<string, unknown>; expected: Record<string, unknown> }> =
  read('vectors.json');
const ruleSets: Record<string, Array<{ effective_from: string; params: unknown }>> = read('rule-sets.json');

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

describe('payroll.compute_pay', () => {
  it('has vectors to check', () => {
    expect(vectors.length).toBeGreaterThan(20);
  });

  it.each(vectors.map((v) => [v.name, v] as const))('%s', async (_name, vector) => {
    const { rows } = await db.query('select payroll.compute_pay($1) as result', [vector.input]);
    const { why: _why, ...expected } = vector.expected as Record<string, unknown> & { why?: unknown };
    // Every published key and figure; the bf-2026 band lines equal the TypeScript mirror's.
    const { overtime_lines: lines, ...result } = rows[0].result as Record<string, unknown>;
    expect(result).toEqual(expected);
    expect(lines).toEqual(computePay(vector.input as unknown as PayInput).overtime_lines);
  });

  it('is open to signed-in users as preview_pay, and refuses negative amounts', async () => {
    const supabase = client(stack);
    const { error: signUpError } = await supabase.auth.signUp({
      email: 'preview@acme.test',
      password: PASSWORD,
    });
    expect(signUpError).toBeNull();
    const first = vectors[0]!;
    const { data, error } = await supabase.rpc('preview_pay', { p_input: first.input });
    expect(error).toBeNull();
    expect(data.net).toBe(first.expected.net);
    const bad = await supabase.rpc('preview_pay', { p_input: { ...first.input, basic_salary: '-1' } });
    expect(bad.error).toMatchObject({ code: 'P0001', message: 'payroll.negative_amount' });
    expect((await client(stack).rpc('preview_pay', { p_input: first.input })).error).toMatchObject({
      code: '42501',
    });
  });

  it('seeds the same rule-set figures as src/domain/payroll/rule-sets.json', async () => {
    const { rows } = await db.query(
      `select rule_set, to_char(effective_from, 'YYYY-MM-DD') as effective_from, params from public.payroll_rule_sets order by 1, 2`,
    );
    const fromJson = Object.entries(ruleSets)
      .flatMap(([ruleSet, versions]) =>
        versions.map((v) => ({ rule_set: ruleSet, effective_from: v.effective_from, params: v.params })),
      )
      .sort((a, b) => `${a.rule_set}${a.effective_from}`.localeCompare(`${b.rule_set}${b.effective_from}`));
    expect(rows).toEqual(fromJson);
  });
});

describe('bf-2026 overtime lines in SQL', () => {
  it('prints one line per band with hours, adding up to overtime_pay (monthly 40 h: 34.67 h + 5.33 h)', async () => {
    const input = {
      rule_set: 'bf-2026',
      period_date: '2026-03-31',
      frequency: 'monthly',
      pay_basis: 'salaried',
      basic_salary: '200000',
      hourly_rate: '1000',
      overtime_hours: '40',
    };
    const { rows } = await db.query('select payroll.compute_pay($1) as result', [input]);
    expect(rows[0].result.overtime_pay).toBe('47067');
    expect(rows[0].result.overtime_lines).toEqual([
      { band: 'h15', hours: '34.67', premium: '0.15', amount: '39867' },
      { band: 'h35', hours: '5.33', premium: '0.35', amount: '7200' },
    ]);
    const none = await db.query('select payroll.compute_pay($1) as result', [
      { ...input, overtime_hours: '0' },
    ]);
    expect(none.rows[0].result.overtime_lines).toEqual([]);
  });
});

// Leave in pay (issue 27 item 5): the worked examples of leave-vectors.json, in SQL, give exactly
// the TypeScript mirror's output (every key), and the refused inputs are refused by code.
const leaveVectors: Array<{
  name: string;
  input: Record<string, unknown>;
  expected: Record<string, unknown>;
}> = read('leave-vectors.json');

describe('payroll.compute_pay with leave', () => {
  it.each(leaveVectors.map((v) => [v.name, v] as const))('%s', async (_name, vector) => {
    const { rows } = await db.query('select payroll.compute_pay($1) as result', [vector.input]);
    const result = rows[0].result as Record<string, unknown>;
    expect(result).toMatchObject(vector.expected);
    expect(result).toEqual(computePay(vector.input as unknown as PayInput));
  });

  it('refuses leave that cannot be: negative, NaN, Infinity, huge, a bad type, no working days, non-finite working days, more worked than the leave', async () => {
    const base = leaveVectors[0]!.input as { leave: Array<Record<string, unknown>> };
    const line = base.leave[1]!;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ leave: [{ ...line, days: '-1' }] }, 'payroll.negative_amount'],
      [{ leave: [{ ...line, days: 'NaN' }] }, 'payroll.not_a_number'],
      [{ leave: [{ ...line, days: 'Infinity' }] }, 'payroll.not_a_number'],
      [{ leave: [{ ...line, days: '400' }] }, 'payroll.leave_input'],
      [{ leave: [{ ...line, type: 'Not A Code' }] }, 'payroll.leave_input'],
      [{ leave: [{ ...line, paid: 'yes' }] }, 'payroll.leave_input'],
      [{ leave: { type: 'unpaid' } }, 'payroll.leave_input'],
      [{ working_days: '0' }, 'payroll.leave_working_days'],
      [{ working_days: 'NaN' }, 'payroll.not_a_number'],
      // What was worked of the leave: never more than the leave, never negative or not a number.
      [{ leave: [{ ...line, worked_hours: '17' }] }, 'payroll.leave_input'],
      [{ leave: [{ ...line, worked_days: '2.5' }] }, 'payroll.leave_input'],
      [{ leave: [{ ...line, worked_hours: '-1' }] }, 'payroll.negative_amount'],
      [{ leave: [{ ...line, worked_days: 'NaN' }] }, 'payroll.not_a_number'],
      [{ leave: [{ ...line, worked_hours: 'Infinity' }] }, 'payroll.not_a_number'],
    ];
    for (const [change, code] of cases) {
      await expect(
        db.query('select payroll.compute_pay($1)', [{ ...base, ...change }]),
        JSON.stringify(change),
      ).rejects.toMatchObject({ message: code });
    }
  });
});
