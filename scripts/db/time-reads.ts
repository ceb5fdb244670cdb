// Where the database reads the wall clock instead of app.now() (issue 24 item 5): a small SQL
// scanner that skips comments, strings and quoted names, the rewrite to app.now()/app.today(),
// and the list of objects of the migrated database that still read the time directly. Used by the
// generator of the rewrite migration (scripts/db/clock-rewrite.ts) and by the test that keeps it
// so (tests/integration/product/clock.test.ts).
import type pg from 'pg';

/** The schemas of the product (auth belongs to the local stack and keeps real time for tokens). */
export const PRODUCT_SCHEMAS = ['public', 'app', 'payroll'];

/**
 * Functions that read the real time on purpose, with the reason. Everything else reads app.now().
 * Keys are `schema.name`.
 */
export const REAL_TIME_ALLOWED: Record<string, string> = {
  'app.now': 'the clock itself: the real now() when no test clock is pinned',
  'public.set_test_clock': 'writes app.now() as the pinned moment plus the real time elapsed since',
  'app.unpin_clock': 'writes app.now() back as the real now()',
  'app.take_backup': 'the backup file name must be unique (clock_timestamp), it is not business time',
};

/** How each way of reading the time is written through the product's clock. */
const REWRITES: Record<string, { call: boolean; to: string }> = {
  now: { call: true, to: 'app.now()' },
  transaction_timestamp: { call: true, to: 'app.now()' },
  statement_timestamp: { call: true, to: 'app.now()' },
  clock_timestamp: { call: true, to: 'app.now()' },
  current_timestamp: { call: false, to: 'app.now()' },
  current_date: { call: false, to: 'app.today()' },
  localtimestamp: { call: false, to: 'app.now()::timestamp' },
  current_time: { call: false, to: 'app.now()::timetz' },
  localtime: { call: false, to: 'app.now()::time' },
  timeofday: { call: true, to: 'app.now()::text' },
};

export interface TimeRead {
  /** The text as written (`now()`, `CURRENT_DATE`, `pg_catalog.now()`). */
  text: string;
  start: number;
  end: number;
  replacement: string;
}

const WORD = /[A-Za-z0-9_$]/;

/** Every direct read of the time in a piece of SQL or PL/pgSQL, outside comments and strings. */
export function timeReads(sql: string): TimeRead[] {
  const reads: TimeRead[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
    } else if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < sql.length && depth > 0) {
        if (sql.startsWith('/*', i)) depth++;
        else if (sql.startsWith('*/', i)) depth--;
        else {
          i++;
          continue;
        }
        i += 2;
      }
    } else if (c === "'") {
      // E'...' strings allow backslash escapes; '' is a quote in both kinds.
      const escapes = /[eE]/.test(sql[i - 1] ?? '') && !WORD.test(sql[i - 2] ?? '');
      i++;
      while (i < sql.length) {
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") break;
        else i++;
      }
      i++;
    } else if (c === '"') {
      const end = sql.indexOf('"', i + 1);
      i = end < 0 ? sql.length : end + 1;
    } else if (/[A-Za-z_]/.test(c) && !WORD.test(sql[i - 1] ?? '')) {
      let end = i;
      while (end < sql.length && WORD.test(sql[end]!)) end++;
      const word = sql.slice(i, end);
      const rewrite = REWRITES[word.toLowerCase()];
      const read = rewrite && matchRead(sql, i, end, rewrite.call);
      if (read) reads.push({ ...read, replacement: rewrite.to });
      i = end;
    } else {
      i++;
    }
  }
  return reads;
}

/** The read starting at the word [start, end), with its qualifier and parentheses, if it is one. */
function matchRead(sql: string, start: number, end: number, call: boolean) {
  let from = start;
  if (sql[start - 1] === '.') {
    // pg_catalog.now() is the wall clock too; app.now() and a column named like one are not.
    const qualifier = /([A-Za-z_][A-Za-z0-9_]*)\s*\.$/.exec(sql.slice(Math.max(0, start - 40), start));
    if (!qualifier || qualifier[1]!.toLowerCase() !== 'pg_catalog') return undefined;
    from = start - qualifier[0].length;
  }
  let to = end;
  if (call) {
    const parens = /^\s*\(\s*\)/.exec(sql.slice(end));
    if (!parens) return undefined;
    to = end + parens[0].length;
  } else if (/^\s*\(/.test(sql.slice(end))) {
    return undefined; // current_timestamp(3) or a function of the same name: left to a person
  }
  return { text: sql.slice(from, to), start: from, end: to };
}

/** The SQL with every read of the time going through app.now() / app.today(). */
export function rewriteTimeReads(sql: string): string {
  let out = '';
  let at = 0;
  for (const read of timeReads(sql)) {
    out += sql.slice(at, read.start) + read.replacement;
    at = read.end;
  }
  return out + sql.slice(at);
}

export interface ObjectReadingTime {
  kind: 'function' | 'default' | 'view' | 'policy' | 'trigger';
  /** e.g. `public.check_in(uuid,attendance_source,text)`, `public.sites.created_at`. */
  name: string;
  reads: string[];
  /** The statement that makes it read app.now() instead. */
  rewrite: string;
}

/** Every object of the product's schemas that reads the time other than through app.now(). */
export async function objectsReadingTime(db: pg.Client | pg.Pool): Promise<ObjectReadingTime[]> {
  const found: ObjectReadingTime[] = [];
  const functions = await db.query<{ schema: string; name: string; sig: string; src: string; def: string }>(
    `select n.nspname as schema, p.proname as name, p.oid::regprocedure::text as sig,
            p.prosrc as src, pg_get_functiondef(p.oid) as def
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1) and p.prokind in ('f', 'p')
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by 1, 3`,
    [PRODUCT_SCHEMAS],
  );
  for (const f of functions.rows) {
    if (REAL_TIME_ALLOWED[`${f.schema}.${f.name}`]) continue;
    const reads = timeReads(f.src);
    if (reads.length === 0) continue;
    const at = f.def.indexOf(f.src);
    if (at < 0 || f.def.indexOf(f.src, at + 1) >= 0) throw new Error(`cannot locate the body of ${f.sig}`);
    const def = f.def.slice(0, at) + rewriteTimeReads(f.src) + f.def.slice(at + f.src.length);
    const sig = f.sig.includes('.') ? f.sig : `${f.schema}.${f.sig}`;
    found.push({
      kind: 'function',
      name: sig,
      reads: reads.map((r) => r.text),
      rewrite: `${def.trimEnd()};`,
    });
  }

  const defaults = await db.query<{ schema: string; table: string; column: string; expr: string }>(
    `select n.nspname as schema, c.relname as table, a.attname as column,
            pg_get_expr(ad.adbin, ad.adrelid) as expr
       from pg_attrdef ad join pg_class c on c.oid = ad.adrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = ad.adrelid and a.attnum = ad.adnum
      where n.nspname = any($1) and a.attgenerated = ''
      order by 1, 2, 3`,
    [PRODUCT_SCHEMAS],
  );
  for (const d of defaults.rows) {
    const reads = timeReads(d.expr);
    if (reads.length === 0) continue;
    found.push({
      kind: 'default',
      name: `${d.schema}.${d.table}.${d.column}`,
      reads: reads.map((r) => r.text),
      rewrite: `alter table ${ident(d.schema)}.${ident(d.table)} alter column ${ident(d.column)} set default ${rewriteTimeReads(d.expr)};`,
    });
  }

  const views = await db.query<{ schema: string; name: string; def: string; materialized: boolean }>(
    `select n.nspname as schema, c.relname as name, pg_get_viewdef(c.oid) as def, c.relkind = 'm' as materialized
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('v', 'm') order by 1, 2`,
    [PRODUCT_SCHEMAS],
  );
  for (const v of views.rows) {
    const reads = timeReads(v.def);
    if (reads.length === 0) continue;
    const name = `${ident(v.schema)}.${ident(v.name)}`;
    found.push({
      kind: 'view',
      name: `${v.schema}.${v.name}`,
      reads: reads.map((r) => r.text),
      rewrite: v.materialized
        ? `-- ${name} is a materialized view: re-create it by hand with app.now()`
        : `create or replace view ${name} as ${rewriteTimeReads(v.def).trim().replace(/;$/, '')};`,
    });
  }

  const policies = await db.query<{
    schema: string;
    table: string;
    name: string;
    qual: string | null;
    check: string | null;
  }>(
    `select schemaname as schema, tablename as table, policyname as name, qual, with_check as check
       from pg_policies where schemaname = any($1) order by 1, 2, 3`,
    [PRODUCT_SCHEMAS],
  );
  for (const p of policies.rows) {
    const reads = [...timeReads(p.qual ?? ''), ...timeReads(p.check ?? '')];
    if (reads.length === 0) continue;
    const using = p.qual ? ` using (${rewriteTimeReads(p.qual)})` : '';
    const check = p.check ? ` with check (${rewriteTimeReads(p.check)})` : '';
    found.push({
      kind: 'policy',
      name: `${p.schema}.${p.table}: ${p.name}`,
      reads: reads.map((r) => r.text),
      rewrite: `alter policy ${ident(p.name)} on ${ident(p.schema)}.${ident(p.table)}${using}${check};`,
    });
  }

  const triggers = await db.query<{ schema: string; table: string; name: string; def: string }>(
    `select n.nspname as schema, c.relname as table, t.tgname as name, pg_get_triggerdef(t.oid) as def
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and not t.tgisinternal and t.tgqual is not null order by 1, 2, 3`,
    [PRODUCT_SCHEMAS],
  );
  for (const t of triggers.rows) {
    const reads = timeReads(t.def);
    if (reads.length === 0) continue;
    found.push({
      kind: 'trigger',
      name: `${t.schema}.${t.table}: ${t.name}`,
      reads: reads.map((r) => r.text),
      rewrite: `drop trigger ${ident(t.name)} on ${ident(t.schema)}.${ident(t.table)};\n${rewriteTimeReads(t.def)};`,
    });
  }
  return found;
}

const ident = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`);
