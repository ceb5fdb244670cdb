// app.attendance_days: the one definition of expected, present, late and absent, checked day by
// day against a hand-written week, and scoped to the caller's role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, buildAttendanceWeek, FROM, TO, type FixturePerson } from './attendance-fixture.ts';
import { createOrg, type Org } from './org.ts';

let org: Org;
let people: FixturePerson[];
beforeAll(async () => {
  org = await createOrg();
  people = await buildAttendanceWeek(org);
});
afterAll(() => org?.stop());

interface DayRow {
  employee_id: string;
  day: string;
  expected: boolean;
  present: boolean;
  late: boolean;
  absent: boolean;
  hours: string;
  open_record: boolean;
  scheduled_hours: string;
  overtime_hours: string;
}

const QUERY = `select employee_id, to_char(day, 'YYYY-MM-DD') as day, expected, present, late, absent,
  hours::text, open_record, scheduled_hours::text, overtime_hours::text
  from app.attendance_days($1, $2, $3, $4, $5) order by employee_id, day`;

const days = (
  userId: string | null,
  filters: { departments?: string[]; site?: string; employees?: string[] } = {},
) =>
  asUser<DayRow>(org, userId, QUERY, [
    FROM,
    TO,
    filters.departments ?? null,
    filters.site ?? null,
    filters.employees ?? null,
  ]);

describe('app.attendance_days', () => {
  it('says, for every person and day, what a person would write down by hand', async () => {
    const rows = await days(org.admin.userId, { employees: people.map((p) => p.id) });
    const got = rows.map((r) => ({
      ...r,
      hours: Number(r.hours),
      scheduled_hours: Number(r.scheduled_hours),
      overtime_hours: Number(r.overtime_hours),
    }));
    const want = people
      .flatMap((p) =>
        Object.entries(p.days).map(([day, t]) => ({
          employee_id: p.id,
          day,
          expected: t.expected,
          present: t.present,
          late: t.late,
          absent: t.expected && !t.present,
          hours: t.hours,
          open_record: t.open,
          scheduled_hours: t.planned,
          overtime_hours: Math.max(t.hours - t.planned, 0),
        })),
      )
      .sort((a, b) => (a.employee_id + a.day < b.employee_id + b.day ? -1 : 1));
    expect(got).toEqual(want);
  });

  it('gives a manager their team and themselves, an employee themselves, a kiosk and anonymous nobody', async () => {
    const who = async (userId: string | null) =>
      [...new Set((await days(userId)).map((r) => r.employee_id))].sort();
    const byKey = (...keys: string[]) =>
      people
        .filter((p) => keys.includes(p.key))
        .map((p) => p.id)
        .sort();
    expect(await who(org.manager.userId)).toEqual(byKey('manager', 'employee', 'night', 'bf'));
    expect(await who(org.employee.userId)).toEqual([org.employee.employeeId]);
    expect(await who(org.kioskUs.userId)).toEqual([]);
    // HR sees everyone (the archived person too, for the days they were employed); kiosks are never staff.
    const everyone = await who(org.hr.userId);
    expect(everyone).toEqual(expect.arrayContaining(people.map((p) => p.id)));
    expect(everyone).not.toContain(org.kioskUs.employeeId);
    await expect(days(null)).rejects.toThrow(/permission denied/);
  });

  it('honours the department, site and employee filters inside the caller scope', async () => {
    const ids = async (userId: string, filters: Parameters<typeof days>[1]) =>
      [...new Set((await days(userId, filters)).map((r) => r.employee_id))].sort();
    const fixtureIds = people.map((p) => p.id);
    expect(await ids(org.admin.userId, { site: org.sites.bf })).toEqual([org.bfEmployee.employeeId]);
    expect(
      await ids(org.admin.userId, { departments: [org.departments.operations], employees: fixtureIds }),
    ).toEqual(
      people
        .filter((p) => p.key === 'joiner' || p.key === 'archived')
        .map((p) => p.id)
        .sort(),
    );
    // A manager asking for another department gets nothing from it.
    expect(await ids(org.manager.userId, { departments: [org.departments.operations] })).toEqual([]);
    // An employee asking for someone else gets nothing.
    expect(await ids(org.employee.userId, { employees: [org.manager.employeeId] })).toEqual([]);
  });

  it('aggregates a year of the organisation in one statement', async () => {
    const rows = await asUser<{ n: string; expected: string }>(
      org,
      org.admin.userId,
      `select count(*)::text as n, count(*) filter (where expected)::text as expected
       from app.attendance_days('2026-01-01', '2026-12-31')`,
    );
    // 7 staff (kiosks excluded) × 365 days; none is expected on a day before they joined.
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(7 * 365);
    expect(Number(rows[0]!.expected)).toBeGreaterThan(0);
  });

  it('never counts a day that has not come yet as an absence (it stays scheduled)', async () => {
    const rows = await asUser<{ expected: string; absent: string }>(
      org,
      org.admin.userId,
      `select count(*) filter (where expected)::text as expected, count(*) filter (where absent)::text as absent
       from app.attendance_days(app.today() + 2, app.today() + 15)`,
    );
    expect(Number(rows[0]!.expected)).toBeGreaterThan(0);
    expect(Number(rows[0]!.absent)).toBe(0);
  });
});
