import { describe, expect, it } from 'vitest';
import { refusal, statusType } from './status.ts';

describe('attendance tracking status', () => {
  it("maps the database's refusals onto the spec's messages", () => {
    expect(refusal('punch.already_checked_in')).toEqual({ toast: 'alreadyIn', status: 'alreadyIn' });
    expect(refusal('punch.no_active_check_in')).toEqual({ toast: 'noActive', status: 'noActive' });
    expect(refusal('punch.already_checked_out')).toEqual({ toast: 'noActive', status: 'noActive' });
    expect(refusal('employee.not_found')).toEqual({ toast: 'notRecognized', status: 'notRecognized' });
    expect(refusal('invalid input syntax for type uuid: "x"')?.status).toBe('notRecognized');
    expect(refusal('permission denied')).toBeNull();
  });
  it('colours the status line', () => {
    expect(statusType('checkedIn')).toBe('success');
    expect(statusType('checkedOut')).toBe('success');
    expect(statusType('idle')).toBe('info');
    expect(statusType('alreadyIn')).toBe('error');
  });
});
