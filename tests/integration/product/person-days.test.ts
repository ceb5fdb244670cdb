// app.person_days, the materialised daily figures per person, stays equal to the one definition
// (app.attendance_days_live) after every kind of change, and its roll-ups equal its rows. The
// reports and dashboards read it through app.attendance_days, which must say exactly what the
// definition says for any range: before the table, inside it, today and the future.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, buildAttendanceWeek, FROM } from './attendance-fixture.ts';
import { PINNED_AT } from '../../clock.ts';
import { createOrg, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
  await buildAttendanceWeek(org);
});
afterAll(() => org?.stop());

const one = async <T extends object>(sql: string, params: unknown[] = []) =>
  (await org.db.query<T & Record<string, unknown>>(sql, params)).rows[0]!;

/** Every difference between the table (and its roll-ups) and the definition, as text; [] when equal. */
async function differences(): Promise<string[]> {
  const { rows } = await org.db.query<{ what: string; n: string }>(`
    with cov as (select lo, hi from app.person_days_coverage),
    live as (select l.* from cov, app.attendance_days_live(cov.lo, cov.hi, null, null, null, true) l),
    months as (
      select pd.employee_id, date_trunc('month', pd.day)::date as month, bool_or(pd.employed) as employed,
        count(*) filter (where pd.expected)::int as expected, count(*) filter (where pd.present)::int as present,
        count(*) filter (where pd.expected and pd.present)::int as present_expected,
        count(*) filter (where pd.late)::int as late, count(*) filter (where pd.absent)::int as absent,
        sum(pd.hours) as hours, sum(pd.overtime_hours) as overtime_hours,
        count(*) filter (where pd.present and pd.employed)::int as present_employed,
        count(*) filter (where pd.late and pd.employed)::int as late_employed,
        coalesce(sum(pd.hours) filter (where pd.employed), 0) as hours_employed
      from app.person_days pd group by 1, 2
    ),
    days as (
      select pd.day, pd.site_id, pd.department_id, count(*) filter (where pd.present)::int as present,
        count(*) filter (where pd.absent)::int as absent, count(*) filter (where pd.late)::int as late,
        count(*) filter (where pd.expected)::int as expected,
        count(*) filter (where pd.expected and pd.present)::int as present_expected
      from app.person_days pd group by 1, 2, 3
    ),
    cum as (
      select pd.employee_id, pd.day, pd.department_id,
        sum(pd.employed::int) over w as employed_days, sum(pd.expected::int) over w as expected,
        sum(pd.present::int) over w as present, sum((pd.expected and pd.present)::int) over w as present_expected,
        sum(pd.late::int) over w as late, sum(pd.absent::int) over w as absent,
        sum(pd.hours) over w as hours, sum(pd.overtime_hours) over w as overtime_hours,
        sum((pd.present and pd.employed)::int) over w as present_employed,
        sum((pd.late and pd.employed)::int) over w as late_employed,
        sum(case when pd.employed then pd.hours else 0 end) over w as hours_employed
      from app.person_days pd
      window w as (partition by pd.employee_id, date_trunc('month', pd.day) order by pd.day)
    )
    select 'table without definition' as what, count(*) as n from (select * from app.person_days except select * from live) x
    union all select 'definition without table', count(*) from (select * from live except select * from app.person_days) x
    union all select 'person_months', count(*) from (
      (select employee_id, month, employed, expected, present, present_expected, late, absent, hours, overtime_hours,
        present_employed, late_employed, hours_employed from app.person_months
       except select * from months)
      union all
      (select * from months except select employee_id, month, employed, expected, present, present_expected, late,
        absent, hours, overtime_hours, present_employed, late_employed, hours_employed from app.person_months)) x
    union all select 'person_days_cum', count(*) from (
      (select * from app.person_days_cum except select * from cum)
      union all (select * from cum except select * from app.person_days_cum)) x
    union all select 'day_figures', count(*) from (
      (select day, site_id, department_id, present, absent, late, expected, present_expected from app.day_figures
       where (present, absent, late, expected, present_expected) <> (0, 0, 0, 0, 0)
       except select * from days)
      union all
      (select * from days except select day, site_id, department_id, present, absent, late, expected, present_expected
       from app.day_figures)) x`);
  return rows.filter((r) => Number(r.n) !== 0).map((r) => `${r.what}: ${r.n}`);
}

/** As a role, under its claims, on the owner's connection (the comparison reads the private function). */
async function compareAs(userId: string, from: string, to: string) {
  const client = await org.db.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
    const { rows } = await client.query<{ a: string; b: string; n: string }>(
      `select (select count(*) from (select * from app.attendance_days($1, $2) except
                select * from app.attendance_days_live($1, $2)) x) as a,
              (select count(*) from (select * from app.attendance_days_live($1, $2) except
                select * from app.attendance_days($1, $2)) x) as b,
              (select count(*) from app.attendance_days($1, $2)) as n`,
      [from, to],
    );
    await client.query('rollback');
    return { extra: Number(rows[0]!.a), missing: Number(rows[0]!.b), rows: Number(rows[0]!.n) };
  } finally {
    client.release();
  }
}

/** A day relative to the pinned moment's (tests/clock.ts), in UTC. */
const utcDay = (offset: number) => {
  const d = new Date(PINNED_AT);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

describe('app.person_days', () => {
  it('covers about two years up to yesterday (UTC) and equals the definition after the fixture week was written', async () => {
    const cov = await one<{ lo: string; hi: string }>(
      `select to_char(lo, 'YYYY-MM-DD') as lo, to_char(hi, 'YYYY-MM-DD') as hi from app.person_days_coverage`,
    );
    expect(cov.hi).toBe(utcDay(-1));
    expect(cov.lo <= FROM).toBe(true);
    const { n } = await one<{ n: string }>(
      `select count(*) as n from app.person_days where day between $1::date and $1::date + 6 and present`,
      [FROM],
    );
    expect(Number(n)).toBeGreaterThan(0);
    expect(await differences()).toEqual([]);
  });

  it('follows a correction of a past record (RPC) and a record written, changed and deleted', async () => {
    // The manager: the fixture employee's missed check-out is open-ended, so it overlaps any later record.
    const e = org.manager.employeeId;
    const past = utcDay(-20);
    const { error } = await org.admin.supabase.rpc('correct_attendance', {
      p_employee_id: e,
      p_check_in: `${past}T14:00:00Z`,
      p_check_out: `${past}T22:00:00Z`,
      p_reason: 'Forgot to punch',
    });
    expect(error).toBeNull();
    expect(
      (
        await one<{ present: boolean }>(
          `select present from app.person_days where employee_id = $1 and day = $2`,
          [e, past],
        )
      ).present,
    ).toBe(true);
    expect(await differences()).toEqual([]);

    const other = utcDay(-40);
    const { id } = await one<{ id: string }>(
      `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, punctuality, source)
       values ($1, $2, $3, $3::date + time '09:00', $3::date + time '17:00', 'checked_out', 'late', 'manual') returning id`,
      [e, org.sites.us, other],
    );
    expect(await differences()).toEqual([]);
    await org.db.query(
      `update public.attendances set punctuality = 'on_time', check_out = check_out + interval '2 hours' where id = $1`,
      [id],
    );
    expect(await differences()).toEqual([]);
    await org.db.query(`delete from public.attendances where id = $1`, [id]);
    expect(await differences()).toEqual([]);
  });

  it('follows shift changes: a new assignment, a changed shift, a removed assignment', async () => {
    const shift = await one<{ id: string }>(
      `insert into public.shifts (name, site_id, start_time, end_time, break_duration, days_of_week)
       values ('Weekend fixture', $1, '07:00', '15:00', 30, array['Sat','Sun']) returning id`,
      [org.sites.us],
    );
    await org.db.query(`insert into public.shift_assignments (shift_id, employee_id) values ($1, $2)`, [
      shift.id,
      org.outsider.employeeId,
    ]);
    expect(await differences()).toEqual([]);
    await org.db.query(
      `update public.shifts set days_of_week = array['Fri','Sat','Sun'], end_time = '16:00' where id = $1`,
      [shift.id],
    );
    expect(await differences()).toEqual([]);
    await org.db.query(`delete from public.shift_assignments where shift_id = $1`, [shift.id]);
    expect(await differences()).toEqual([]);
  });

  it('follows holidays added and removed, and the default working hours', async () => {
    const day = utcDay(-30);
    await org.db.query(
      `insert into public.holidays (country, date, name) values ('US', $1, 'Fixture day') on conflict do nothing`,
      [day],
    );
    expect(await differences()).toEqual([]);
    await org.db.query(
      `delete from public.holidays where country = 'US' and date = $1 and name = 'Fixture day'`,
      [day],
    );
    expect(await differences()).toEqual([]);
    await org.db.query(
      `update public.system_settings set working_hours = working_hours + 1 where id = 'default'`,
    );
    expect(await differences()).toEqual([]);
    await org.db.query(
      `update public.system_settings set working_hours = working_hours - 1 where id = 'default'`,
    );
    expect(await differences()).toEqual([]);
  });

  it('needs nothing for a lateness threshold change (a record keeps the punctuality it was given)', async () => {
    const before = await one<{ n: string }>(`select count(*) filter (where late) as n from app.person_days`);
    await org.db.query(
      `update public.system_settings set late_threshold = late_threshold + 10 where id = 'default'`,
    );
    expect(await differences()).toEqual([]);
    expect(
      (await one<{ n: string }>(`select count(*) filter (where late) as n from app.person_days`)).n,
    ).toBe(before.n);
  });

  it('follows an employee archived, moved, created and deleted', async () => {
    const { error } = await org.admin.supabase.rpc('archive_employee', {
      p_employee_id: org.outsider.employeeId,
    });
    expect(error).toBeNull();
    expect(await differences()).toEqual([]);
    await org.db.query(`update public.employees set department_id = $2, site_id = $3 where id = $1`, [
      org.bfEmployee.employeeId,
      org.departments.sales,
      org.sites.bf,
    ]);
    expect(await differences()).toEqual([]);
    const created = await one<{ id: string }>(
      `insert into public.employees (first_name, last_name, email, department_id, site_id, joining_date)
       values ('Nina', 'New', $1, $2, $3, $4) returning id`,
      [`nina.${Date.now()}@fixture.test`, org.departments.sales, org.sites.us, utcDay(-10)],
    );
    expect(await differences()).toEqual([]);
    await org.db.query(`update public.employees set joining_date = $2 where id = $1`, [
      created.id,
      utcDay(-100),
    ]);
    expect(await differences()).toEqual([]);
    await org.db.query(`delete from public.employees where id = $1`, [created.id]);
    expect(await differences()).toEqual([]);
  });

  it('follows a site moving to another time zone', async () => {
    await org.db.query(`update public.sites set time_zone = 'America/New_York' where id = $1`, [
      org.sites.us,
    ]);
    expect(await differences()).toEqual([]);
    await org.db.query(`update public.sites set time_zone = 'America/Chicago' where id = $1`, [org.sites.us]);
    expect(await differences()).toEqual([]);
  });

  it('lets days pass: the days after the table are computed on read, and the next punch moves the table up to yesterday', async () => {
    // As if the table had last moved three days ago.
    await org.db.query(`
      delete from app.person_days where day >= (app.now() at time zone 'UTC')::date - 3;
      delete from app.day_figures where day >= (app.now() at time zone 'UTC')::date - 3;
      update app.person_days_coverage set hi = (app.now() at time zone 'UTC')::date - 4;
      select app.person_days_refresh(null, date_trunc('month', (app.now() at time zone 'UTC')::date - 4)::date, 'infinity');`);
    expect(await differences()).toEqual([]);
    const gap = await compareAs(org.admin.userId, utcDay(-10), utcDay(5));
    expect(gap).toMatchObject({ extra: 0, missing: 0 });
    expect(gap.rows).toBeGreaterThan(0);

    const { error } = await org.admin.supabase.rpc('check_in', { p_employee_id: org.hr.employeeId });
    expect(error).toBeNull();
    const cov = await one<{ hi: string }>(
      `select to_char(hi, 'YYYY-MM-DD') as hi from app.person_days_coverage`,
    );
    expect(cov.hi).toBe(utcDay(-1));
    expect(await differences()).toEqual([]);
  });

  it('moves its start forward with the days: the whole months before the one 800 days back leave the table', async () => {
    // As if the table had started 75 days earlier than it does and had last moved four days ago.
    await org.db.query(`
      update app.person_days_coverage set lo = lo - 75;
      select app.person_days_refresh(null, '-infinity', 'infinity');
      delete from app.person_days where day >= (app.now() at time zone 'UTC')::date - 3;
      delete from app.day_figures where day >= (app.now() at time zone 'UTC')::date - 3;
      update app.person_days_coverage set hi = (app.now() at time zone 'UTC')::date - 4;
      select app.person_days_refresh(null, date_trunc('month', (app.now() at time zone 'UTC')::date - 4)::date, 'infinity');`);
    expect(await differences()).toEqual([]);
    // The first day of the month of (yesterday - 800 days), in UTC.
    const back = new Date(PINNED_AT);
    back.setUTCDate(back.getUTCDate() - 801);
    const start = `${back.toISOString().slice(0, 7)}-01`;
    const before = async () =>
      one<{ days: string; cum: string; months: string; figures: string }>(
        `select (select count(*) from app.person_days where day < $1::date) as days,
                (select count(*) from app.person_days_cum where day < $1::date) as cum,
                (select count(*) from app.person_months where month < $1::date) as months,
                (select count(*) from app.day_figures where day < $1::date) as figures`,
        [start],
      );
    const old = await before();
    expect(Number(old.days)).toBeGreaterThan(0);
    expect(Number(old.months)).toBeGreaterThan(0);

    const { error } = await org.admin.supabase.rpc('check_in', { p_employee_id: org.manager.employeeId });
    expect(error).toBeNull();
    const cov = await one<{ lo: string; hi: string }>(
      `select to_char(lo, 'YYYY-MM-DD') as lo, to_char(hi, 'YYYY-MM-DD') as hi from app.person_days_coverage`,
    );
    expect(cov).toEqual({ lo: start, hi: utcDay(-1) });
    expect(await before()).toEqual({ days: '0', cum: '0', months: '0', figures: '0' });
    expect(await differences()).toEqual([]);
    // Reads across the new start (the days before it now computed on read) say what the definition says.
    for (const userId of [org.admin.userId, org.manager.userId]) {
      const r = await compareAs(userId, utcDay(-840), utcDay(-700));
      expect(r).toMatchObject({ extra: 0, missing: 0 });
      expect(r.rows).toBeGreaterThan(0);
    }
  });

  it('reads as the definition for every role, over ranges before, inside and after the table', async () => {
    const ranges: [string, string][] = [
      [utcDay(-900), utcDay(-780)],
      [utcDay(-400), utcDay(-1)],
      [utcDay(-3), utcDay(4)],
      [FROM, utcDay(0)],
    ];
    for (const userId of [
      org.admin.userId,
      org.hr.userId,
      org.manager.userId,
      org.employee.userId,
      org.kioskUs.userId,
    ]) {
      for (const [from, to] of ranges) {
        const r = await compareAs(userId, from, to);
        expect({ userId, from, to, extra: r.extra, missing: r.missing }).toEqual({
          userId,
          from,
          to,
          extra: 0,
          missing: 0,
        });
      }
    }
  });

  it('is not readable through the API', async () => {
    for (const table of [
      'person_days',
      'person_months',
      'person_days_cum',
      'day_figures',
      'person_days_coverage',
    ]) {
      await expect(asUser(org, org.admin.userId, `select count(*) from app.${table}`)).rejects.toThrow(
        /permission denied/,
      );
    }
    await expect(
      asUser(
        org,
        org.admin.userId,
        `select count(*) from app.attendance_days_live(app.today(), app.today(), null, null, null, true)`,
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
