import { describe, expect, it } from 'vitest';
import { payPeriod } from './pay-period.ts';

describe('payPeriod', () => {
  it('gives 7 and 14 days from the chosen start, across months and years', () => {
    expect(payPeriod('weekly', '2026-03-02')).toEqual({ start: '2026-03-02', end: '2026-03-08' });
    expect(payPeriod('weekly', '2026-12-28')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(payPeriod('biweekly', '2026-02-23')).toEqual({ start: '2026-02-23', end: '2026-03-08' });
  });

  it('gives the half of the month and the calendar month that contain the day', () => {
    expect(payPeriod('semimonthly', '2026-02-10')).toEqual({ start: '2026-02-01', end: '2026-02-15' });
    expect(payPeriod('semimonthly', '2028-02-16')).toEqual({ start: '2028-02-16', end: '2028-02-29' });
    expect(payPeriod('monthly', '2026-04-17')).toEqual({ start: '2026-04-01', end: '2026-04-30' });
    expect(payPeriod('monthly', '2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });
});
