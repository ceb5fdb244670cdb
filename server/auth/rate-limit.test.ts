import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, proxyList } from './client-ip.ts';
import { authLimitsFromEnv, FailureBackoff, SlidingWindow } from './rate-limit.ts';

describe('SlidingWindow', () => {
  it('lets a key take its budget in the window, refuses the next, and gives it back as time passes', () => {
    let now = 0;
    const window = new SlidingWindow(3, 1000, () => now);
    expect([window.take('ip:1'), window.take('ip:1'), window.take('ip:1')]).toEqual([true, true, true]);
    expect(window.take('ip:1')).toBe(false);
    expect(window.retryAfterMs('ip:1')).toBe(1000);
    expect(window.take('ip:2')).toBe(true);
    now = 1001;
    expect(window.take('ip:1')).toBe(true);
  });
});

describe('FailureBackoff', () => {
  it('allows the free failures, then makes the key wait twice as long after each further one, up to the maximum', () => {
    let now = 0;
    const backoff = new FailureBackoff(3, 1000, 5000, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(backoff.retryAfterMs('a')).toBe(0);
      backoff.recordFailure('a');
    }
    expect(backoff.retryAfterMs('a')).toBe(0);
    backoff.recordFailure('a');
    expect(backoff.retryAfterMs('a')).toBe(1000);
    now = 1000;
    backoff.recordFailure('a');
    expect(backoff.retryAfterMs('a')).toBe(2000);
    backoff.recordFailure('a');
    expect(backoff.retryAfterMs('a')).toBe(4000);
    backoff.recordFailure('a');
    expect(backoff.retryAfterMs('a')).toBe(5000);
    // Another key is not held back by this one.
    expect(backoff.retryAfterMs('b')).toBe(0);
  });

  it('forgets failures after the window once the delay has passed, and on clear', () => {
    let now = 0;
    const backoff = new FailureBackoff(1, 1000, 1000, 10_000, () => now);
    backoff.recordFailure('a');
    backoff.recordFailure('a');
    expect(backoff.retryAfterMs('a')).toBe(1000);
    now = 10_001;
    backoff.recordFailure('a');
    expect(backoff.retryAfterMs('a')).toBe(0); // a fresh count: one free failure again
    backoff.recordFailure('a');
    backoff.clear('a');
    expect(backoff.retryAfterMs('a')).toBe(0);
  });
});

describe('authLimitsFromEnv', () => {
  it("reads GoTrue's variable names and refuses what is not a number", () => {
    expect(authLimitsFromEnv({ RATE_LIMIT_VERIFY: '12', RATE_LIMIT_EMAIL_SENT: '4' })).toEqual({
      verificationsPerIp: 12,
      emailsPerHour: 4,
    });
    for (const bad of ['abc', '-1', 'Infinity', 'NaN']) {
      expect(() => authLimitsFromEnv({ RATE_LIMIT_SIGN_IN: bad })).toThrow(/RATE_LIMIT_SIGN_IN/);
    }
  });
});

describe('clientAddress', () => {
  const request = (remoteAddress: string, forwarded?: string) =>
    ({
      socket: { remoteAddress },
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    }) as unknown as IncomingMessage;

  it('ignores X-Forwarded-For from a connection that is not a trusted proxy', () => {
    expect(clientAddress(request('203.0.113.9', '1.2.3.4'), proxyList([]))).toBe('203.0.113.9');
    expect(clientAddress(request('::ffff:203.0.113.9', '1.2.3.4'), proxyList(['10.0.0.0/8']))).toBe(
      '203.0.113.9',
    );
  });

  it('behind trusted proxies, takes the right-most address that is not one of them', () => {
    const proxies = proxyList(['10.0.0.0/8', '::1']);
    expect(clientAddress(request('10.0.0.2', '6.6.6.6, 198.51.100.7, 10.0.0.3'), proxies)).toBe(
      '198.51.100.7',
    );
    expect(clientAddress(request('::1', '198.51.100.7'), proxies)).toBe('198.51.100.7');
    // A trusted proxy with no header, or a header of garbage, counts as itself.
    expect(clientAddress(request('10.0.0.2'), proxies)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', 'not-an-ip'), proxies)).toBe('10.0.0.2');
  });

  it('refuses a proxy entry that is no address', () => {
    expect(() => proxyList(['localhost'])).toThrow(/TRUSTED_PROXIES/);
  });
});
