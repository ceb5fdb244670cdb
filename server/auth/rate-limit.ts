// Counts failed sign-ins per key (an e-mail, an IP) in a sliding window.
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when any of the keys has used up its failures in the window. */
  blocked(keys: string[]): boolean {
    return keys.some((key) => this.recent(key).length >= this.limit);
  }

  recordFailure(keys: string[]): void {
    for (const key of keys) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
    }
  }

  /** A successful sign-in clears the e-mail's record (not the IP's). */
  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }
}
