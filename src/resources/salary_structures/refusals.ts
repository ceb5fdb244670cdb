// The salary workflow's refusals the spec words with a title and a detail of their own (e.g.
// 'Approval Required' / 'Salary must be approved before payment processing'), and the separation
// of duties' reasons: the screen's texts for them, found by the refusal's code.
import { toDbError } from '../../data/errors.ts';

const WORDED: ReadonlyArray<[code: string, title: string, detail: string]> = [
  ['salary.approval_required', 'salary.status.approvalRequired', 'salary.status.approvalRequiredDetail'],
  ['salary.none_pending', 'salary.noPending', 'salary.noPendingDetail'],
  ['salary.select_employees', 'salary.form.selectEmployees', 'salary.form.selectEmployeesDetail'],
  ['salary.paid_not_deletable', 'salary.actions.deleteRefused', ''],
];

const DUTIES: ReadonlyArray<[code: string, reason: string]> = [
  ['salary.self_approval', 'salary_self_approval'],
  ['salary.creator_approval', 'salary_creator_approval'],
  ['salary.editor_approval', 'salary_editor_approval'],
];

/** The i18n keys of the title and detail (or the duty reason as the detail) of a worded refusal. */
export function wordedRefusal(error: unknown): { title?: string; detail?: string } | null {
  const e = toDbError(error);
  const worded = WORDED.find(([code]) => e.code === code);
  if (worded) return { title: worded[1], detail: worded[2] || undefined };
  const duty = DUTIES.find(([code]) => e.code === code);
  return duty ? { detail: `salaryDuties.reasons.${duty[1]}` } : null;
}
