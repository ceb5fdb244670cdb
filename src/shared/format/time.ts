// Times as people read them.

/** A moment as the clock of the site where it happened reads it (the site's time zone), hours and minutes. */
export function siteTime(
  at: string | null | undefined,
  timeZone: string | null | undefined,
  locale: string,
): string {
  if (!at) return '-';
  return new Date(at).toLocaleTimeString(locale, {
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
}
