// Every refusal the migrated database can raise is a code with an English and a French text, and
// no function raises an English sentence any more: the codes are read from the functions' current
// bodies (app.refuse / app.forbid / raise ... message literals, the functions that return refusal
// codes, and the notification codes app.notify writes).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, FUNCTIONS_SQL, rewriteAll, type FunctionDef } from '../../../scripts/db/codes.ts';
import { MESSAGE_FUNCTIONS } from '../../../scripts/db/refusal-codes.ts';
import { findCalls, literalValue } from '../../../scripts/db/sql-calls.ts';
import { startStack, type Stack } from '../../../server/stack.ts';
import errorsEn from '../../../src/i18n/locales/en/errors.json';
import notificationsEn from '../../../src/i18n/locales/en/notifications.json';
import errorsFr from '../../../src/i18n/locales/fr/errors.json';
import notificationsFr from '../../../src/i18n/locales/fr/notifications.json';

let stack: Stack;
let functions: FunctionDef[];
beforeAll(async () => {
  stack = await startStack({ port: 0, host: '127.0.0.1', seed: 'never', fast: true });
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    functions = (await client.query<FunctionDef>(FUNCTIONS_SQL)).rows;
  } finally {
    await client.end();
  }
}, 120_000);
afterAll(() => stack?.stop());

const HELPERS = ['app.refuse', 'app.forbid', 'app.refuse_numeric', 'app.notify'];

function refusalCodes(): Set<string> {
  const codes = new Set<string>(['access.denied']);
  for (const f of functions) {
    if (HELPERS.includes(f.name)) continue;
    for (const helper of ['app.refuse', 'app.forbid', 'app.refuse_numeric'])
      for (const call of findCalls(f.def, helper)) {
        const code = call.args[0] === undefined ? 'access.denied' : literalValue(call.args[0]);
        if (code !== null) codes.add(code);
      }
    for (const m of f.def.matchAll(/message\s*=\s*('(?:[^']|'')*')/gi)) codes.add(literalValue(m[1]!)!);
    if (MESSAGE_FUNCTIONS.includes(f.name))
      for (const m of f.def.matchAll(/'([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)'/g)) codes.add(m[1]!);
  }
  return codes;
}

function notificationCodes(): Set<string> {
  const codes = new Set<string>();
  for (const f of functions) {
    if (HELPERS.includes(f.name)) continue;
    for (const call of findCalls(f.def, 'app.notify')) codes.add(literalValue(call.args[1] ?? '') ?? '');
    for (const m of f.def.matchAll(
      /insert into public\.notifications \(employee_id, code, params[^)]*\)\s*values\s*\([^,]+,\s*('[^']*')/gi,
    ))
      codes.add(literalValue(m[1]!)!);
  }
  return codes;
}

function textAt(root: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], root);
}

describe('error codes', () => {
  it('leaves no English refusal in any function (the generator has nothing left to rewrite)', () => {
    expect(functions.length).toBeGreaterThan(100);
    expect(rewriteAll(functions).map((f) => f.name)).toEqual([]);
  });

  it('raises only codes, each with an English and a French text', () => {
    const codes = refusalCodes();
    expect(codes).toContain('punch.already_checked_in');
    expect(codes).toContain('payroll.period_paid_by_run');
    expect(codes).toContain('salary.self_approval');
    expect(codes).toContain('signup.invitation_invalid');
    expect([...codes].filter((code) => !CODE.test(code))).toEqual([]);
    const missing = [...codes].filter(
      (code) => typeof textAt(errorsEn, code) !== 'string' || typeof textAt(errorsFr, code) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it('writes notifications as codes, each with an English and a French title and message', () => {
    const codes = notificationCodes();
    expect(codes).toContain('salary.approved');
    expect(codes).toContain('account.role_request_answered');
    const missing = [...codes].filter((code) =>
      [notificationsEn, notificationsFr].some(
        (texts) =>
          typeof textAt(texts, `${code}.title`) !== 'string' ||
          typeof textAt(texts, `${code}.message`) !== 'string',
      ),
    );
    expect(missing).toEqual([]);
  });
});
