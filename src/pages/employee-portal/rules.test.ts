import { describe, expect, it } from 'vitest';
import type { MyRecord } from './data.ts';
import { buttonStates, isOwnId, looksLikeId } from './rules.ts';

const record = (check_out: string | null, date = '2026-11-23'): MyRecord => ({
  id: 'r',
  date,
  check_in: `${date}T08:00:00Z`,
  check_out,
  total_hours: null,
  punctuality: 'on_time',
  source: 'fingerprint',
});

describe("the employee portal's buttons", () => {
  it('follow the spec: in before any check-in, out while checked in, none after', () => {
    const today = '2026-11-23';
    const none = { openSince: null };
    expect(buttonStates([], today)).toEqual({ canCheckIn: true, canCheckOut: false, ...none });
    expect(buttonStates([record(null)], today)).toEqual({ canCheckIn: false, canCheckOut: true, ...none });
    expect(buttonStates([record('2026-11-23T17:00:00Z')], today)).toEqual({
      canCheckIn: false,
      canCheckOut: false,
      ...none,
    });
  });
  it('keep a check-in left open on an earlier day open: Check Out, not Check In', () => {
    const today = '2026-11-23';
    expect(buttonStates([record(null, '2026-11-20')], today)).toEqual({
      canCheckIn: false,
      canCheckOut: true,
      openSince: '2026-11-20',
    });
    // Closed on an earlier day: a new day, Check In.
    expect(buttonStates([record('2026-11-20T17:00:00Z', '2026-11-20')], today)).toEqual({
      canCheckIn: true,
      canCheckOut: false,
      openSince: null,
    });
  });
});

describe('the Manual Attendance box', () => {
  const me = { employeeId: '0A1B2C3D-0000-4000-8000-000000000001', email: 'Employee@Demo.test' };
  it("takes one's own ID or e-mail, in any case", () => {
    expect(isOwnId(' 0a1b2c3d-0000-4000-8000-000000000001 ', me)).toBe(true);
    expect(isOwnId('employee@demo.test', me)).toBe(true);
    expect(isOwnId('', me)).toBe(false);
    expect(isOwnId('0a1b2c3d-0000-4000-8000-000000000002', me)).toBe(false);
  });
  it('sends only what looks like an employee ID to the database', () => {
    expect(looksLikeId('0a1b2c3d-0000-4000-8000-000000000002')).toBe(true);
    expect(looksLikeId('someone@demo.test')).toBe(false);
    expect(looksLikeId('42')).toBe(false);
  });
});
