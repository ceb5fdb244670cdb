import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import punchTexts from '../../i18n/features/punch.ts';
import { PUNCH_MESSAGES, punchErrorKey, punchErrorLine, punchErrorToast } from './punchErrors.ts';

const MIGRATIONS = join(__dirname, '../../../supabase/migrations');

/** Every function's latest body (migrations in order; a later `create or replace` wins). */
function latestFunctions(): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(join(MIGRATIONS, file), 'utf8');
    const header = /create\s+(?:or\s+replace\s+)?function\s+([\w.]+)\s*\(/gi;
    for (let m = header.exec(sql); m; m = header.exec(sql)) {
      const open = sql.indexOf('$$', m.index);
      const close = sql.indexOf('$$', open + 2);
      if (open < 0 || close < 0) continue;
      bodies.set(m[1]!.toLowerCase(), sql.slice(open + 2, close));
      header.lastIndex = close + 2;
    }
  }
  return bodies;
}

/** The messages the punch RPCs can raise: theirs and those of every function they call, transitively. */
function punchMessages(): Set<string> {
  const bodies = latestFunctions();
  const seen = new Set<string>();
  const toVisit = ['public.check_in', 'public.check_out', 'public.manual_entry'];
  while (toVisit.length) {
    const name = toVisit.pop()!;
    if (seen.has(name) || !bodies.has(name)) continue;
    seen.add(name);
    for (const call of bodies.get(name)!.matchAll(/\b((?:app|public)\.\w+)\s*\(/gi))
      toVisit.push(call[1]!.toLowerCase());
  }
  const messages = new Set<string>();
  for (const name of seen) {
    const body = bodies.get(name)!;
    // app.refuse('…') / app.forbid('…') (they raise), and any raise exception '…' / using message = '…'.
    const raised =
      /app\.(?:refuse|forbid)\(\s*'((?:[^']|'')*)'|raise\s+exception\s+'((?:[^']|'')*)'|message\s*=\s*'((?:[^']|'')*)'/gi;
    for (const m of body.matchAll(raised)) messages.add((m[1] ?? m[2] ?? m[3])!.replace(/''/g, "'"));
    if (/app\.forbid\(\s*\)/i.test(body)) messages.add('You are not allowed to do this');
  }
  return messages;
}

describe('punch refusals', () => {
  const raised = punchMessages();

  it('finds the refusals of the punch functions in the migrations', () => {
    expect(raised).toContain('Already Checked In');
    expect(raised).toContain('No Active Check-In');
    expect(raised).toContain('You can only record your own attendance');
  });

  it('has a text, in English and French, for every message the punch functions raise', () => {
    const missing = [...raised].filter((message) => !punchErrorKey(message));
    expect(missing).toEqual([]);
    for (const key of Object.values(PUNCH_MESSAGES)) {
      expect(punchTexts.en.errors[key]).toBeTruthy();
      expect(punchTexts.fr.errors[key]).toBeTruthy();
    }
  });

  it('keeps the spec wording in English', () => {
    expect(punchTexts.en.errors[PUNCH_MESSAGES['Already Checked In']]).toBe('Already Checked In');
    expect(punchTexts.en.errors[PUNCH_MESSAGES['No Active Check-In']]).toBe('No Active Check-In');
    expect(punchTexts.en.details.alreadyIn).toBe('Employee must check out before checking in again.');
    expect(punchTexts.en.details.noActive).toBe('No active check-in found');
  });

  it('turns a refusal into its translated toast, and an unknown failure into the generic one', () => {
    const t = ((key: string) => `<${key}>`) as never;
    expect(punchErrorToast(t, { message: 'Already Checked In' })).toEqual({
      message: '<punch.errors.alreadyIn>',
      description: '<punch.details.alreadyIn>',
    });
    expect(punchErrorToast(t, { message: 'Employee not found' })).toEqual({
      message: '<punch.errors.notFound>',
    });
    expect(punchErrorToast(t, { message: 'invalid input syntax for type uuid: "x"' }).message).toBe(
      '<punch.errors.notFound>',
    );
    expect(punchErrorToast(t, { message: 'Failed to fetch' })).toEqual({
      message: '<punch.failed>',
      description: 'Failed to fetch',
    });
  });
});

describe('punchErrorLine', () => {
  it('reads a refusal in one translated line, and keeps the words of an unknown failure', () => {
    const t = ((key: string) => `<${key}>`) as never;
    expect(punchErrorLine(t, { message: 'No Active Check-In' })).toBe(
      '<punch.errors.noActive>: <punch.details.noActive>',
    );
    expect(punchErrorLine(t, { message: 'Employee has no site' })).toBe('<punch.errors.noSite>');
    expect(punchErrorLine(t, { message: 'Failed to fetch' })).toBe('Failed to fetch');
  });
});
