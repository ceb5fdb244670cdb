import { describe, expect, it } from 'vitest';
import { parseInteger } from './fields.ts';

describe('settings integers', () => {
  it('accepts whole numbers within the range', () => {
    expect(parseInteger('working_hours', '8')).toBe(8);
    expect(parseInteger('working_hours', ' 24 ')).toBe(24);
    expect(parseInteger('break_time', 0)).toBe(0);
    expect(parseInteger('late_threshold', '240')).toBe(240);
  });
  it('refuses fractions, text, empty values and values out of range', () => {
    expect(parseInteger('working_hours', '8.5')).toBeNull();
    expect(parseInteger('working_hours', '9h')).toBeNull();
    expect(parseInteger('working_hours', '')).toBeNull();
    expect(parseInteger('working_hours', '0')).toBeNull();
    expect(parseInteger('working_hours', '25')).toBeNull();
    expect(parseInteger('late_threshold', '-1')).toBeNull();
  });
});
