// Budgets for the MFA endpoints. GoTrue gives challenge and verify each a per-IP token bucket
// (15 requests a minute, bursts of 30); on top of it, wrong codes are counted per factor, so that
// guessing a 6-digit code from many addresses stops after a few tries.

/** A token bucket per key: `burst` requests at once, then `perMinute` a minute. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token; false when the key has none left. */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    const refilled = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 60_000) * this.perMinute);
    if (refilled < 1) {
      this.buckets.set(key, { tokens: refilled, at: now });
      return false;
    }
    this.buckets.set(key, { tokens: refilled - 1, at: now });
    if (this.buckets.size > 10_000) this.forgetFull(now);
    return true;
  }

  /** Drops buckets that have refilled: they behave like new ones. */
  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 60_000) * this.perMinute >= this.burst)
        this.buckets.delete(key);
    }
  }
}

/** Failures per key in a sliding window; `blocked` once `limit` are recorded. */
export class FailureWindow {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  blocked(key: string): boolean {
    return this.recent(key).length >= this.limit;
  }

  record(key: string): void {
    this.failures.set(key, [...this.recent(key), this.now()]);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }
}
