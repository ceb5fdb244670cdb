import { describe, expect, it } from 'vitest';
import { FailureWindow, TokenBuckets } from './mfa-limits.ts';

describe('TokenBuckets', () => {
  it('allows a burst, refuses the next request, and refills at the per-minute rate', () => {
    let now = 0;
    const buckets = new TokenBuckets(15, 30, () => now);
    for (let i = 0; i < 30; i++) expect(buckets.take('ip')).toBe(true);
    expect(buckets.take('ip')).toBe(false);
    expect(buckets.take('other-ip')).toBe(true);
    now += 2_000; // 15 a minute: one token every 4 s
    expect(buckets.take('ip')).toBe(false);
    now += 2_500;
    expect(buckets.take('ip')).toBe(true);
    expect(buckets.take('ip')).toBe(false);
  });
});

describe('FailureWindow', () => {
  it('blocks a key after the limit within the window, and forgets old failures', () => {
    let now = 0;
    const window = new FailureWindow(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(window.blocked('factor')).toBe(false);
      window.record('factor');
    }
    expect(window.blocked('factor')).toBe(true);
    expect(window.blocked('another')).toBe(false);
    now += 60_001;
    expect(window.blocked('factor')).toBe(false);
    window.record('factor');
    window.clear('factor');
    expect(window.blocked('factor')).toBe(false);
  });
});
