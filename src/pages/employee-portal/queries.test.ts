import { describe, expect, it } from 'vitest';
import { buttonStates, type MyRecord } from './queries.ts';

const record = (check_out: string | null): MyRecord => ({
  id: 'r',
  date: '2026-11-23',
  check_in: '2026-11-23T08:00:00Z',
  check_out,
  total_hours: null,
  punctuality: 'on_time',
  source: 'fingerprint',
});

describe("the employee portal's buttons", () => {
  it('follow the spec: in before any check-in, out while checked in, none after', () => {
    expect(buttonStates([])).toEqual({ canCheckIn: true, canCheckOut: false });
    expect(buttonStates([record(null)])).toEqual({ canCheckIn: false, canCheckOut: true });
    expect(buttonStates([record('2026-11-23T17:00:00Z')])).toEqual({ canCheckIn: false, canCheckOut: false });
  });
});
