import { describe, expect, it } from 'vitest';
import { changePercent, formatChange } from './change.ts';

describe('change badges', () => {
  it('compares today with the same weekday last week, to one decimal', () => {
    expect(changePercent(12, 10)).toBe(20);
    expect(changePercent(9, 12)).toBe(-25);
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent(5, 0)).toBeNull();
  });
  it('writes the sign', () => {
    expect(formatChange(20)).toBe('+20%');
    expect(formatChange(-3.26)).toBe('-3.3%');
    expect(formatChange(0)).toBe('0%');
    expect(formatChange(null)).toBeNull();
  });
});
