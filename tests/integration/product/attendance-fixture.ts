// A small fixed week of attendance (Mon 2026-09-07 … Sun 2026-09-13) on an Org, with the truth a
// person would write down by hand: a US holiday (Labor Day, the 7th; not a holiday in Burkina
// Faso), a night shift, an employee without a shift who works on a Saturday, one who joins
// mid-week, one archived mid-week, a late arrival and a missed check-out. Shared by the tests of
// app.attendance_days and of the report functions, which compare SQL with this hand-written truth.
import type { Org } from './org.ts';

export const FROM = '2026-09-07';
export const TO = '2026-09-13';
export const DAYS = [
  '2026-09-07',
  '2026-09-08',
  '2026-09-09',
  '2026-09-10',
  '2026-09-11',
  '2026-09-12',
  '2026-09-13',
];

/** One person's day as written by hand. */
export interface TruthDay {
  expected: boolean;
  present: boolean;
  late: boolean;
  hours: number;
  open: boolean;
  /** Hours planned that day (0 when not expected). */
  planned: number;
}

export interface FixturePerson {
  key: string;
  id: string;
  name: string;
  departmentId: string;
  siteId: string;
  days: Record<string, TruthDay>;
}

const off = (): TruthDay => ({
  expected: false,
  present: false,
  late: false,
  hours: 0,
  open: false,
  planned: 0,
});
const absent = (planned = 8): TruthDay => ({ ...off(), expected: true, planned });
const worked = (hours: number, extra: Partial<TruthDay> = {}): TruthDay => ({
  expected: true,
  present: true,
  late: false,
  hours,
  open: false,
  planned: 8,
  ...extra,
});

/** Builds the week on `org` (records of the fixture people only) and returns who is who with the truth. */
export async function buildAttendanceWeek(org: Org): Promise<FixturePerson[]> {
  const db = org.db;
  const chicago = (local: string) => `(timestamp '${local}' at time zone 'America/Chicago')`;
  const ouaga = (local: string) => `(timestamp '${local}' at time zone 'Africa/Ouagadougou')`;
  const record = async (
    employee: string,
    site: string,
    date: string,
    inAt: string,
    outAt: string | null,
    late = false,
  ) =>
    db.query(
      `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, punctuality, source)
       values ($1, $2, $3, ${inAt}, ${outAt ?? 'null'}, $4, $5, 'manual')`,
      [employee, site, date, outAt ? 'checked_out' : 'checked_in', late ? 'late' : 'on_time'],
    );
  const person = async (first: string, dept: string, site: string, joining: string) =>
    (
      await db.query<{ id: string }>(
        `insert into public.employees (first_name, last_name, email, department_id, site_id, joining_date)
         values ($1, 'Fixture', $2, $3, $4, $5) returning id`,
        [first, `${first.toLowerCase()}.${Date.now()}@fixture.test`, dept, site, joining],
      )
    ).rows[0]!.id;

  const { us, bf } = org.sites;
  const { engineering, operations } = org.departments;
  // The org's own accounts were created today; these were employed all year.
  await db.query(`update public.employees set joining_date = '2026-01-01' where id = any ($1)`, [
    [org.employee.employeeId, org.manager.employeeId, org.bfEmployee.employeeId],
  ]);

  // Employee (no shift, Mon–Fri): holiday Monday, a full day, a late day, an absence, and a
  // check-in on Friday never closed (the missed check-out; an open record must be the last one).
  const e = org.employee.employeeId;
  await record(e, us, '2026-09-08', chicago('2026-09-08 08:00'), chicago('2026-09-08 17:00'));
  await record(e, us, '2026-09-09', chicago('2026-09-09 09:30'), chicago('2026-09-09 17:00'), true);
  await record(e, us, '2026-09-11', chicago('2026-09-11 08:00'), null);

  // Night worker: 22:00–06:00 Monday to Thursday, 8 h planned; a night belongs to its start day.
  const night = await person('Nadia', engineering, us, '2026-01-01');
  const shift = (
    await db.query<{ id: string }>(
      `insert into public.shifts (name, site_id, start_time, end_time, break_duration, days_of_week)
       values ('Night fixture', $1, '22:00', '06:00', 0, array['Mon','Tue','Wed','Thu']) returning id`,
      [us],
    )
  ).rows[0]!.id;
  await db.query('insert into public.shift_assignments (shift_id, employee_id) values ($1, $2)', [
    shift,
    night,
  ]);
  await record(night, us, '2026-09-08', chicago('2026-09-08 22:00'), chicago('2026-09-09 06:00'));
  await record(night, us, '2026-09-10', chicago('2026-09-10 22:00'), chicago('2026-09-11 07:00'));

  // Joins on Thursday: present Thursday, absent Friday, four hours on Saturday (not expected: all overtime).
  const joiner = await person('Jules', operations, us, '2026-09-10');
  await record(joiner, us, '2026-09-10', chicago('2026-09-10 08:00'), chicago('2026-09-10 16:00'));
  await record(joiner, us, '2026-09-12', chicago('2026-09-12 10:00'), chicago('2026-09-12 14:00'));

  // Archived on Wednesday afternoon: present Tuesday, absent Wednesday (the archive day counts), then gone.
  const archived = await person('Arthur', operations, us, '2026-01-01');
  await record(archived, us, '2026-09-08', chicago('2026-09-08 08:00'), chicago('2026-09-08 16:30'));
  await db.query(
    `update public.employees set status = 'terminated', terminated_at = ${chicago('2026-09-09 15:00')} where id = $1`,
    [archived],
  );

  // Burkina Faso: the 7th is a working day there.
  const b = org.bfEmployee.employeeId;
  await record(b, bf, '2026-09-07', ouaga('2026-09-07 07:00'), ouaga('2026-09-07 15:00'));

  const week = (days: Partial<Record<string, TruthDay>>): Record<string, TruthDay> =>
    Object.fromEntries(DAYS.map((d) => [d, days[d] ?? off()]));
  return [
    {
      key: 'employee',
      id: e,
      name: 'Employee Test',
      departmentId: engineering,
      siteId: us,
      days: week({
        '2026-09-08': worked(9),
        '2026-09-09': worked(7.5, { late: true }),
        '2026-09-10': absent(),
        '2026-09-11': worked(0, { open: true }),
      }),
    },
    {
      key: 'night',
      id: night,
      name: 'Nadia Fixture',
      departmentId: engineering,
      siteId: us,
      days: week({
        '2026-09-08': worked(8),
        '2026-09-09': absent(),
        '2026-09-10': worked(9),
      }),
    },
    {
      key: 'joiner',
      id: joiner,
      name: 'Jules Fixture',
      departmentId: operations,
      siteId: us,
      days: week({
        '2026-09-10': worked(8),
        '2026-09-11': absent(),
        '2026-09-12': { ...off(), present: true, hours: 4 },
      }),
    },
    {
      key: 'archived',
      id: archived,
      name: 'Arthur Fixture',
      departmentId: operations,
      siteId: us,
      days: week({ '2026-09-08': worked(8.5), '2026-09-09': absent() }),
    },
    {
      key: 'bf',
      id: b,
      name: 'Awa Test',
      departmentId: engineering,
      siteId: bf,
      days: week({
        '2026-09-07': worked(8),
        '2026-09-08': absent(),
        '2026-09-09': absent(),
        '2026-09-10': absent(),
        '2026-09-11': absent(),
      }),
    },
    {
      key: 'manager',
      id: org.manager.employeeId,
      name: 'Manager Test',
      departmentId: engineering,
      siteId: us,
      days: week({
        '2026-09-08': absent(),
        '2026-09-09': absent(),
        '2026-09-10': absent(),
        '2026-09-11': absent(),
      }),
    },
  ];
}

/** Runs `sql` as the signed-in user `userId` (role authenticated), the way PostgREST would. */
export async function asUser<T extends object>(
  org: Org,
  userId: string | null,
  sql: string,
  params: unknown[] = [],
) {
  const client = await org.db.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify(userId ? { sub: userId, role: 'authenticated' } : { role: 'anon' }),
    ]);
    await client.query(userId ? 'set local role authenticated' : 'set local role anon');
    const { rows } = await client.query<T & Record<string, unknown>>(sql, params);
    await client.query('rollback');
    return rows as T[];
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
