import { describe, expect, it } from 'vitest';
import { generateSeedData, generateSeedSql } from './generate.ts';

const now = new Date('2026-11-18T15:00:00Z'); // a Wednesday: 09:00 in Chicago, 15:00 in Ouagadougou

describe('the demo data generator', () => {
  it('gives the same SQL for the same arguments, and different data for another seed', () => {
    const a = generateSeedSql({ employees: 12, days: 10, now });
    expect(generateSeedSql({ employees: 12, days: 10, now })).toBe(a);
    expect(generateSeedSql({ employees: 12, days: 10, now, seed: 7 })).not.toBe(a);
  });

  it('has the six demo accounts, the requested number of employees and both sites', () => {
    const data = generateSeedData({ employees: 25, days: 5, now });
    expect(data.employees).toHaveLength(25);
    expect(data.employees.filter((e) => e.account).map((e) => [e.email, e.role])).toEqual([
      ['admin@demo.test', 'admin'],
      ['hr@demo.test', 'hr'],
      ['manager@demo.test', 'manager'],
      ['employee@demo.test', 'employee'],
      ['kiosk.us@demo.test', 'kiosk'],
      ['kiosk.bf@demo.test', 'kiosk'],
    ]);
    expect(data.sites.map((s) => [s.country, s.tz, s.currency])).toEqual([
      ['US', 'America/Chicago', 'USD'],
      ['BF', 'Africa/Ouagadougou', 'XOF'],
    ]);
    expect(data.shifts.some((s) => s.end <= s.start)).toBe(true); // a night shift
  });

  it('keeps attendance possible: at most one open record per employee, none in the future, lateness and absences present', () => {
    const data = generateSeedData({ employees: 40, days: 60, now });
    const open = new Map<string, number>();
    for (const a of data.attendances) if (!a.checkOut) open.set(a.employeeId, (open.get(a.employeeId) ?? 0) + 1);
    expect(Math.max(...open.values())).toBe(1);
    expect(data.attendances.every((a) => a.date <= '2026-11-18')).toBe(true);
    const late = data.attendances.filter((a) => a.late).length / data.attendances.length;
    expect(late).toBeGreaterThan(0.05);
    expect(late).toBeLessThan(0.2);
    expect(data.attendances.some((a) => a.correction?.reason === 'Forgot to check out')).toBe(true);
    expect(data.holidays.some((h) => h.country === 'BF' && h.date === '2026-12-11')).toBe(true);
  });
});
