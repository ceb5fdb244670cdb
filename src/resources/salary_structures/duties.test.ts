import { describe, expect, it } from 'vitest';
import { decisionBlocker, isDecisionBlocker } from './duties.ts';

const ME = 'a0000000-0000-0000-0000-000000000001';
const OTHER = 'b0000000-0000-0000-0000-000000000002';

describe('decisionBlocker', () => {
  it('lets a person decide what someone else proposed for someone else and never changed', () => {
    expect(
      decisionBlocker({ employee_id: OTHER, created_by: OTHER, amounts_changed_by: [OTHER] }, ME),
    ).toBeNull();
    expect(
      decisionBlocker({ employee_id: OTHER, created_by: null, amounts_changed_by: null }, ME),
    ).toBeNull();
  });

  it('gives the database’s reason, their own salary first, then created, then changed', () => {
    expect(decisionBlocker({ employee_id: ME, created_by: ME, amounts_changed_by: [ME] }, ME)).toBe(
      'salary_self_approval',
    );
    expect(decisionBlocker({ employee_id: OTHER, created_by: ME, amounts_changed_by: [ME] }, ME)).toBe(
      'salary_creator_approval',
    );
    expect(
      decisionBlocker({ employee_id: OTHER, created_by: OTHER, amounts_changed_by: [OTHER, ME] }, ME),
    ).toBe('salary_editor_approval');
  });

  it('recognises the refusal codes and nothing else', () => {
    expect(isDecisionBlocker('salary_editor_approval')).toBe(true);
    expect(isDecisionBlocker('mfa_required')).toBe(false);
    expect(isDecisionBlocker(null)).toBe(false);
  });
});
