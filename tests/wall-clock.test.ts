// No test knows what time it is (issue 24 item 5): the product's time in tests is the pinned
// clock (tests/clock.ts: app.now() in SQL, the browser's clock in journeys). This guard fails when
// a test or its helpers read the wall clock, in TypeScript or in the SQL they send, outside the
// allow-list below, where each entry says why the real time is right there.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const TESTS = path.dirname(new URL(import.meta.url).pathname);

/** Ways of reading the wall clock: JavaScript, and SQL sent by the tests. */
const READS: Array<[string, RegExp]> = [
  ['Date.now()', /\bDate\.now\s*\(/],
  ['new Date()', /\bnew Date\s*\(\s*\)/],
  ['dayjs()', /\bdayjs\s*\(\s*\)/],
  ['performance.now()', /\bperformance\.now\s*\(/],
  ['SQL now()', /(?<![.\w])now\s*\(\s*\)/i],
  ['SQL current_date', /(?<![.\w])current_(date|timestamp|time)\b/i],
  [
    'SQL clock',
    /(?<![.\w])(clock_timestamp|statement_timestamp|transaction_timestamp|localtimestamp|timeofday)\b/i,
  ],
];

/**
 * Files (relative to tests/) allowed to read the real time, each read by the text of its line,
 * with the reason. Timing, polling and token lifetimes are real time, not the product's.
 */
const ALLOWED: Array<{ file: string; line: RegExp; reason: string }> = [
  {
    file: '*',
    line: /\$\{Date\.now\(\)\}[^`]*@[a-z]+\.test`/,
    reason: 'a unique suffix for an e-mail address, not a date',
  },
  { file: 'wall-clock.test.ts', line: /./, reason: 'this guard names the reads it looks for' },
  { file: 'clock.ts', line: /./, reason: 'the pinned clock itself' },
  { file: 'summary-reporter.ts', line: /./, reason: 'the reporter measures how long the run took' },
  {
    file: 'integration/helpers.ts',
    line: /deadline|uniqueEmail|Date\.now\(\)\}\./,
    reason: 'polling deadlines; a unique e-mail suffix, not a date',
  },
  {
    file: 'integration/totp.ts',
    line: /timestamp: Date\.now/,
    reason: 'TOTP codes follow the real time the auth service checks',
  },
  { file: 'integration/lifecycle.test.ts', line: /deadline/, reason: 'waits for the CLI to start' },
  { file: 'integration/heal.test.ts', line: /deadline/, reason: 'waits for the stack to heal' },
  {
    file: 'integration/realtime.test.ts',
    line: /deadline|commit_timestamp/,
    reason: 'polling; the WAL commit time is real',
  },
  {
    file: 'integration/rest.test.ts',
    line: /setIssuedAt|setExpirationTime/,
    reason: 'an expired token is expired in real time',
  },
  {
    file: 'integration/auth-mfa.test.ts',
    line: /expires_at|mfa_challenges/,
    reason: 'two-factor challenges expire in real time (auth, not the product)',
  },
  {
    file: 'integration/auth-security.test.ts',
    line: /@(blocked|broken|trigger)\.test/,
    reason: 'a unique e-mail suffix, not a date',
  },
  {
    file: 'integration/product/salary-separation.test.ts',
    line: /'totp', 'verified', now\(\), now\(\)/,
    reason: 'an auth factor row: auth keeps the real time',
  },
  {
    file: 'integration/product/payroll-integrity.test.ts',
    line: /'totp', 'verified', now\(\), now\(\)/,
    reason: 'an auth factor row: auth keeps the real time',
  },
  {
    file: 'integration/product/live-and-dashboards.test.ts',
    line: /deadline/,
    reason: 'polling for live updates',
  },
  {
    file: 'integration/product/payroll-records.test.ts',
    line: /deadline/,
    reason: 'polling for live updates',
  },
  {
    file: 'integration/product/clock.test.ts',
    line: /Date\.now\(\)\)\)\.toBeLessThan/,
    reason: 'checks that a stack without the test clock has the real time',
  },
  {
    file: 'e2e/clock.test.ts',
    line: /page\.evaluate|setSystemTime\(Date\.now/,
    reason: "reads the browser's pinned clock; jumps it past the token's real expiry",
  },
  { file: 'e2e/global-setup.ts', line: /./, reason: 'names the run directory of the failure screenshots' },
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : files(full);
    return /\.(ts|sql)$/.test(entry.name) ? [full] : [];
  });
}

describe('tests and the wall clock', () => {
  it('no test reads the wall clock outside the allow-list', () => {
    const found: string[] = [];
    for (const file of files(TESTS)) {
      const relative = path.relative(TESTS, file);
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines.forEach((text, index) => {
        for (const [what, pattern] of READS) {
          if (!pattern.test(text)) continue;
          if (ALLOWED.some((a) => (a.file === '*' || a.file === relative) && a.line.test(text))) continue;
          found.push(`${relative}:${index + 1}: ${what}: ${text.trim()}`);
        }
      });
    }
    expect(
      found,
      'use the pinned clock (tests/clock.ts, app.now() in SQL) or allow-list it with a reason',
    ).toEqual([]);
  });

  it('every allow-list entry still matches a line (no stale exemptions)', () => {
    const stale = ALLOWED.filter((a) => {
      if (a.file === '*') return false;
      const file = path.join(TESTS, a.file);
      return (
        !fs.existsSync(file) ||
        !fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .some((l) => a.line.test(l))
      );
    });
    expect(stale.map((a) => a.file)).toEqual([]);
  });
});
