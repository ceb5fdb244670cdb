// The employee portal's rules, without data access: which punch buttons are enabled, and what the
// Manual Attendance box accepts.

/** What the buttons need of a record. */
export interface PunchedDay {
  date: string;
  check_out: string | null;
}

/** The employee portal's button rules (the spec): Check In disabled once there is a check-in today;
 * Check Out disabled until there is a check-in and after a check-out. A check-in left open on an
 * earlier day still counts as checked in: Check Out closes it, Check In would be refused. */
export function buttonStates(
  records: readonly PunchedDay[],
  today: string,
): { canCheckIn: boolean; canCheckOut: boolean; openSince: string | null } {
  const open = records.find((r) => !r.check_out);
  if (open) return { canCheckIn: false, canCheckOut: true, openSince: open.date < today ? open.date : null };
  const latestToday = records.find((r) => r.date === today);
  return { canCheckIn: !latestToday, canCheckOut: false, openSince: null };
}

/** The Manual Attendance box: one's own employee ID or e-mail (any case, spaces around ignored). */
export function isOwnId(typed: string, me: { employeeId: string; email: string }): boolean {
  const value = typed.trim().toLowerCase();
  return value !== '' && (value === me.employeeId.toLowerCase() || value === me.email.toLowerCase());
}

/** An employee ID's shape (a UUID): what the box sends to the database when it is not one's own. */
export function looksLikeId(typed: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(typed.trim());
}
