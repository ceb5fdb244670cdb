// Leave in pay (RULES.md, "Leave"; issue 27 item 5): the worked examples of leave-vectors.json, each
// citing its rule, and the refused inputs. The database runs the same table
// (tests/integration/product/pay-vectors.test.ts) and must give the same output.
import { describe, expect, it } from 'vitest';
import { computePay } from './compute.ts';
import { Dec } from './money.ts';
import type { PayInput, PayOutput } from './types.ts';
import leaveVectorsJson from './leave-vectors.json' with { type: 'json' };

interface LeaveVector {
  name: string;
  why: string;
  input: PayInput;
  expected: Pick<PayOutput, 'gross' | 'leave_pay' | 'leave_withheld' | 'leave_lines'>;
}
const vectors = leaveVectorsJson as unknown as LeaveVector[];

describe('leave in pay: worked examples', () => {
  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, vector) => {
    const out = computePay(vector.input);
    expect({
      gross: out.gross,
      leave_pay: out.leave_pay,
      leave_withheld: out.leave_withheld,
      leave_lines: out.leave_lines,
    }).toEqual(vector.expected);
    // The lines add up, and the gross is basic − withheld + leave pay + overtime + allowances.
    const lines = out.leave_lines ?? [];
    const pay = lines.filter((l) => l.kind !== 'included').reduce((s, l) => s.plus(l.pay), new Dec(0));
    const withheld = lines.reduce((s, l) => s.plus(l.withheld), new Dec(0));
    expect(pay.eq(out.leave_pay!)).toBe(true);
    expect(withheld.eq(out.leave_withheld!)).toBe(true);
    expect(
      new Dec(out.basic_pay)
        .minus(withheld)
        .plus(pay)
        .plus(out.overtime_pay)
        .plus(out.allowances_total)
        .eq(out.gross),
    ).toBe(true);
  });

  it('changes nothing without leave: no leave keys, the same figures as before', () => {
    const base = vectors[0]!.input;
    const { leave: _leave, working_days: _days, ...withoutLeave } = base;
    const none = computePay(withoutLeave);
    const empty = computePay({ ...withoutLeave, leave: [] });
    expect(none.leave_lines).toBeUndefined();
    expect(empty).toEqual(none);
    expect(none.gross).toBe('5000.00');
  });

  it('withholds tax on the reduced gross: unpaid leave lowers the Illinois withholding', () => {
    const base = vectors[0]!.input;
    const { leave: _leave, ...withoutLeave } = base;
    const full = computePay(withoutLeave);
    const reduced = computePay(base);
    // IL-700-T: 4.95 % × gross; 4.95 % × 5,000.00 = 247.50; 4.95 % × 4,545.45 = 225.00.
    expect(full.deductions.state_income_tax).toBe('247.50');
    expect(reduced.deductions.state_income_tax).toBe('225.00');
  });

  it('takes the IUTS abatement on the pay the leave leaves (bf-2026)', () => {
    const allowance = vectors.find((v) => v.input.reference_monthly_pay === '330000')!;
    const out = computePay(allowance.input);
    // G = 332,000; CNSS 5.5 % = 18,260; transport exempt min(20,000, 5 % × 332,000, 30,000) = 16,600;
    // abatement 20 % × (300,000 − 120,000 + 132,000) = 62,400; base floor100(332,000 − 16,600 −
    // 18,260 − 62,400) = 234,700.
    expect(out.deductions.cnss).toBe('18260');
    expect(out.iuts_base).toBe('234700');
  });

  it('refuses what cannot be leave: negative, NaN, Infinity, huge, a bad type, no working days, more worked than the leave', () => {
    const base = vectors[0]!.input;
    const line = base.leave![1]!;
    const bad: Array<Partial<PayInput>> = [
      { leave: [{ ...line, days: '-1' }] },
      { leave: [{ ...line, days: 'NaN' }] },
      { leave: [{ ...line, days: 'Infinity' }] },
      { leave: [{ ...line, days: '400' }] },
      { leave: [{ ...line, hours: '9000' }] },
      { leave: [{ ...line, type: 'Not A Code' }] },
      { leave: [{ ...line, paid: 'yes' as unknown as boolean }] },
      { working_days: '0' },
      // What was worked of the leave: never more than the leave, never negative or not a number.
      { leave: [{ ...line, worked_hours: '17' }] },
      { leave: [{ ...line, worked_days: '2.5' }] },
      { leave: [{ ...line, worked_hours: '-1' }] },
      { leave: [{ ...line, worked_days: 'NaN' }] },
      { leave: [{ ...line, worked_hours: 'Infinity' }] },
    ];
    for (const change of bad)
      expect(() => computePay({ ...base, ...change }), JSON.stringify(change)).toThrow();
  });
});
