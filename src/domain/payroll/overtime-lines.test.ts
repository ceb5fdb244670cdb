// Burkina Faso overtime by premium band (bf-2026): one line per band with hours, each line's hours,
// premium and amount, adding up to overtime_pay exactly (docs/payroll.md: 41–48 h +15 %, beyond +35 %,
// night +50 %, Sunday/holiday +60 %, Sunday/holiday night +120 %).
import { describe, expect, it } from 'vitest';
import { computePay } from './compute.ts';
import type { PayInput } from './types.ts';

const base: PayInput = {
  rule_set: 'bf-2026',
  period_date: '2026-03-31',
  frequency: 'monthly',
  pay_basis: 'salaried',
  basic_salary: '200000',
  hourly_rate: '1000',
};

describe('bf-2026 overtime lines', () => {
  it('splits derived hours into +15 % up to 8 h a week and +35 % beyond (monthly: 34.67 h)', () => {
    const out = computePay({ ...base, overtime_hours: '40' });
    // h15 = 8 × 52 / 12 = 34.666… h: 1000 × 34.666… × 1.15 = 39 866.67 → 39 867;
    // total 1000 × (34.666… × 1.15 + 5.333… × 1.35) = 47 066.67 → 47 067, so h35 = 47 067 − 39 867.
    expect(out.overtime_pay).toBe('47067');
    expect(out.overtime_lines).toEqual([
      { band: 'h15', hours: '34.67', premium: '0.15', amount: '39867' },
      { band: 'h35', hours: '5.33', premium: '0.35', amount: '7200' },
    ]);
  });

  it('prints every band given, in legal order, each hours × rate × (1 + premium)', () => {
    const out = computePay({
      ...base,
      hourly_rate: '900',
      overtime_bands: { h15: '8', h35: '4', night: '2', sunday: '3', sunday_night: '1.5' },
    });
    expect(out.overtime_lines).toEqual([
      { band: 'h15', hours: '8.00', premium: '0.15', amount: '8280' },
      { band: 'h35', hours: '4.00', premium: '0.35', amount: '4860' },
      { band: 'night', hours: '2.00', premium: '0.50', amount: '2700' },
      { band: 'sunday', hours: '3.00', premium: '0.60', amount: '4320' },
      { band: 'sunday_night', hours: '1.50', premium: '1.20', amount: '2970' },
    ]);
    expect(out.overtime_pay).toBe('23130');
  });

  it('rounds cumulatively, so the lines always add up to overtime_pay (biweekly 562.5 × 20 h)', () => {
    // h15 16 h: 562.5 × 16 × 1.15 = 10 350; h35 4 h: 562.5 × 4 × 1.35 = 3 037.5;
    // total 13 387.5 → 13 388 (half up), so the second line carries the rounding: 3 038.
    const out = computePay({ ...base, frequency: 'biweekly', hourly_rate: '562.5', overtime_hours: '20' });
    expect(out.overtime_pay).toBe('13388');
    expect(out.overtime_lines).toEqual([
      { band: 'h15', hours: '16.00', premium: '0.15', amount: '10350' },
      { band: 'h35', hours: '4.00', premium: '0.35', amount: '3038' },
    ]);
  });

  it('has no line without overtime, and none outside bf-2026', () => {
    expect(computePay(base).overtime_lines).toEqual([]);
    expect(computePay({ ...base, overtime_bands: { night: '0' } }).overtime_lines).toEqual([]);
    const us = computePay({ ...base, rule_set: 'us-federal-2026', overtime_hours: '10' });
    expect(us.overtime_lines).toBeUndefined();
  });
});
