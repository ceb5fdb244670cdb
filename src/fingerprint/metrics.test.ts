import { describe, expect, it } from 'vitest';
import { binomialCdf, upperBound95 } from './metrics.ts';

describe('upper bound of a measured rate', () => {
  it('bounds a rate never seen by about 3 / n (the rule of three)', () => {
    expect(upperBound95(0, 3000)).toBeCloseTo(1 - 0.05 ** (1 / 3000), 8);
    expect(upperBound95(0, 3000)).toBeLessThan(0.001);
    expect(upperBound95(0, 300)).toBeGreaterThan(0.0099);
  });

  it('agrees with the exact binomial tail for a few errors', () => {
    // 2 in 100: the bound is where seeing ≤ 2 has a 5 % chance (published: 6.1 %).
    const b = upperBound95(2, 100);
    expect(binomialCdf(2, 100, b)).toBeCloseTo(0.05, 4);
    expect(b).toBeCloseTo(0.0612, 3);
    expect(upperBound95(100, 100)).toBe(1);
  });

  it('sums the binomial distribution to 1', () => {
    expect(binomialCdf(5000, 5000, 0.3)).toBe(1);
    expect(binomialCdf(4999, 5000, 0.3)).toBeCloseTo(1, 10);
    expect(binomialCdf(0, 10, 0.5)).toBeCloseTo(1 / 1024, 12);
  });
});
