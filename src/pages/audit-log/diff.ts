// An audit row's diff as lines a person can read: {"field": {"old": a, "new": b}} is a change
// (old → new); any other value is a field recorded as it was (a creation, a deletion, an enrolment).
export interface DiffLine {
  field: string;
  old?: string;
  new?: string;
  value?: string;
  changed: boolean;
}

const show = (value: unknown): string =>
  value === null || value === undefined ? '∅' : typeof value === 'string' ? value : JSON.stringify(value);

const isChange = (value: unknown): value is { old: unknown; new: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 2 &&
  'old' in value &&
  'new' in value;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function diffLines(diff: unknown): DiffLine[] {
  if (!isObject(diff)) return [];
  // A whole row's old and new values ({"old": {...}, "new": {...}}): the fields that differ.
  if (isChange(diff) && (isObject(diff.old) || isObject(diff.new))) {
    const before = isObject(diff.old) ? diff.old : {};
    const after = isObject(diff.new) ? diff.new : {};
    return [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .sort()
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => ({ field, old: show(before[field]), new: show(after[field]), changed: true }));
  }
  return Object.entries(diff as Record<string, unknown>)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([field, value]) =>
      isChange(value)
        ? { field, old: show(value.old), new: show(value.new), changed: true }
        : { field, value: show(value), changed: false },
    );
}
