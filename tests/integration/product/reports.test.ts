// The four report functions of /reports, checked against an independent computation over the
// hand-written week of attendance-fixture.ts (a holiday, a night shift, a late arrival, a missed
// check-out, a joiner and an archived employee), through PostgREST as each role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAttendanceWeek, DAYS, FROM, TO, type FixturePerson } from './attendance-fixture.ts';
import { createOrg, type Account, type Org } from './org.ts';

let org: Org;
let people: FixturePerson[];
beforeAll(async () => {
  org = await createOrg();
  people = await buildAttendanceWeek(org);
});
afterAll(() => org?.stop());

type ReportName = 'report_summary' | 'report_daily' | 'report_employees' | 'report_monthly';

async function report<T>(
  who: Account,
  name: ReportName,
  args: { from?: string; to?: string; site?: string; departments?: string[] } = {},
): Promise<T[]> {
  const { data, error } = await who.supabase.rpc(name, {
    p_from: args.from ?? FROM,
    p_to: args.to ?? TO,
    p_site_id: args.site ?? null,
    p_department_ids: args.departments ?? null,
  });
  if (error) throw new Error(error.message);
  return data as T[];
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const rate = (part: number, whole: number) => (whole === 0 ? 0 : round((100 * part) / whole, 1));
const overtime = (t: { hours: number; planned: number }) => Math.max(t.hours - t.planned, 0);

/** The truth of a set of people over the fixture week, computed in plain JavaScript. */
function totals(who: FixturePerson[], days: string[] = DAYS) {
  const all = who.flatMap((p) => days.map((d) => p.days[d]!));
  const expected = all.filter((t) => t.expected).length;
  const present = all.filter((t) => t.present).length;
  return {
    expected,
    present,
    presentExpected: all.filter((t) => t.expected && t.present).length,
    late: all.filter((t) => t.late).length,
    absent: all.filter((t) => t.expected && !t.present).length,
    hours: round(
      all.reduce((s, t) => s + t.hours, 0),
      2,
    ),
    overtime: round(
      all.reduce((s, t) => s + overtime(t), 0),
      2,
    ),
    open: all.filter((t) => t.open).length,
  };
}

describe('report_summary', () => {
  it('gives each measure of the week against the week before', async () => {
    const rows = await report<{
      measure: string;
      current_value: number;
      previous_value: number;
      change_percent: number | null;
    }>(org.admin, 'report_summary');
    const t = totals(people);
    const current = Object.fromEntries(rows.map((r) => [r.measure, r.current_value]));
    expect(current).toEqual({
      // Everyone of the fixture worked here at least one day of the week (the org's other
      // accounts were created today, long after the week).
      headcount: people.length,
      attendance_rate: rate(t.presentExpected, t.expected),
      average_hours: round(t.hours / t.present, 2),
      late_days: t.late,
      absences: t.absent,
      overtime_hours: t.overtime,
      missed_checkouts: t.open,
    });
    // The week before (Mon 31 Aug … Sun 6 Sep, no holiday, no record): the joiner was not there
    // yet; four people without a shift work Monday to Friday, the night worker Monday to Thursday.
    const previous = Object.fromEntries(rows.map((r) => [r.measure, r.previous_value]));
    expect(previous).toEqual({
      headcount: people.length - 1,
      attendance_rate: 0,
      average_hours: 0,
      late_days: 0,
      absences: 4 * 5 + 4,
      overtime_hours: 0,
      missed_checkouts: 0,
    });
    const absences = rows.find((r) => r.measure === 'absences')!;
    expect(absences.change_percent).toBe(round((100 * (t.absent - 24)) / 24, 1));
    expect(rows.find((r) => r.measure === 'late_days')!.change_percent).toBeNull();
  });
});

describe('report_daily', () => {
  it('gives Date, Present, Absent, Late, Total and Rate for every day', async () => {
    const rows = await report<{
      day: string;
      present: number;
      absent: number;
      late: number;
      total: number;
      rate: number;
    }>(org.admin, 'report_daily');
    expect(rows).toEqual(
      DAYS.map((day) => {
        const t = totals(people, [day]);
        return {
          day,
          present: t.present,
          absent: t.absent,
          late: t.late,
          total: t.expected,
          rate: rate(t.presentExpected, t.expected),
        };
      }),
    );
    // Labor Day: only Burkina Faso works; Saturday: only the joiner's unplanned hours.
    expect(rows[0]).toMatchObject({ total: 1, present: 1, rate: 100 });
    expect(rows[5]).toMatchObject({ total: 0, present: 1, rate: 0 });
  });
});

describe('report_employees', () => {
  it('gives each person their days, hours, overtime and punctuality, best first', async () => {
    const rows = await report<{
      employee_id: string;
      employee_name: string;
      department_name: string;
      expected_days: number;
      present_days: number;
      late_days: number;
      absent_days: number;
      hours: number;
      overtime_hours: number;
      attendance_rate: number;
      punctuality_rate: number;
      rank: number;
    }>(org.admin, 'report_employees');
    expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
    const got = Object.fromEntries(rows.map(({ employee_id, rank: _rank, ...r }) => [employee_id, r]));
    const want = Object.fromEntries(
      people.map((p) => {
        const t = totals([p]);
        return [
          p.id,
          {
            employee_name: p.name,
            department_name: p.departmentId === org.departments.engineering ? 'Engineering' : 'Operations',
            site_name: p.siteId === org.sites.us ? 'Chicago' : 'Ouagadougou',
            expected_days: t.expected,
            present_days: t.present,
            late_days: t.late,
            absent_days: t.absent,
            hours: t.hours,
            overtime_hours: t.overtime,
            attendance_rate: rate(t.presentExpected, t.expected),
            punctuality_rate: rate(t.present - t.late, t.present),
          },
        ];
      }),
    );
    expect(got).toEqual(want);
    const ranked = [...rows].sort(
      (a, b) =>
        b.attendance_rate - a.attendance_rate || b.punctuality_rate - a.punctuality_rate || b.hours - a.hours,
    );
    expect(ranked.map((r) => r.attendance_rate)).toEqual(rows.map((r) => r.attendance_rate));
    // The manager never came: last.
    expect(rows.at(-1)!.employee_id).toBe(org.manager.employeeId);
  });
});

describe('report_monthly', () => {
  it('gives per month and department the rate, hours and lateness', async () => {
    const rows = await report<{
      month: string;
      department_name: string;
      expected_days: number;
      present_days: number;
      attendance_rate: number;
      hours: number;
      late_days: number;
    }>(org.admin, 'report_monthly');
    const dept = (id: string) => totals(people.filter((p) => p.departmentId === id));
    const eng = dept(org.departments.engineering);
    const ops = dept(org.departments.operations);
    expect(
      rows.map((r) => ({
        month: r.month,
        department_name: r.department_name,
        expected_days: r.expected_days,
        present_days: r.present_days,
        attendance_rate: r.attendance_rate,
        hours: r.hours,
        late_days: r.late_days,
      })),
    ).toEqual([
      {
        month: '2026-09-01',
        department_name: 'Engineering',
        expected_days: eng.expected,
        present_days: eng.present,
        attendance_rate: rate(eng.presentExpected, eng.expected),
        hours: eng.hours,
        late_days: eng.late,
      },
      {
        month: '2026-09-01',
        department_name: 'Operations',
        expected_days: ops.expected,
        present_days: ops.present,
        attendance_rate: rate(ops.presentExpected, ops.expected),
        hours: ops.hours,
        late_days: ops.late,
      },
    ]);
  });

  it('splits a period across months', async () => {
    const rows = await report<{ month: string }>(org.admin, 'report_monthly', {
      from: '2026-08-31',
      to: TO,
    });
    expect([...new Set(rows.map((r) => r.month))]).toEqual(['2026-08-01', '2026-09-01']);
  });
});

describe('scope and filters', () => {
  const ids = async (who: Account, args: Parameters<typeof report>[2] = {}) =>
    (await report<{ employee_id: string }>(who, 'report_employees', args)).map((r) => r.employee_id).sort();
  const byKey = (...keys: string[]) =>
    people
      .filter((p) => keys.includes(p.key))
      .map((p) => p.id)
      .sort();

  it('gives admin and HR everyone, a manager their team, an employee themselves, a kiosk nobody', async () => {
    expect(await ids(org.admin)).toEqual(people.map((p) => p.id).sort());
    expect(await ids(org.hr)).toEqual(people.map((p) => p.id).sort());
    expect(await ids(org.manager)).toEqual(byKey('manager', 'employee', 'night', 'bf'));
    expect(await ids(org.employee)).toEqual([org.employee.employeeId]);
    expect(await ids(org.kioskUs)).toEqual([]);

    // The same scope in every report: the manager's daily totals are their team's.
    const team = people.filter((p) => ['manager', 'employee', 'night', 'bf'].includes(p.key));
    const daily = await report<{ total: number; present: number }>(org.manager, 'report_daily');
    expect(daily.map((r) => r.total)).toEqual(DAYS.map((d) => totals(team, [d]).expected));
    const mine = await report<{ measure: string; current_value: number }>(org.employee, 'report_summary');
    const me = totals(people.filter((p) => p.key === 'employee'));
    expect(mine.find((r) => r.measure === 'absences')!.current_value).toBe(me.absent);
    expect(mine.find((r) => r.measure === 'headcount')!.current_value).toBe(1);

    const { error } = await org.anon.rpc('report_summary', { p_from: FROM, p_to: TO });
    expect(error?.message).toMatch(/permission denied/);
  });

  it('narrows by site and department inside the scope', async () => {
    expect(await ids(org.admin, { site: org.sites.bf })).toEqual([org.bfEmployee.employeeId]);
    expect(await ids(org.admin, { departments: [org.departments.operations] })).toEqual(
      byKey('joiner', 'archived'),
    );
    expect(await ids(org.manager, { departments: [org.departments.operations] })).toEqual([]);
  });

  it('refuses bad date ranges with a clear message', async () => {
    for (const name of ['report_summary', 'report_daily', 'report_employees', 'report_monthly'] as const) {
      await expect(report(org.admin, name, { from: TO, to: FROM })).rejects.toThrow(
        'report.end_before_start',
      );
      await expect(report(org.admin, name, { from: '2020-01-01', to: '2025-01-02' })).rejects.toThrow(
        'report.too_long',
      );
    }
    // Exactly five years is allowed.
    await expect(
      report(org.admin, 'report_summary', { from: '2021-01-01', to: '2026-01-01' }),
    ).resolves.toHaveLength(7);
  });
});

describe('audit_entries (the /audit-log screen)', () => {
  it('shows admin and HR who changed what, field by field; nobody else; nobody writes', async () => {
    const { error: changeError } = await org.admin.supabase
      .from('employees')
      .update({ role: 'manager' })
      .eq('id', org.outsider.employeeId);
    expect(changeError).toBeNull();
    for (const who of [org.admin, org.hr]) {
      const { data, error } = await who.supabase
        .from('audit_entries')
        .select('entity, entity_id, action, diff, actor_name, subject_name')
        .eq('entity', 'employees')
        .eq('entity_id', org.outsider.employeeId)
        .eq('action', 'update')
        .eq('actor_employee_id', org.admin.employeeId);
      expect(error).toBeNull();
      // The org's setup moved them too (done by the database owner: no actor); this is the admin's change.
      expect(data).toEqual([
        {
          entity: 'employees',
          entity_id: org.outsider.employeeId,
          action: 'update',
          diff: { role: { old: 'employee', new: 'manager' } },
          actor_name: 'Admin Test',
          subject_name: 'Outsider Test',
        },
      ]);
    }
    for (const who of [org.manager, org.employee]) {
      const { data } = await who.supabase.from('audit_entries').select('id');
      expect(data ?? []).toEqual([]);
    }
    const { error: anonError } = await org.anon.from('audit_entries').select('id');
    expect(anonError?.message).toMatch(/permission denied/);
    const { error: writeError } = await org.admin.supabase.from('audit_entries').delete().gt('id', 0);
    expect(writeError).not.toBeNull();
  });
});

describe('reports and dashboards', () => {
  it('agree day by day: the daily report says what the dashboard said that day', async () => {
    // Operations works in Chicago only: the dashboard's "that day" is Chicago's local date.
    const ops = [org.departments.operations];
    const daily = await report<{ day: string; present: number; absent: number; late: number; rate: number }>(
      org.admin,
      'report_daily',
      { departments: ops },
    );
    for (const row of daily) {
      const days = (
        await org.db.query<{ offset: number }>(
          `select ($1::date - (app.now() at time zone 'America/Chicago')::date) as offset`,
          [row.day],
        )
      ).rows[0]!.offset;
      const { data, error } = await org.admin.supabase.rpc('attendance_summary', {
        p_date_offset: days,
        p_department_ids: ops,
      });
      expect(error).toBeNull();
      const dash = (data as { present: number; absent: number; late: number; attendance_rate: number }[])[0]!;
      expect([row.day, dash.present, dash.absent, dash.late, Number(dash.attendance_rate)]).toEqual([
        row.day,
        row.present,
        row.absent,
        row.late,
        row.rate,
      ]);
    }
  });
});
