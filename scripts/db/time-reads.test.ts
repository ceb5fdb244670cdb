import { describe, expect, it } from 'vitest';
import { rewriteTimeReads, timeReads } from './time-reads.ts';

describe('timeReads', () => {
  it('finds the ways SQL reads the wall clock, qualified or not, in any case', () => {
    const sql = `select now(), NOW ( ), pg_catalog.now(), current_date, CURRENT_TIMESTAMP, clock_timestamp(),
      statement_timestamp(), transaction_timestamp(), localtimestamp`;
    expect(timeReads(sql).map((r) => r.text)).toEqual([
      'now()',
      'NOW ( )',
      'pg_catalog.now()',
      'current_date',
      'CURRENT_TIMESTAMP',
      'clock_timestamp()',
      'statement_timestamp()',
      'transaction_timestamp()',
      'localtimestamp',
    ]);
  });

  it('skips app.now(), names that only contain the words, comments, strings and quoted names', () => {
    const sql = `select app.now(), app.today(), now_ts, t.current_date_col, "now"() -- now()
      /* current_date /* nested now() */ still a comment */ , 'now()' , E'it\\'s now()', $$x$$`;
    expect(timeReads(sql)).toEqual([]);
  });
});

describe('rewriteTimeReads', () => {
  it('reads the time through app.now() and app.today(), leaving the rest as written', () => {
    expect(
      rewriteTimeReads(`begin
  v := (now() at time zone tz)::date; -- not now()
  if d <= current_date then x := clock_timestamp() + interval '1 hour'; end if;
  perform format('on %s', 'current_date');
end`),
    ).toBe(`begin
  v := (app.now() at time zone tz)::date; -- not now()
  if d <= app.today() then x := app.now() + interval '1 hour'; end if;
  perform format('on %s', 'current_date');
end`);
  });

  it('is idempotent', () => {
    const once = rewriteTimeReads('select now(), current_date');
    expect(rewriteTimeReads(once)).toBe(once);
  });
});
