// The status line of attendance tracking and how the database's refusals map onto it.
import { refusalKey } from '../../features/punch/index.ts';

export type StatusKey = 'idle' | 'checkedIn' | 'checkedOut' | 'notRecognized' | 'alreadyIn' | 'noActive';

export interface Status {
  key: StatusKey;
  name?: string;
}

/** The toast and status line for a refusal of check_in / check_out / manual_entry (null: unexpected). */
export function refusal(error: unknown): { toast: string; status: StatusKey } | null {
  const key = refusalKey(error);
  if (key === 'alreadyIn') return { toast: 'alreadyIn', status: 'alreadyIn' };
  if (key === 'noActive' || key === 'alreadyOut') return { toast: 'noActive', status: 'noActive' };
  if (key === 'notFound') return { toast: 'notRecognized', status: 'notRecognized' };
  return null;
}

/** The status line's colour: a punch done, nothing yet, or a refusal. */
export function statusType(key: StatusKey): 'success' | 'info' | 'error' {
  if (key === 'checkedIn' || key === 'checkedOut') return 'success';
  return key === 'idle' ? 'info' : 'error';
}
