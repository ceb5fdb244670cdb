import { describe, expect, it } from 'vitest';
import punchEn from '../../i18n/locales/en/punch.json';
import punchFr from '../../i18n/locales/fr/punch.json';
import { PUNCH_MESSAGES, punchErrorKey, punchErrorLine, punchErrorToast } from './punchErrors.ts';

// Every code the database can raise has a text in errors.ts (tests/integration/product/error-codes.test.ts);
// the punch codes have their screens' texts here.
const refusal = (code: string) => ({ message: code, code: 'P0001', details: '{}' });

describe('punch refusals', () => {
  it('has a text, in English and French, for every punch refusal code', () => {
    for (const key of Object.values(PUNCH_MESSAGES)) {
      expect(punchEn.errors[key]).toBeTruthy();
      expect(punchFr.errors[key]).toBeTruthy();
    }
  });

  it('keeps the spec wording in English', () => {
    expect(punchEn.errors[PUNCH_MESSAGES['punch.already_checked_in']]).toBe('Already Checked In');
    expect(punchEn.errors[PUNCH_MESSAGES['punch.no_active_check_in']]).toBe('No Active Check-In');
    expect(punchEn.details.alreadyIn).toBe('Employee must check out before checking in again.');
    expect(punchEn.details.noActive).toBe('No active check-in found');
  });

  it('turns a refusal into its translated toast, and an unknown failure into the generic one', () => {
    const t = ((key: string) => `<${key}>`) as never;
    expect(punchErrorToast(t, refusal('punch.already_checked_in'))).toEqual({
      message: '<punch.errors.alreadyIn>',
      description: '<punch.details.alreadyIn>',
    });
    expect(punchErrorToast(t, refusal('employee.not_found'))).toEqual({ message: '<punch.errors.notFound>' });
    expect(punchErrorKey('invalid input syntax for type uuid: "x"')).toBe('notFound');
    expect(punchErrorToast(t, refusal('attendance.too_long'))).toEqual({
      message: '<errors.attendance.too_long>',
    });
    expect(punchErrorToast(t, { name: 'TypeError', message: 'Failed to fetch' } as never)).toEqual({
      message: '<punch.failed>',
      description: '<errors.network.unreachable>',
    });
  });
});

describe('punchErrorLine', () => {
  it('reads a refusal in one translated line, and describes an unknown failure by its code', () => {
    const t = ((key: string) => `<${key}>`) as never;
    expect(punchErrorLine(t, refusal('punch.no_active_check_in'))).toBe(
      '<punch.errors.noActive>: <punch.details.noActive>',
    );
    expect(punchErrorLine(t, refusal('employee.no_site'))).toBe('<punch.errors.noSite>');
    expect(punchErrorLine(t, { message: 'Failed to fetch' })).toBe('<errors.db.unknown>');
  });
});
