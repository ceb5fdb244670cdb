import { describe, expect, it } from 'vitest';
import { FailureLimiter } from './rate-limit.ts';

describe('FailureLimiter', () => {
  it('blocks a key after the limit of failures inside the window, and forgets them after it', () => {
    let now = 0;
    const limiter = new FailureLimiter(3, 1000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.blocked(['email:a', 'ip:1'])).toBe(false);
      limiter.recordFailure(['email:a', 'ip:1']);
    }
    expect(limiter.blocked(['email:a'])).toBe(true);
    expect(limiter.blocked(['ip:1'])).toBe(true);
    expect(limiter.blocked(['email:b', 'ip:2'])).toBe(false);
    now = 1001;
    expect(limiter.blocked(['email:a', 'ip:1'])).toBe(false);
  });

  it('clears one key on success without clearing the others', () => {
    const limiter = new FailureLimiter(1, 1000, () => 0);
    limiter.recordFailure(['email:a', 'ip:1']);
    limiter.clear('email:a');
    expect(limiter.blocked(['email:a'])).toBe(false);
    expect(limiter.blocked(['ip:1'])).toBe(true);
  });
});
