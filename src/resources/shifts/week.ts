// Pure shift logic for the shifts screen: the form's missing fields, the week view's segments
// (a night shift ends the next day: it is split at midnight) and the search.
export const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type Day = (typeof DAYS)[number];

export interface ShiftRow {
  id: string;
  name: string;
  site_id: string | null;
  start_time: string;
  end_time: string;
  break_duration: number;
  days_of_week: string[];
  employees: { id: string; name: string }[];
}

export interface ShiftDraft {
  name?: string | null;
  start_time?: string | null;
  end_time?: string | null;
  days_of_week?: string[] | null;
}

export type MissingField = 'name' | 'start' | 'end' | 'days';

/** What a shift still needs before it can be saved (the database refuses the same). */
export function missingFields(draft: ShiftDraft): MissingField[] {
  const missing: MissingField[] = [];
  if (!draft.name?.trim()) missing.push('name');
  if (!draft.start_time) missing.push('start');
  if (!draft.end_time) missing.push('end');
  if (!draft.days_of_week?.length) missing.push('days');
  return missing;
}

/** 'HH:MM:SS' or 'HH:MM' → 'HH:MM'. */
export const hhmm = (time: string) => time.slice(0, 5);

/** A shift ending at or before its start ends the next day. */
export const crossesMidnight = (start: string, end: string) => hhmm(end) <= hhmm(start);

export interface Segment {
  shift: ShiftRow;
  day: Day;
  from: string;
  to: string;
  /** This segment is the morning part of a night shift that started the day before. */
  continued: boolean;
}

/** Each day's time on site for every shift: a night shift gives 22:00–24:00 and 00:00–06:00 the next day. */
export function weekSegments(shifts: ShiftRow[]): Record<Day, Segment[]> {
  const week = Object.fromEntries(DAYS.map((d) => [d, [] as Segment[]])) as Record<Day, Segment[]>;
  for (const shift of shifts) {
    const night = crossesMidnight(shift.start_time, shift.end_time);
    for (const day of shift.days_of_week) {
      const index = DAYS.indexOf(day as Day);
      if (index < 0) continue;
      week[DAYS[index]!].push({
        shift,
        day: DAYS[index]!,
        from: hhmm(shift.start_time),
        to: night ? '24:00' : hhmm(shift.end_time),
        continued: false,
      });
      if (night && hhmm(shift.end_time) !== '00:00') {
        const next = DAYS[(index + 1) % 7]!;
        week[next].push({ shift, day: next, from: '00:00', to: hhmm(shift.end_time), continued: true });
      }
    }
  }
  for (const day of DAYS)
    week[day].sort((a, b) => a.from.localeCompare(b.from) || a.shift.name.localeCompare(b.shift.name));
  return week;
}

/** Shifts whose name or one of whose employees' names contains the query (case and accents ignored). */
export function searchShifts(shifts: ShiftRow[], query: string): ShiftRow[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const q = fold(query.trim());
  if (!q) return shifts;
  return shifts.filter((s) => fold(s.name).includes(q) || s.employees.some((e) => fold(e.name).includes(q)));
}
