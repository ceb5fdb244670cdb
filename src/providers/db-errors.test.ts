import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import texts from '../i18n/features/domains.ts';
import { dbErrorText, parseCheckViolation } from './db-errors.ts';

// A t() over the domains texts, with {{x}} interpolation, returning the key when it has no text.
const t = ((key: string, params: Record<string, unknown> = {}) => {
  const path = key.replace(/^domains\./, '').split('.');
  let node: unknown = texts.en;
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}) as unknown as TFunction;

describe('parseCheckViolation', () => {
  it('reads table, column and kind from a 23514 message', () => {
    expect(
      parseCheckViolation(
        'new row for relation "employees" violates check constraint "employees_first_name_length"',
      ),
    ).toEqual({ table: 'employees', column: 'first_name', kind: 'length' });
    expect(
      parseCheckViolation(
        'new row for relation "salary_structures" violates check constraint "salary_structures_basic_salary_range"',
      ),
    ).toEqual({ table: 'salary_structures', column: 'basic_salary', kind: 'range' });
    expect(parseCheckViolation('new row violates check constraint "check_out_after_check_in"')).toBeNull();
  });
});

describe('dbErrorText', () => {
  it('names the field and the bound of a text that is too long', () => {
    expect(
      dbErrorText(
        t,
        'new row for relation "notifications" violates check constraint "notifications_message_length"',
      ),
    ).toBe('Message is too long: at most 2000 characters');
  });

  it('says which amount is out of its limits, and the date window', () => {
    expect(
      dbErrorText(t, 'new row for relation "employees" violates check constraint "employees_salary_range"'),
    ).toBe('Salary must be a number within its limits (not NaN or infinity)');
    expect(
      dbErrorText(t, 'new row for relation "holidays" violates check constraint "holidays_date_window"'),
    ).toBe('Dates must be between 2000-01-01 and 2100-12-31');
  });

  it('translates the validation triggers’ refusals with their figures', () => {
    expect(dbErrorText(t, 'An attendance record lasts at most 30 hours')).toBe(
      'An attendance record lasts at most 30 hours',
    );
    expect(
      dbErrorText(
        t,
        'Missed check-out: the check-in of 2026-03-02 is more than 24 hours old; ask a manager to correct it',
      ),
    ).toBe(
      'Missed check-out: the check-in of 2026-03-02 is more than 24 hours old; ask a manager to correct it',
    );
    expect(dbErrorText(t, 'Unknown allowance "bonus": this rule set pays house_rent')).toBe(
      'Unknown allowance "bonus"',
    );
  });

  it('leaves other errors to the caller', () => {
    expect(dbErrorText(t, 'Failed to fetch')).toBeNull();
    expect(dbErrorText(t, undefined)).toBeNull();
  });
});
