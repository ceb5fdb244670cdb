// Which punch buttons a person's records allow, without data access: the employee portal's buttons
// and the attendance page's Manual Entry follow the same rules (the spec's portal buttons).

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
