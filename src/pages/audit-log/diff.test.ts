import { describe, expect, it } from 'vitest';
import { diffLines } from './diff.ts';

describe('diffLines', () => {
  it('shows a change field by field, old → new, and a recorded value as it is', () => {
    expect(
      diffLines({
        role: { old: 'employee', new: 'manager' },
        salary: { old: null, new: 1200 },
        email: 'a@b.c',
      }),
    ).toEqual([
      { field: 'email', value: 'a@b.c', changed: false },
      { field: 'role', old: 'employee', new: 'manager', changed: true },
      { field: 'salary', old: '∅', new: '1200', changed: true },
    ]);
  });

  it('compares a whole row given as old and new, field by field', () => {
    expect(diffLines({ old: { rate: 0.062, cap: 1000 }, new: { rate: 0.065, cap: 1000, floor: 1 } })).toEqual(
      [
        { field: 'floor', old: '∅', new: '1', changed: true },
        { field: 'rate', old: '0.062', new: '0.065', changed: true },
      ],
    );
  });

  it('gives nothing for an empty or malformed diff', () => {
    expect(diffLines({})).toEqual([]);
    expect(diffLines(null)).toEqual([]);
    expect(diffLines([1, 2])).toEqual([]);
  });
});
