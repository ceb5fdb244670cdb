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
      leave_days: 0,
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
      leave_days: 0,
      overtime_hours: 0,
      missed_checkouts: 0,
    });
    const absences = rows.find((r) => r.measure === 'absences')!;
    expect(absences.change_percent).toBe(round((100 * (t.absent - 24)) / 24, 1));
    expect(rows.find((r) => r.measure === 'late_days')!.change_percent).toBeNull();
  });
});

describe('report_daily', () => {
  it('gives Date, Present, Absent, Late, Total, Rate and On leave for every day', async () => {
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
          on_leave: 0,
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
            leave_days: 0,
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
    ).resolves.toHaveLength(8);
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

// Last in the file: it writes leave into the fixture week, which the tests above read as it was.
describe('approved leave is its own measure, never absent (issue 27 item 4)', () => {
  const THU = '2026-09-10';
  type Daily = { day: string; absent: number; total: number; on_leave: number; rate: number };
  type Person = { employee_id: string; absent_days: number; expected_days: number; leave_days: number };
  const byId = (rows: Person[]) => new Map(rows.map((r) => [r.employee_id, r]));
  const leaveRow = async (employee: string, day: string, status: string, reason: string | null = null) =>
    org.db.query(
      `insert into public.leave_requests (employee_id, leave_type, start_date, end_date, amount, unit, status, decision_reason)
       values ($1, 'unpaid', $2, $2, 1, 'days', $3, $4)`,
      [employee, day, status, reason],
    );

  it('HR records a past day of leave: that day counts on leave, no longer absent nor expected; pending and rejected leave changes nothing', async () => {
    const night = people.find((p) => p.key === 'night')!.id;
    const bf = org.bfEmployee.employeeId;
    const e = org.employee.employeeId;
    const dailyBefore = await report<Daily>(org.admin, 'report_daily');
    const peopleBefore = byId(await report<Person>(org.admin, 'report_employees'));
    const summaryBefore = await report<{ measure: string; current_value: number }>(
      org.admin,
      'report_summary',
    );
    // The employee was absent on Thursday, the night worker on Wednesday, Burkina Faso all week after Monday.
    expect(peopleBefore.get(e)!.absent_days).toBeGreaterThan(0);

    // Refused first, nothing written: the person for a past day, a manager for someone outside their team.
    const own = await org.employee.supabase.rpc('request_leave', {
      p_leave_type: 'unpaid',
      p_start: THU,
      p_end: THU,
    });
    expect(own.error?.message).toBe('leave.in_the_past');
    const outsider = await org.manager.supabase.rpc('request_leave', {
      p_leave_type: 'unpaid',
      p_start: THU,
      p_end: THU,
      p_employee_id: org.outsider.employeeId,
    });
    expect(outsider.error).not.toBeNull();
    expect(await report<Daily>(org.admin, 'report_daily')).toEqual(dailyBefore);

    // A pending request and a rejected one (written as the workflow leaves them) change nothing.
    await leaveRow(bf, THU, 'pending');
    await leaveRow(night, '2026-09-09', 'rejected', 'Too many people off');
    expect(await report<Daily>(org.admin, 'report_daily')).toEqual(dailyBefore);
    expect(byId(await report<Person>(org.admin, 'report_employees'))).toEqual(peopleBefore);

    // HR records Thursday's unpaid leave for the employee: approved at once.
    const { data, error } = await org.hr.supabase.rpc('request_leave', {
      p_leave_type: 'unpaid',
      p_start: THU,
      p_end: THU,
      p_employee_id: e,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'approved' });
    // An approved day of leave on Labor Day (a US holiday): the holiday wins, it is not a day of leave.
    await leaveRow(e, '2026-09-07', 'approved');

    const daily = await report<Daily>(org.admin, 'report_daily');
    const thursday = (rows: Daily[]) => rows.find((r) => r.day === THU)!;
    expect(thursday(daily)).toMatchObject({
      on_leave: 1,
      absent: thursday(dailyBefore).absent - 1,
      total: thursday(dailyBefore).total - 1,
    });
    // Every other day is as it was (Labor Day included).
    expect(daily.filter((r) => r.day !== THU)).toEqual(dailyBefore.filter((r) => r.day !== THU));

    const after = byId(await report<Person>(org.admin, 'report_employees'));
    expect(after.get(e)).toMatchObject({
      leave_days: 1,
      absent_days: peopleBefore.get(e)!.absent_days - 1,
      expected_days: peopleBefore.get(e)!.expected_days - 1,
    });
    // Pending (Burkina Faso) and rejected (the night worker): still absent, no leave.
    expect(after.get(bf)).toEqual(peopleBefore.get(bf));
    expect(after.get(night)).toEqual(peopleBefore.get(night));

    const summary = Object.fromEntries(
      (await report<{ measure: string; current_value: number }>(org.admin, 'report_summary')).map((r) => [
        r.measure,
        r.current_value,
      ]),
    );
    const before = Object.fromEntries(summaryBefore.map((r) => [r.measure, r.current_value]));
    expect(summary.leave_days).toBe(1);
    expect(summary.absences).toBe(before.absences! - 1);

    const monthly = await report<{ department_name: string; leave_days: number }>(
      org.admin,
      'report_monthly',
    );
    expect(monthly.map((r) => [r.department_name, r.leave_days])).toEqual([
      ['Engineering', 1],
      ['Operations', 0],
    ]);
  });

  it('shows the leave to those who see the person, and to nobody else', async () => {
    const leaveOf = async (who: Account) =>
      (await report<Person>(who, 'report_employees')).reduce((s, r) => s + r.leave_days, 0);
    expect(await leaveOf(org.hr)).toBe(1);
    expect(await leaveOf(org.manager)).toBe(1); // the employee is in the manager's team
    expect(await leaveOf(org.employee)).toBe(1); // their own
    expect(await leaveOf(org.bfEmployee)).toBe(0);
    expect(await leaveOf(org.kioskUs)).toBe(0);
    const other = await report<Daily>(org.bfEmployee, 'report_daily');
    expect(other.every((r) => r.on_leave === 0)).toBe(true);
    // A site filter that excludes the person excludes their leave.
    const bfOnly = await report<Daily>(org.admin, 'report_daily', { site: org.sites.bf });
    expect(bfOnly.every((r) => r.on_leave === 0)).toBe(true);
  });
});
