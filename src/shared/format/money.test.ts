import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('prints USD with cents and XOF without decimals', () => {
    expect(formatMoney('4838.06', 'USD')).toBe('$4,838.06');
    expect(formatMoney(250000, 'XOF')).toMatch(/^F\s?CFA\s?250,000$|^CFA\s?250,000$|XOF\s?250,000/);
    expect(formatMoney(250000.4, 'XOF')).not.toContain('.');
  });
});
