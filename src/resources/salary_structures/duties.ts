// Separation of duties as the database applies it (app.salary_decision_blocker): who may not approve
// or reject a salary structure, and why. The screens show it; the database is what enforces it.

/** The refusal codes the database gives (its hints), one per reason. */
export const DECISION_BLOCKERS = [
  'salary_self_approval',
  'salary_creator_approval',
  'salary_editor_approval',
] as const;
export type DecisionBlocker = (typeof DECISION_BLOCKERS)[number];

export const isDecisionBlocker = (code: unknown): code is DecisionBlocker =>
  DECISION_BLOCKERS.includes(code as DecisionBlocker);

export interface DecidedBy {
  employee_id: string;
  created_by: string | null;
  amounts_changed_by: readonly string[] | null;
}

/** Why `me` may not decide the structure (the first reason, in the database's order), or null. */
export function decisionBlocker(structure: DecidedBy, me: string): DecisionBlocker | null {
  if (structure.employee_id === me) return 'salary_self_approval';
  if (structure.created_by === me) return 'salary_creator_approval';
  if ((structure.amounts_changed_by ?? []).includes(me)) return 'salary_editor_approval';
  return null;
}
