import { describe, expect, it } from 'vitest';
import { DbError } from '../../data/errors.ts';
import { wordedRefusal } from './refusals.ts';

describe('the salary workflow’s worded refusals', () => {
  it('are found by their code, never by an English message', () => {
    const worded = {
      title: 'salary.status.approvalRequired',
      detail: 'salary.status.approvalRequiredDetail',
    };
    expect(wordedRefusal(new DbError('salary.approval_required'))).toEqual(worded);
    expect(wordedRefusal(new DbError('db.unknown', {}, 'P0001', 'Approval Required'))).toBeNull();
    expect(wordedRefusal(new DbError('salary.paid_not_deletable'))).toEqual({
      title: 'salary.actions.deleteRefused',
      detail: undefined,
    });
  });

  it('give a separation-of-duties refusal its reason, and nothing for any other failure', () => {
    expect(wordedRefusal(new DbError('salary.creator_approval'))).toEqual({
      detail: 'salaryDuties.reasons.salary_creator_approval',
    });
    expect(wordedRefusal(new DbError('db.timeout'))).toBeNull();
  });
});
