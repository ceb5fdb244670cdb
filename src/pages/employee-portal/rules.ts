// The employee portal's rules, without data access: which punch buttons are enabled, and what the
// Manual Attendance box accepts.

// The buttons' rules are the punch feature's, shared with the attendance page's Manual Entry.
export { buttonStates, type PunchedDay } from '../../features/punch/index.ts';

/** The Manual Attendance box: one's own employee ID or e-mail (any case, spaces around ignored). */
export function isOwnId(typed: string, me: { employeeId: string; email: string }): boolean {
  const value = typed.trim().toLowerCase();
  return value !== '' && (value === me.employeeId.toLowerCase() || value === me.email.toLowerCase());
}

/** An employee ID's shape (a UUID): what the box sends to the database when it is not one's own. */
export function looksLikeId(typed: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(typed.trim());
}
