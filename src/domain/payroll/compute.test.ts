import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { computePay } from './compute.ts';
import { Dec, MINOR_UNIT } from './money.ts';
import { defaultRuleSets, pickVersion, type RuleSets } from './rule-sets.ts';
import type { FilingStatus, Frequency, PayInput, PayOutput, RuleSetName } from './types.ts';
import vectorsJson from './vectors.json' with { type: 'json' };

interface Vector {
  name: string;
  why: string;
  input: PayInput;
  expected: PayOutput;
}
const vectors = vectorsJson as unknown as Vector[];

const DEDUCTION_ORDER: Record<string, string[]> = {
  'spec-default:US': ['social_security', 'medicare', 'federal_tax', 'other'],
  'spec-default:BF': ['cnss', 'iuts', 'other'],
  'us-federal-2026': [
    'social_security',
    'medicare',
    'additional_medicare',
    'federal_tax',
    'state_income_tax',
    'other',
  ],
  'bf-2026': ['cnss', 'amu', 'iuts', 'other'],
};
const OUTPUT_KEYS = [
  'currency',
  'basic_pay',
  'overtime_pay',
  'overtime_premium',
  'allowances_total',
  'gross',
  'deductions',
  'total_deductions',
  'net',
];

function orderKey(input: PayInput): string {
  return input.rule_set === 'spec-default' ? `spec-default:${input.country}` : input.rule_set;
}

/** The invariants every output must satisfy, checked with decimal arithmetic. */
function checkInvariants(input: PayInput, out: PayOutput): void {
  const decimals = MINOR_UNIT[out.currency];
  const shape = decimals === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${decimals}}$`);
  const amounts = [
    out.basic_pay,
    out.overtime_pay,
    out.overtime_premium,
    out.allowances_total,
    out.gross,
    out.total_deductions,
    out.net,
    ...Object.values(out.deductions),
    ...(out.iuts_base === undefined ? [] : [out.iuts_base]),
  ];
  for (const amount of amounts) expect(amount).toMatch(shape);

  const d = (s: string) => new Dec(s);
  expect(d(out.net).eq(d(out.gross).minus(d(out.total_deductions)))).toBe(true);
  const total = Object.values(out.deductions).reduce((acc, s) => acc.plus(s), new Dec(0));
  expect(total.eq(d(out.total_deductions))).toBe(true);
  expect(d(out.gross).eq(d(out.basic_pay).plus(out.overtime_pay).plus(out.allowances_total))).toBe(true);

  const order = DEDUCTION_ORDER[orderKey(input)] ?? [];
  const keys = Object.keys(out.deductions);
  expect(keys).toEqual(order.filter((name) => keys.includes(name)));
  // Every line of the rule set is listed, but for `other` and the state's tax (only where they apply).
  const optional = ['other', 'state_income_tax'];
  expect(keys).toEqual(order.filter((name) => !optional.includes(name) || keys.includes(name)));
  expect('state_income_tax' in out.deductions).toBe(out.state !== undefined);
  if ('other' in out.deductions) expect(d(out.deductions.other ?? '0').isZero()).toBe(false);

  expect(Object.keys(out).slice(0, OUTPUT_KEYS.length)).toEqual(OUTPUT_KEYS);
  if (input.rule_set === 'bf-2026') {
    expect(out.iuts_base).toBeDefined();
    expect(
      d(out.iuts_base ?? '1')
        .mod(100)
        .isZero(),
    ).toBe(true);
  } else {
    expect(out).not.toHaveProperty('iuts_base');
  }
}

describe('shared vectors (vectors.json, also run against payroll.compute_pay in SQL)', () => {
  it('has uniquely named vectors, each with its arithmetic', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(35);
    expect(new Set(vectors.map((v) => v.name)).size).toBe(vectors.length);
    for (const v of vectors) expect(v.why.length).toBeGreaterThan(0);
  });

  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, vector) => {
    // Every published key and figure as the table says; the band lines (bf-2026) are checked in
    // overtime-lines.test.ts, and here only that they add up to overtime_pay.
    const { overtime_lines: lines, ...out } = computePay(vector.input);
    expect(out).toStrictEqual(vector.expected);
    if (vector.input.rule_set === 'bf-2026') {
      expect(lines!.reduce((acc, l) => acc.plus(l.amount), new Dec(0)).toString()).toBe(
        new Dec(out.overtime_pay).toString(),
      );
    } else {
      expect(lines).toBeUndefined();
    }
    // Same order of deductions as the table (toStrictEqual ignores key order).
    expect(Object.keys(out.deductions)).toEqual(Object.keys(vector.expected.deductions));
    checkInvariants(vector.input, vector.expected);
  });

  it('covers what issue 4 item 3 asks for', () => {
    const inputs = vectors.map((v) => v.input);
    const us = inputs.filter((i) => i.rule_set === 'us-federal-2026');
    const bfVectors = vectors.filter((v) => v.input.rule_set === 'bf-2026');
    for (const country of ['US', 'BF']) {
      expect(inputs.some((i) => i.rule_set === 'spec-default' && i.country === country)).toBe(true);
    }
    for (const rate of ['1', '10', '12.50']) {
      expect(inputs.some((i) => i.rule_set === 'spec-default' && i.overtime_rate === rate)).toBe(true);
    }
    const statuses: FilingStatus[] = ['single', 'married_jointly', 'married_separately', 'head_of_household'];
    for (const status of statuses) expect(us.some((i) => i.profile?.filing_status === status)).toBe(true);
    expect(us.some((i) => i.profile?.w4_step2 === true)).toBe(true);
    expect(us.some((i) => i.profile?.w4_step3 && i.profile.w4_step4a && i.profile.w4_step4b)).toBe(true);
    expect(us.some((i) => i.profile?.flsa_exempt === true && i.overtime_hours)).toBe(true);
    expect(us.some((i) => i.period_date.startsWith('2025'))).toBe(true);
    // Issue 29: Illinois (IL-700-T) in every pay frequency and with 0 to 3 allowances; FLSA overtime
    // of salaried non-exempt people, and salaried people exempt by the salary test (no profile value).
    const illinois = us.filter((i) => i.state === 'IL' && i.period_date >= '2026');
    for (const frequency of ['weekly', 'biweekly', 'semimonthly', 'monthly']) {
      expect(illinois.some((i) => i.frequency === frequency)).toBe(true);
    }
    for (const n of [0, 1, 2, 3]) expect(illinois.some((i) => i.profile?.state_allowances === n)).toBe(true);
    const salariedOvertime = us.filter((i) => i.pay_basis === 'salaried' && i.overtime_hours);
    expect(salariedOvertime.some((i) => i.profile?.flsa_exempt === undefined)).toBe(true);
    expect(salariedOvertime.some((i) => computePay(i).overtime_pay !== '0.00')).toBe(true);
    // The IUTS base of some vector falls in each of the 7 slices of the scale.
    const lowers = [0, 30000, 50000, 80000, 120000, 170000, 250000];
    const slices = new Set(
      bfVectors.map((v) => {
        const base = new Dec(v.expected.iuts_base ?? '0');
        return lowers.filter((lower) => base.gt(lower)).length;
      }),
    );
    for (let slice = 1; slice <= 7; slice++) expect(slices.has(slice), `IUTS slice ${slice}`).toBe(true);
    for (const dependants of [0, 1, 2, 3, 4]) {
      expect(bfVectors.some((v) => Math.min(v.input.profile?.dependants ?? 0, 4) === dependants)).toBe(true);
    }
    expect(bfVectors.some((v) => (v.input.profile?.dependants ?? 0) > 4)).toBe(true);
    expect(bfVectors.some((v) => v.input.frequency === 'weekly')).toBe(true);
    expect(bfVectors.some((v) => v.input.overtime_bands)).toBe(true);
    expect(bfVectors.some((v) => !v.input.overtime_bands && v.input.overtime_hours)).toBe(true);
    expect(bfVectors.some((v) => v.expected.warnings.includes('below_smig'))).toBe(true);
  });
});

// A small deterministic generator (no library): inputs of every rule set with random amounts.
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
  const int = (n: number) => next() % n;
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  /** A decimal string with up to `digits` integer digits and `decimals` decimals, built from digits. */
  const amount = (digits: number, decimals: number): string => {
    let whole = String(int(10 ** digits));
    if (decimals > 0) whole += '.' + String(int(10 ** decimals)).padStart(decimals, '0');
    return whole;
  };
  return { int, pick, amount };
}

function randomInput(g: ReturnType<typeof generator>): PayInput {
  const ruleSet = g.pick<RuleSetName>(['spec-default', 'us-federal-2026', 'bf-2026']);
  const country =
    ruleSet === 'bf-2026' ? 'BF' : ruleSet === 'us-federal-2026' ? 'US' : g.pick(['US', 'BF'] as const);
  const xof = country === 'BF';
  const big = xof ? 7 : 5;
  const input: PayInput = {
    rule_set: ruleSet,
    country,
    period_date: ruleSet === 'us-federal-2026' ? g.pick(['2025-06-30', '2026-06-30']) : '2026-06-30',
    frequency: g.pick<Frequency>(['weekly', 'biweekly', 'semimonthly', 'monthly']),
    pay_basis: g.pick(['salaried', 'hourly'] as const),
    basic_salary: g.amount(big, 3),
    hours_worked: g.amount(3, 2),
    hourly_rate: g.amount(xof ? 4 : 2, 3),
    overtime_hours: g.amount(2, 2),
    overtime_rate: g.pick([undefined, '1', '1.5', '2', '10', '12.50', '0.5', g.amount(2, 2)]),
    allowances: {
      house_rent: g.amount(big - 1, 3),
      transport: g.amount(big - 2, 3),
      medical: g.amount(big - 2, 1),
      food: g.amount(big - 2, 2),
      other: g.amount(2, 3),
      function: g.amount(big - 2, 0),
    },
    other_deductions: g.pick([undefined, '0', g.amount(big - 2, 3)]),
  };
  if (ruleSet === 'us-federal-2026') {
    input.profile = {
      filing_status: g.pick<FilingStatus>([
        'single',
        'married_jointly',
        'married_separately',
        'head_of_household',
      ]),
      w4_step2: g.int(2) === 0,
      w4_step3: g.amount(4, 0),
      w4_step4a: g.amount(5, 2),
      w4_step4b: g.amount(4, 2),
      w4_step4c: g.amount(2, 2),
      flsa_exempt: g.int(3) === 0,
    };
    input.ytd = { ss_wages: g.amount(6, 2), medicare_wages: g.amount(6, 2) };
  }
  if (ruleSet === 'bf-2026') {
    input.profile = { dependants: g.int(7), abatement_rate: g.pick(['0.20', '0.25'] as const) };
    if (g.int(2) === 0) {
      input.overtime_bands = {
        h15: g.amount(1, 1),
        h35: g.amount(1, 1),
        night: g.amount(1, 0),
        sunday_night: '1.5',
      };
    }
  }
  return input;
}

describe('properties (hand-rolled generator, 600 random inputs)', () => {
  const g = generator(20260331);
  const cases = Array.from({ length: 600 }, () => randomInput(g));

  it('net = gross − total_deductions, totals are sums of the lines, every amount has the minor-unit decimals', () => {
    for (const input of cases) checkInvariants(input, computePay(input));
  });

  it('does not change its input', () => {
    for (const input of cases.slice(0, 50)) {
      const copy = structuredClone(input);
      computePay(input);
      expect(input).toStrictEqual(copy);
    }
  });

  it('social security never exceeds 6.2 % of what is left under the wage base; exempt means no overtime', () => {
    for (const input of cases.filter((i) => i.rule_set === 'us-federal-2026')) {
      const out = computePay(input);
      const version = pickVersion('us-federal-2026', defaultRuleSets['us-federal-2026'], input.period_date);
      const room = Dec.max(
        0,
        new Dec(version.params.social_security_wage_base).minus(input.ytd?.ss_wages ?? '0'),
      );
      expect(new Dec(out.deductions.social_security ?? '0').lte(room.mul('0.062').plus('0.005'))).toBe(true);
      if (input.profile?.flsa_exempt)
        expect([out.overtime_pay, out.overtime_premium]).toEqual(['0.00', '0.00']);
      else expect(new Dec(out.overtime_premium).gte(0)).toBe(true);
    }
  });
});

/** A salaried person paid monthly for March 2026 under `rule_set`, with what the test sets. */
function monthlySalaried(rule_set: RuleSetName, rest: Partial<PayInput> = {}): PayInput {
  return { rule_set, period_date: '2026-03-31', frequency: 'monthly', pay_basis: 'salaried', ...rest };
}

describe('no binary floating point on money', () => {
  const base = monthlySalaried('spec-default', { country: 'US' });

  it('adds 0.1 + 0.2 exactly and rounds 1.005, 1.015 and 8.345 half up', () => {
    const out = computePay({
      ...base,
      basic_salary: '8.345',
      allowances: { medical: '0.1', food: '0.2', transport: '1.005', other: '1.015' },
    });
    expect(out.basic_pay).toBe('8.35');
    expect(out.allowances_total).toBe('2.33'); // 0.10 + 0.20 + 1.01 (a float's toFixed gives 1.00) + 1.02
    expect(out.gross).toBe('10.68');
  });

  it('keeps every cent of amounts beyond 2^53', () => {
    const out = computePay({ ...base, basic_salary: '90071992547409.93', allowances: { food: '0.01' } });
    expect(out.gross).toBe('90071992547409.94');
    expect(out.deductions.federal_tax).toBe('9007199254740.99'); // 0.10 × gross = …0.994
    expect(out.deductions.medicare).toBe('1306043891937.44'); // 0.0145 × gross = …0.4413
  });

  it('multiplies hours by rates exactly before rounding (0.5 h × 2.01 = 1.005 → 1.01; floats give 1.00)', () => {
    const out = computePay({ ...base, pay_basis: 'hourly', hours_worked: '0.5', hourly_rate: '2.01' });
    expect(out.basic_pay).toBe('1.01');
  });

  it('refuses JS numbers and malformed decimals instead of guessing', () => {
    expect(() => computePay({ ...base, basic_salary: 1000 as unknown as string })).toThrow(TypeError);
    expect(() => computePay({ ...base, basic_salary: '12,50' })).toThrow(TypeError);
    expect(() => computePay({ ...base, basic_salary: 'NaN' })).toThrow(TypeError);
  });

  it('has no float conversion or Math on amounts in the source', () => {
    const folder = dirname(fileURLToPath(import.meta.url));
    const sources = readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const text = readFileSync(join(folder, file), 'utf8');
      expect(text, file).not.toMatch(
        /\bparseFloat\b|\bparseInt\b|\bNumber\(|\.toNumber\(|\bMath\.|\.valueOf\(/,
      );
    }
  });
});

describe('rule-set versions and input errors', () => {
  it('picks the latest effective_from on or before period_date', () => {
    const versions = defaultRuleSets['us-federal-2026'];
    expect(pickVersion('us-federal-2026', versions, '2025-12-31').params.social_security_wage_base).toBe(
      '176100',
    );
    expect(pickVersion('us-federal-2026', versions, '2026-01-01').params.social_security_wage_base).toBe(
      '184500',
    );
    expect(() => pickVersion('us-federal-2026', versions, '2024-12-31')).toThrow(RangeError);
    expect(() => pickVersion('us-federal-2026', versions, '31/12/2026')).toThrow(TypeError);
  });

  it('refuses a bf-2026 period before the rule set exists, and spec-default without a country', () => {
    expect(() => computePay(monthlySalaried('bf-2026', { period_date: '2025-12-31' }))).toThrow(RangeError);
    expect(() => computePay(monthlySalaried('spec-default'))).toThrow(TypeError);
  });

  it('uses the rule sets it is given (admins edit them as data)', () => {
    const edited = structuredClone(defaultRuleSets) as RuleSets;
    const version = edited['bf-2026'][0];
    if (!version) throw new Error('no bf-2026 version');
    version.params.amu_rate = '0.03';
    const input = monthlySalaried('bf-2026', { basic_salary: '200000' });
    expect(computePay(input).deductions.amu).toBe('5000');
    expect(computePay(input, edited).deductions.amu).toBe('6000');
  });

  it('writes a zero amount without a sign', () => {
    const out = computePay(monthlySalaried('spec-default', { country: 'US', basic_salary: '-0.001' }));
    expect(out.basic_pay).toBe('0.00');
    expect(out.net).toBe('0.00');
  });
});
