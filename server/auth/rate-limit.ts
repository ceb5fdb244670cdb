// Limits that stop attackers, not offices (issue 28 §5).
//
// Budgets per endpoint and client address, as GoTrue has them (its defaults, per 5 minutes:
// token 150, verify 30, sign-up/recover/resend/user update 30; e-mails 30 an hour; one e-mail of
// a kind per address a minute). Failed passwords are counted per (address, account) and per
// account, each with delays that double after a few free failures: one person's typos delay
// only that person at that address, a guesser spread over many addresses delays the account,
// and nobody else behind the same office address is ever refused for someone else's mistakes.
// All state is in memory: a restart forgets it, as GoTrue's in-process limiters do.

const FIVE_MINUTES = 300_000;

export interface AuthLimits {
  /** Password sign-ins per client address in 5 minutes. 150 = GoTrue's /token budget: an office of
   *  a hundred people behind one NAT address all signing in at 8:00 still fits; a guesser does not. */
  signInsPerIp: number;
  /** Refresh-token grants per client address in 5 minutes (GoTrue: 150). */
  refreshesPerIp: number;
  /** Sign-ups per client address in 5 minutes (GoTrue RATE_LIMIT_OTP: 30). */
  signUpsPerIp: number;
  /** Link and code verifications per client address in 5 minutes (GoTrue RATE_LIMIT_VERIFY: 30). */
  verificationsPerIp: number;
  /** Requests that send an e-mail (recover, resend, reauthenticate, e-mail change) per client address in 5 minutes (30). */
  mailRequestsPerIp: number;
  /** E-mails the service sends in an hour, all addresses together (GoTrue RATE_LIMIT_EMAIL_SENT: 30). */
  emailsPerHour: number;
  /** Shortest time between two e-mails of one kind to one address (GoTrue SMTP_MAX_FREQUENCY: 60 s). */
  emailIntervalSeconds: number;
  /** Failed passwords for one account from one address before delays start. */
  freeFailuresPerAccountAndIp: number;
  /** Failed passwords for one account from all addresses together before delays start. */
  freeFailuresPerAccount: number;
  /** First delay after the free failures; each further failure doubles it, up to the maximum. */
  failureDelaySeconds: number;
  maxFailureDelaySeconds: number;
  /** Failures older than this (after their delay has passed) are forgotten. */
  failureWindowSeconds: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInsPerIp: 150,
  refreshesPerIp: 150,
  signUpsPerIp: 30,
  verificationsPerIp: 30,
  mailRequestsPerIp: 30,
  emailsPerHour: 30,
  emailIntervalSeconds: 60,
  freeFailuresPerAccountAndIp: 10,
  freeFailuresPerAccount: 20,
  failureDelaySeconds: 2,
  maxFailureDelaySeconds: 900,
  failureWindowSeconds: 300,
};

/** The limits from the environment (GoTrue's names where it has one); unset ones keep their default. */
export function authLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<AuthLimits> {
  const read: Array<[keyof AuthLimits, string]> = [
    ['signInsPerIp', 'RATE_LIMIT_SIGN_IN'],
    ['refreshesPerIp', 'RATE_LIMIT_TOKEN_REFRESH'],
    ['signUpsPerIp', 'RATE_LIMIT_OTP'],
    ['mailRequestsPerIp', 'RATE_LIMIT_OTP'],
    ['verificationsPerIp', 'RATE_LIMIT_VERIFY'],
    ['emailsPerHour', 'RATE_LIMIT_EMAIL_SENT'],
    ['emailIntervalSeconds', 'SMTP_MAX_FREQUENCY'],
  ];
  const limits: Partial<AuthLimits> = {};
  for (const [key, name] of read) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0)
      throw new Error(`${name} must be a number of 0 or more (got "${raw}")`);
    limits[key] = value;
  }
  return limits;
}

/** At most `limit` events per key in a sliding window. */
export class SlidingWindow {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event for the key; false (and nothing counted) when its budget is used up. */
  take(key: string): boolean {
    const list = this.recent(key);
    if (list.length >= this.limit) return false;
    list.push(this.now());
    this.events.set(key, list);
    this.sweep();
    return true;
  }

  /** Milliseconds until the key may take again (0 when it may now). */
  retryAfterMs(key: string): number {
    const list = this.recent(key);
    return list.length < this.limit ? 0 : Math.max(0, list[0]! + this.windowMs - this.now());
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.events.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.events.delete(key);
    return list;
  }

  /** Bounded memory: many keys (a scan over addresses) make it drop the expired ones. */
  private sweep(): void {
    if (this.events.size < 10_000) return;
    for (const key of [...this.events.keys()]) this.recent(key);
  }
}

interface FailureState {
  failures: number;
  last: number;
  until: number;
}

/** Failed attempts per key with a delay that doubles after `free` failures. */
export class FailureBackoff {
  private readonly state = new Map<string, FailureState>();

  constructor(
    private readonly free: number,
    private readonly baseMs: number,
    private readonly maxMs: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds the key must still wait (0 when it may try now). */
  retryAfterMs(key: string): number {
    const state = this.current(key);
    return state ? Math.max(0, state.until - this.now()) : 0;
  }

  recordFailure(key: string): void {
    const now = this.now();
    const state = this.current(key) ?? { failures: 0, last: now, until: 0 };
    state.failures += 1;
    state.last = now;
    if (state.failures > this.free) {
      const delay = Math.min(this.maxMs, this.baseMs * 2 ** (state.failures - this.free - 1));
      state.until = now + delay;
    }
    this.state.set(key, state);
    if (this.state.size >= 10_000) for (const k of [...this.state.keys()]) this.current(k);
  }

  clear(key: string): void {
    this.state.delete(key);
  }

  private current(key: string): FailureState | undefined {
    const state = this.state.get(key);
    if (!state) return undefined;
    const now = this.now();
    if (now - state.last > this.windowMs && now >= state.until) {
      this.state.delete(key);
      return undefined;
    }
    return state;
  }
}

export function createLimiters(limits: AuthLimits, now: () => number = Date.now) {
  const perFive = (limit: number) => new SlidingWindow(limit, FIVE_MINUTES, now);
  const backoff = (free: number) =>
    new FailureBackoff(
      free,
      limits.failureDelaySeconds * 1000,
      limits.maxFailureDelaySeconds * 1000,
      limits.failureWindowSeconds * 1000,
      now,
    );
  return {
    signIn: perFive(limits.signInsPerIp),
    refresh: perFive(limits.refreshesPerIp),
    signUp: perFive(limits.signUpsPerIp),
    verify: perFive(limits.verificationsPerIp),
    mailRequest: perFive(limits.mailRequestsPerIp),
    emailsSent: new SlidingWindow(limits.emailsPerHour, 3600_000, now),
    emailInterval: new SlidingWindow(1, limits.emailIntervalSeconds * 1000, now),
    accountAndIpFailures: backoff(limits.freeFailuresPerAccountAndIp),
    accountFailures: backoff(limits.freeFailuresPerAccount),
  };
}

export type Limiters = ReturnType<typeof createLimiters>;
