// The stat cards' change badges: today against the same weekday a week ago.

/** A percentage change as the badge shows it: '+12.5%', '-3%', or null when there is nothing to compare. */
export function formatChange(change: number | null | undefined): string | null {
  if (change === null || change === undefined || !Number.isFinite(change)) return null;
  const rounded = Math.round(change * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/** Today against the same weekday a week ago, in percent (null when last week had nothing). */
export function changePercent(today: number, lastWeek: number): number | null {
  if (!lastWeek) return null;
  return Math.round((1000 * (today - lastWeek)) / lastWeek) / 10;
}
