// `npm run db:codes` (tsx scripts/db/codes.ts): writes
// supabase/migrations/20261127009000_raise_codes_not_sentences.sql, which makes every database
// function raise a refusal as a stable code with JSON parameters instead of an English sentence,
// and write system notifications as a code with parameters (the client has the EN/FR texts:
// src/i18n/locales/*/errors.json and notifications.json).
//
// It reads the CURRENT body of every function from a database migrated WITHOUT that file
// (pg_get_functiondef keeps security definer, search_path and the rest), rewrites each refusal with
// the mapping in scripts/db/refusal-codes.ts, and fails, naming it, on an English refusal the
// mapping does not know. Re-run it after any migration that changes a function: delete nothing,
// it always starts from the migrations before its own file.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startStack } from '../../server/stack.ts';
import { REPO_ROOT } from './migrated-database.ts';
import { MESSAGE_FUNCTIONS, NOTIFICATIONS, REFUSALS } from './refusal-codes.ts';
import { findCalls, formatCall, literalValue, quote } from './sql-calls.ts';

export const MIGRATION = '20261127009000_raise_codes_not_sentences.sql';
export const CODE = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;
const MACHINE_HINT = /^[a-z][a-z0-9_]*$/;

/** The helpers themselves, redefined by the prelude. */
const HELPERS = new Set(['app.refuse', 'app.forbid', 'app.refuse_numeric', 'app.notify']);

const PRELUDE = `-- Refusals are codes with parameters: app.refuse('punch.already_checked_in') raises P0001 whose
-- message is the code and whose detail is the parameters as JSON (PostgREST's 'details'); the
-- client turns a code into the reader's language (src/i18n/features/errors.ts). A hint stays only
-- where code reads it (mfa_required, payroll_period_overlap...).
drop function if exists app.refuse(text, text);
drop function if exists app.forbid(text);
drop function if exists app.refuse_numeric(text);

create or replace function app.refuse(code text, params jsonb default '{}'::jsonb, hint text default null)
returns void language plpgsql set search_path = '' as $$
begin
  raise exception using errcode = 'P0001', message = code, detail = coalesce(params, '{}'::jsonb)::text,
    hint = coalesce(hint, '');
end
$$;

create or replace function app.forbid(code text default 'access.denied', params jsonb default '{}'::jsonb)
returns void language plpgsql set search_path = '' as $$
begin
  raise exception using errcode = '42501', message = code, detail = coalesce(params, '{}'::jsonb)::text;
end
$$;

-- A refusal where an expression needs a numeric (inside a case).
create or replace function app.refuse_numeric(code text, params jsonb default '{}'::jsonb)
returns numeric language plpgsql set search_path = '' as $$
begin
  raise exception using errcode = 'P0001', message = code, detail = coalesce(params, '{}'::jsonb)::text;
end
$$;
grant execute on function app.refuse(text, jsonb, text), app.forbid(text, jsonb), app.refuse_numeric(text, jsonb)
  to anon, authenticated, service_role;

-- Notifications the system writes are a code with parameters, shown in the reader's language
-- (src/shared/notifications); title and message stay for words a person wrote.
alter table public.notifications
  add column if not exists code text,
  add column if not exists params jsonb not null default '{}'::jsonb,
  alter column message drop not null;
alter table public.notifications
  add constraint notifications_code_format check (code is null or code ~ '^[a-z][a-z0-9_]*(\\.[a-z0-9_]+)+$'),
  add constraint notifications_params_object check (jsonb_typeof(params) = 'object'),
  add constraint notifications_code_or_message check (code is not null or message is not null);

drop function if exists app.notify(uuid, text, text);
create or replace function app.notify(employee uuid, code text, params jsonb default '{}'::jsonb)
returns void language sql security definer set search_path = '' as $$
  insert into public.notifications (employee_id, code, params, created_by)
  values (employee, code, coalesce(params, '{}'::jsonb), app.my_employee_id())
$$;
revoke execute on function app.notify(uuid, text, jsonb) from public;
`;

class Unmapped extends Error {}

function paramsSql(names: readonly string[], values: string[], where: string): string {
  if (names.length !== values.length)
    throw new Unmapped(`${where}: ${values.length} parameters, the mapping names ${names.length}`);
  if (names.length === 0) return "'{}'::jsonb";
  return `jsonb_build_object(${names.map((n, i) => `${quote(n)}, ${values[i]}`).join(', ')})`;
}

/** The code and parameters SQL of a message expression (a literal or a format() call). */
function codeOf(expr: string, hint: string | null, where: string): { code: string; params: string } | null {
  const literal = literalValue(expr);
  if (literal !== null) {
    if (CODE.test(literal)) return { code: literal, params: "'{}'::jsonb" };
    const found =
      REFUSALS.find(([, m, p, h]) => m === literal && !p?.length && h !== undefined && h === hint) ??
      REFUSALS.find(([, m, p, h]) => m === literal && !p?.length && h === undefined);
    if (!found) throw new Unmapped(`${where}: no code for the refusal '${literal}'`);
    return { code: found[0], params: "'{}'::jsonb" };
  }
  const format = formatCall(expr);
  if (format) {
    const template = literalValue(format[0]!);
    const found = REFUSALS.find(([, m, p]) => m === template && p?.length);
    if (!found) throw new Unmapped(`${where}: no code for the refusal format('${template}', ...)`);
    return { code: found[0], params: paramsSql(found[2]!, format.slice(1), where) };
  }
  return null;
}

/** app.refuse(message[, hint]) → app.refuse(code, params[, machine hint]). */
function rewriteRefusals(def: string, fn: string, where: string): string {
  let out = '';
  let at = 0;
  for (const call of findCalls(def, fn)) {
    out += def.slice(at, call.start);
    at = call.end;
    const [message, hintExpr, ...rest] = call.args;
    const original = def.slice(call.start, call.end);
    if (message === undefined) {
      out += original;
      continue;
    }
    // Already a code (a body written after this change): keep it.
    if (
      CODE.test(literalValue(message) ?? '') ||
      /^('\{\}'::jsonb|jsonb_build_object\()/.test(hintExpr ?? '')
    ) {
      out += original;
      continue;
    }
    if (rest.length) throw new Unmapped(`${where}: ${original} has more arguments than a message and a hint`);
    const hint = hintExpr === undefined ? null : literalValue(hintExpr);
    const coded = codeOf(message, hint, where);
    let code: string;
    let params: string;
    if (coded) {
      code = quote(coded.code);
      params = coded.params;
    } else if (/^app\.salary_decision_refusal\(/.test(message) || /^verdict\.message$/.test(message)) {
      // Message functions (MESSAGE_FUNCTIONS) return codes once rewritten.
      code = message;
      params = "'{}'::jsonb";
    } else throw new Unmapped(`${where}: the refusal ${original} is not a literal or a format()`);
    // Keep a hint code reads (snake_case, or an expression such as sqlerrm for the logs); an
    // English hint's words are in the client's texts (errors.<code>_hint).
    let keptHint: string | null = null;
    if (hintExpr !== undefined) {
      if (hint === null) keptHint = hintExpr;
      else if (MACHINE_HINT.test(hint)) keptHint = quote(hint);
    }
    if (fn === 'app.refuse')
      out += `${fn}(${code}${params === "'{}'::jsonb" && !keptHint ? '' : `, ${params}`}${keptHint ? `, ${keptHint}` : ''})`;
    else out += `${fn}(${code}${params === "'{}'::jsonb" ? '' : `, ${params}`})`;
  }
  return out + def.slice(at);
}

/** raise exception [ 'message' ] using errcode = ..., message = ..., hint = ... → code + detail. */
function rewriteRaises(def: string, where: string): string {
  const RAISE = /raise\s+exception\s+('(?:[^']|'')*')?\s*using\s+([\s\S]*?);/gi;
  return def.replace(RAISE, (whole, literal: string | undefined, using: string) => {
    const options = new Map<string, string>();
    const calls = findCalls(`using(${using})`, 'using')[0]!;
    for (const option of calls.args) {
      const m = /^(\w+)\s*=\s*([\s\S]+)$/.exec(option);
      if (!m) throw new Unmapped(`${where}: cannot read ${whole}`);
      options.set(m[1]!.toLowerCase(), m[2]!.trim());
    }
    const message = literal ?? options.get('message');
    if (!message || CODE.test(literalValue(message) ?? '')) return whole;
    const hint = options.has('hint') ? literalValue(options.get('hint')!) : null;
    const coded = codeOf(message, hint, where);
    if (!coded) throw new Unmapped(`${where}: the refusal ${whole} is not a literal or a format()`);
    const parts = [`errcode = ${options.get('errcode') ?? "'P0001'"}`, `message = ${quote(coded.code)}`];
    if (coded.params !== "'{}'::jsonb") parts.push(`detail = (${coded.params})::text`);
    if (options.has('hint') && (hint === null || MACHINE_HINT.test(hint)))
      parts.push(`hint = ${options.get('hint')}`);
    const indent = /\n(\s*)[^\n]*$/.exec(def.slice(0, def.indexOf(whole)))?.[1] ?? '';
    return `raise exception using ${parts.join(`,\n${indent}  `)};`;
  });
}

function notificationOf(title: string, message: string, where: string): { code: string; params: string } {
  const t = literalValue(title);
  const f = formatCall(message);
  const template = f ? literalValue(f[0]!) : literalValue(message);
  const found = NOTIFICATIONS.find(([, nt, nm]) => nt === t && nm === template);
  if (!found) throw new Unmapped(`${where}: no code for the notification '${t}' / '${template}'`);
  return { code: found[0], params: paramsSql(found[3], f ? f.slice(1) : [], where) };
}

/** app.notify(employee, title, message) and direct inserts → a code with parameters. */
function rewriteNotifications(def: string, where: string): string {
  let out = '';
  let at = 0;
  for (const call of findCalls(def, 'app.notify')) {
    out += def.slice(at, call.start);
    at = call.end;
    const [employee, title, message] = call.args;
    if (call.args.length !== 3 || literalValue(title!) === null || CODE.test(literalValue(title!)!)) {
      out += def.slice(call.start, call.end);
      continue;
    }
    const { code, params } = notificationOf(title!, message!, where);
    out += `app.notify(${employee}, ${quote(code)}, ${params})`;
  }
  def = out + def.slice(at);
  const INSERT =
    /insert into public\.notifications \(employee_id, title, message, created_by\)\s*values\s*/gi;
  for (let m = INSERT.exec(def); m; m = INSERT.exec(def)) {
    const open = m.index + m[0].length;
    const call = findCalls(`v${def.slice(open)}`, 'v')[0]!;
    const [employee, title, message, createdBy] = call.args;
    const { code, params } = notificationOf(title!, message!, where);
    const replacement = `insert into public.notifications (employee_id, code, params, created_by)\n  values (${employee}, ${quote(code)}, ${params}, ${createdBy})`;
    def = def.slice(0, m.index) + replacement + def.slice(open + call.end - 1);
    INSERT.lastIndex = m.index + replacement.length;
  }
  return def;
}

/** Functions that return refusal messages: every mapped English literal becomes its code. */
function rewriteMessageFunction(def: string): string {
  return def.replace(/'(?:[^']|'')*'/g, (literal) => {
    const value = literalValue(literal)!;
    const found = REFUSALS.find(([, m, p]) => m === value && !p?.length);
    return found ? quote(found[0]) : literal;
  });
}

export interface FunctionDef {
  name: string;
  def: string;
}

/** Each function whose body changes, rewritten. Throws Unmapped listing every unknown refusal. */
export function rewriteAll(functions: FunctionDef[]): FunctionDef[] {
  const problems: string[] = [];
  const changed: FunctionDef[] = [];
  for (const f of functions) {
    if (HELPERS.has(f.name)) continue;
    try {
      let def = f.def;
      if (MESSAGE_FUNCTIONS.includes(f.name)) def = rewriteMessageFunction(def);
      for (const fn of ['app.refuse', 'app.forbid', 'app.refuse_numeric'])
        def = rewriteRefusals(def, fn, f.name);
      def = rewriteRaises(def, f.name);
      def = rewriteNotifications(def, f.name);
      if (def !== f.def) changed.push({ name: f.name, def });
    } catch (error) {
      if (!(error instanceof Unmapped)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length)
    throw new Error(
      `English refusals with no code (add them to scripts/db/refusal-codes.ts):\n${problems.join('\n')}`,
    );
  return changed;
}

export const FUNCTIONS_SQL = `
  select n.nspname || '.' || p.proname as name, pg_get_functiondef(p.oid) as def
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname in ('app', 'public', 'payroll') and p.prokind in ('f', 'p')
    and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
  order by 1, pg_get_function_identity_arguments(p.oid)`;

async function readFunctions(): Promise<FunctionDef[]> {
  // The migrations before this generator's own file.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-codes-'));
  try {
    await fs.cp(path.join(REPO_ROOT, 'supabase'), path.join(dir, 'supabase'), {
      recursive: true,
      filter: (source) => !source.endsWith(MIGRATION) && !source.includes(`${path.sep}functions${path.sep}`),
    });
    const stack = await startStack({
      port: 0,
      host: '127.0.0.1',
      supabaseDir: path.join(dir, 'supabase'),
      seed: 'never',
      fast: true,
    });
    try {
      const client = new pg.Client({ connectionString: stack.databaseUrl });
      await client.connect();
      try {
        return (await client.query<FunctionDef>(FUNCTIONS_SQL)).rows;
      } finally {
        await client.end();
      }
    } finally {
      await stack.stop();
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const changed = rewriteAll(await readFunctions());
  const header = `-- GENERATED by \`npm run db:codes\` (tsx scripts/db/codes.ts) from the migrations before it: do
-- not edit. To regenerate after another migration changed a function, re-run that command.
-- Every refusal becomes a code with JSON parameters; system notifications a code with parameters.
`;
  const body = changed.map((f) => `${f.def.trimEnd()};\n`).join('\n');
  const target = path.join(REPO_ROOT, 'supabase', 'migrations', MIGRATION);
  await fs.writeFile(target, `${header}\n${PRELUDE}\n${body}`);
  console.log(`wrote ${path.relative(REPO_ROOT, target)}: ${changed.length} functions rewritten`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  await main();
}
