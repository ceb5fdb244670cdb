// The status line of attendance tracking and how the database's refusals map onto it.
export type StatusKey = 'idle' | 'checkedIn' | 'checkedOut' | 'notRecognized' | 'alreadyIn' | 'noActive';

export interface Status {
  key: StatusKey;
  name?: string;
}

/** The toast and status line for a refusal code of check_in / check_out / manual_entry (null: unexpected). */
export function refusal(message: string): { toast: string; status: StatusKey } | null {
  if (message === 'punch.already_checked_in') return { toast: 'alreadyIn', status: 'alreadyIn' };
  if (message === 'punch.no_active_check_in' || message === 'punch.already_checked_out')
    return { toast: 'noActive', status: 'noActive' };
  if (message === 'employee.not_found' || message.includes('invalid input syntax'))
    return { toast: 'notRecognized', status: 'notRecognized' };
  return null;
}

/** The status line's colour: a punch done, nothing yet, or a refusal. */
export function statusType(key: StatusKey): 'success' | 'info' | 'error' {
  if (key === 'checkedIn' || key === 'checkedOut') return 'success';
  return key === 'idle' ? 'info' : 'error';
}
