// Supabase realtime filters: `column=op.value`, op one of eq neq lt lte gt gte in.
export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface Filter {
  column: string;
  op: FilterOp;
  values: string[];
}

const OPS = new Set<FilterOp>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

/** Parses a filter string; throws an Error with a readable message if it is malformed. */
export function parseFilter(text: string): Filter {
  const match = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(text);
  if (!match) throw new Error(`invalid filter "${text}": expected column=op.value`);
  const [, column, op, raw] = match as unknown as [string, string, string, string];
  if (!OPS.has(op as FilterOp)) throw new Error(`invalid filter operator "${op}" in "${text}"`);
  if (op === 'in') {
    const list = /^\((.*)\)$/s.exec(raw);
    if (!list) throw new Error(`invalid filter "${text}": in expects a list like in.(a,b)`);
    const values = splitList(list[1]!);
    return { column: column.trim(), op: 'in', values };
  }
  return { column: column.trim(), op: op as FilterOp, values: [raw] };
}

function splitList(text: string): string[] {
  // Values may be double-quoted to contain commas: in.("a,b",c)
  const values: string[] = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|([^,]*))\s*(?:,|$)/gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < text.length && (m = re.exec(text)) !== null) {
    values.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!.trim());
    if (m[0] === '') break;
  }
  return values;
}

const NUMERIC_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

/** True when the record's value for the filter column satisfies the filter. */
export function matchesFilter(
  filter: Filter,
  record: Record<string, unknown>,
  columnType: string | undefined,
): boolean {
  const value = record[filter.column];
  if (value === null || value === undefined) return filter.op === 'neq';
  const numeric = columnType !== undefined && NUMERIC_TYPES.has(columnType);
  const compare = (wanted: string): number => {
    if (numeric) {
      const a = Number(value);
      const b = Number(wanted);
      return a === b ? 0 : a < b ? -1 : 1;
    }
    const a = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return a === wanted ? 0 : a < wanted ? -1 : 1;
  };
  switch (filter.op) {
    case 'eq':
      return compare(filter.values[0]!) === 0;
    case 'neq':
      return compare(filter.values[0]!) !== 0;
    case 'lt':
      return compare(filter.values[0]!) < 0;
    case 'lte':
      return compare(filter.values[0]!) <= 0;
    case 'gt':
      return compare(filter.values[0]!) > 0;
    case 'gte':
      return compare(filter.values[0]!) >= 0;
    case 'in':
      return filter.values.some((v) => compare(v) === 0);
  }
}
