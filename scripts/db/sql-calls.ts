// A small reader of PL/pgSQL source, enough to find the calls of a function and split their
// arguments: string literals ('it''s', E'\n', adjacent literals across a newline), nested
// parentheses, comments. Used by scripts/db/codes.ts and by the test that reads every refusal.

export interface Call {
  /** Offset of the function name's first character. */
  start: number;
  /** Offset just past the closing parenthesis. */
  end: number;
  /** Each argument's source text, trimmed. */
  args: string[];
}

/** Skips a literal or comment starting at i; returns the offset after it, or i when none starts. */
function skipAtom(src: string, i: number): number {
  const c = src[i];
  if (c === "'" || ((c === 'E' || c === 'e') && src[i + 1] === "'" && !/[\w.]/.test(src[i - 1] ?? ''))) {
    let j = c === "'" ? i + 1 : i + 2;
    const escapes = c !== "'";
    for (;;) {
      if (j >= src.length) throw new Error(`unterminated string at ${i}`);
      if (escapes && src[j] === '\\') j += 2;
      else if (src[j] === "'" && src[j + 1] === "'") j += 2;
      else if (src[j] === "'") return j + 1;
      else j += 1;
    }
  }
  if (c === '-' && src[i + 1] === '-') {
    const nl = src.indexOf('\n', i);
    return nl < 0 ? src.length : nl;
  }
  if (c === '/' && src[i + 1] === '*') return src.indexOf('*/', i) + 2;
  if (c === '"') return src.indexOf('"', i + 1) + 1;
  return i;
}

/** The offset of the parenthesis closing the one at `open`, and the top-level comma offsets. */
function matchParen(src: string, open: number): { close: number; commas: number[] } {
  let depth = 0;
  const commas: number[] = [];
  for (let i = open; i < src.length;) {
    const after = skipAtom(src, i);
    if (after !== i) {
      i = after;
      continue;
    }
    const c = src[i];
    if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') {
      depth -= 1;
      if (depth === 0) return { close: i, commas };
    } else if (c === ',' && depth === 1) commas.push(i);
    i += 1;
  }
  throw new Error(`unbalanced parenthesis at ${open}`);
}

/** Every call of `name` (e.g. 'app.refuse') in src, outside strings and comments. */
export function findCalls(src: string, name: string): Call[] {
  const calls: Call[] = [];
  const pattern = new RegExp(`(?<![\\w.])${name.replace('.', '\\.')}\\s*\\(`, 'gi');
  for (let i = 0; i < src.length;) {
    const after = skipAtom(src, i);
    if (after !== i) {
      i = after;
      continue;
    }
    pattern.lastIndex = i;
    const m = pattern.exec(src);
    if (!m) break;
    // Only accept a match with no literal or comment between i and it.
    const between = src.slice(i, m.index);
    if (/['"]|--|\/\*/.test(between)) {
      i += between.search(/['"]|--|\/\*/);
      continue;
    }
    const open = m.index + m[0].length - 1;
    const { close, commas } = matchParen(src, open);
    const bounds = [open, ...commas, close];
    const args = bounds.slice(0, -1).map((b, k) => src.slice(b + 1, bounds[k + 1]).trim());
    calls.push({ start: m.index, end: close + 1, args: args.length === 1 && args[0] === '' ? [] : args });
    i = close + 1;
  }
  return calls;
}

/** The value of a string constant: one literal or adjacent literals separated by a newline; else null. */
export function literalValue(text: string): string | null {
  let value = '';
  let i = 0;
  let first = true;
  const src = text.trim();
  while (i < src.length) {
    const ws = /^\s*/.exec(src.slice(i))![0];
    if (!first && !ws.includes('\n')) return null;
    i += ws.length;
    const e = src[i] === 'E' || src[i] === 'e';
    if (src[e ? i + 1 : i] !== "'") return null;
    const end = skipAtom(src, i);
    const body = src.slice(e ? i + 2 : i + 1, end - 1).replace(/''/g, "'");
    value += e ? body.replace(/\\(.)/g, (_, ch: string) => (ch === 'n' ? '\n' : ch)) : body;
    i = end;
    first = false;
    const rest = /^\s*(::\s*text)?\s*$/.exec(src.slice(i));
    if (rest) return value;
  }
  return first ? null : value;
}

/** The arguments of a format(...) call, when text is exactly one; else null. */
export function formatCall(text: string): string[] | null {
  const calls = findCalls(text, 'format');
  if (calls.length === 0 || calls[0]!.start !== 0 || calls[0]!.end !== text.trim().length) return null;
  return calls[0]!.args;
}

/** A SQL string literal. */
export function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
