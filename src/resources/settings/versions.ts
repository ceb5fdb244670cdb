// A payroll rule set's dated versions: which one is in force on a day, which are scheduled.
export interface Version {
  rule_set: string;
  /** 'YYYY-MM-DD' */
  effective_from: string;
}

export type VersionState = 'inForce' | 'scheduled' | 'superseded';

/** Per version: in force (the latest effective today), scheduled (later) or superseded (earlier). */
export function versionStates(rows: readonly Version[], today: string) {
  const inForce = new Map<string, string>();
  for (const r of rows) {
    const best = inForce.get(r.rule_set);
    if (r.effective_from <= today && (!best || r.effective_from > best))
      inForce.set(r.rule_set, r.effective_from);
  }
  return (r: Version): VersionState =>
    r.effective_from > today
      ? 'scheduled'
      : r.effective_from === inForce.get(r.rule_set)
        ? 'inForce'
        : 'superseded';
}
