// The dashboard's Analytics (attendance_analytics, migration 20261123013000) counts each site's own
// local days: standing at 23:30 in Chicago (already the next day in UTC and in Ouagadougou), a punch
// just before midnight in Chicago is on Chicago's day, a punch just after midnight in Ouagadougou is
// on Ouagadougou's next day, and Chicago is not counted on a day it has not reached yet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

interface Point {
  series: string;
  label: string;
  value: number;
}

let org: Org;
/** A recent Tuesday (Chicago's day D; neither it nor the Wednesday a public holiday) and the instant
 * 23:30 on it in Chicago. */
let D: string;
let next: string;
let at: string;

const one = async <T>(sql: string, params: unknown[] = []) => (await org.db.query(sql, params)).rows[0] as T;

beforeAll(async () => {
  org = await createOrg();
  await org.db.query(`update public.employees set joining_date = app.today() - 90 where role <> 'kiosk'`);
  ({ D, next, at } = await one<{ D: string; next: string; at: string }>(
    `with d as (
       select g::date as d from generate_series(app.today() - 60, app.today() - 7, interval '1 day') g
       where extract(isodow from g) = 2
         and not exists (select 1 from public.holidays h where h.date in (g::date, g::date + 1))
       order by g desc limit 1
     )
     select d::text as "D", (d + 1)::text as next,
       to_char((d + time '23:30') at time zone 'America/Chicago' at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
     from d`,
  ));
  const punch = (employee: string, kind: 'in' | 'out', local: string, zone: string) =>
    org.db.query(
      kind === 'in'
        ? `select app.record_check_in(e, 'manual', 'test', ($2::timestamp at time zone $3)) from public.employees e where e.id = $1`
        : `select app.record_check_out(e, ($2::timestamp at time zone $3)) from public.employees e where e.id = $1`,
      [employee, local, zone],
    );
  // Chicago: in at 23:10 and out at 23:25 on D (05:10 UTC the next day).
  await punch(org.employee.employeeId, 'in', `${D} 23:10`, 'America/Chicago');
  await punch(org.employee.employeeId, 'out', `${D} 23:25`, 'America/Chicago');
  // Ouagadougou (UTC+0): in at 23:50 on D, out at 00:05, in again at 00:10 the next day.
  await punch(org.bfEmployee.employeeId, 'in', `${D} 23:50`, 'Africa/Ouagadougou');
  await punch(org.bfEmployee.employeeId, 'out', `${next} 00:05`, 'Africa/Ouagadougou');
  await punch(org.bfEmployee.employeeId, 'in', `${next} 00:10`, 'Africa/Ouagadougou');
});
afterAll(() => org?.stop());

/** The three series computed independently from app.attendance_days, each site over its own last
 * p_days local days ending at the site's date at `instant`, for the given people (null: everyone). */
async function truth(instant: string, ids: string[] | null, days = 30): Promise<Point[]> {
  const { rows } = await org.db.query<Point>(
    `with d as (
       select ad.* from public.sites s
       cross join lateral app.attendance_days(($1::timestamptz at time zone s.time_zone)::date - ($3::int - 1),
         ($1::timestamptz at time zone s.time_zone)::date, null, s.id, $2::uuid[]) ad
     )
     select 'rate_by_day' as series, day::text as label,
       coalesce(round(100.0 * count(*) filter (where expected and present)
         / nullif(count(*) filter (where expected), 0), 1), 0)::float8 as value
     from d group by day
     union all
     select 'late_by_department', coalesce(dep.name, '-'), (count(*) filter (where late))::float8
     from d left join public.departments dep on dep.id = d.department_id group by dep.name
     union all
     -- People on a full day of approved leave (employed, not a holiday: the holiday wins).
     select 'leave_by_day', day::text, (count(*) filter (where employed and not holiday and exists (
       select 1 from public.leave_requests lr where lr.status = 'approved' and lr.half_day is null
         and lr.employee_id = d.employee_id and d.day between lr.start_date and lr.end_date)))::float8
     from d group by day
     union all
     select 'hours_by_week', date_trunc('week', day)::date::text, coalesce(sum(hours), 0)::float8
     from d group by date_trunc('week', day)
     order by 1, 2`,
    [instant, ids, days],
  );
  return rows;
}

const norm = (rows: { series: string; label: string; value: unknown }[]) =>
  rows.map((r) => ({ series: r.series, label: r.label, value: Number(r.value) }));

const at_ = async (instant: string) =>
  norm(
    (await org.db.query<Point>('select * from app.attendance_analytics_at(30, $1::timestamptz)', [instant]))
      .rows,
  );

describe('attendance_analytics on site-local days', () => {
  it('at 23:30 in Chicago counts each punch on its own site-local day', async () => {
    const points = await at_(at);
    expect(points).toEqual(await truth(at, null));
    const rate = (day: string) => points.find((p) => p.series === 'rate_by_day' && p.label === day)?.value;
    // D: Chicago's 5 staff expected, its employee punched at 23:10 local; Ouagadougou's one person
    // punched at 23:50 local. 2 of 6.
    expect(rate(D)).toBe(33.3);
    // The next day exists only in Ouagadougou (punched at 00:10): Chicago has not reached it, so its
    // five people are not counted absent there (a single UTC window would give 1 of 6, 16.7%).
    expect(rate(next)).toBe(100);
    // Each site's own 30 days: Chicago's first day is one day earlier than Ouagadougou's.
    const labels = points.filter((p) => p.series === 'rate_by_day').map((p) => p.label);
    expect(labels).toHaveLength(31);
    expect(labels.at(-1)).toBe(next);
    const first = await one<{ d: string }>(`select ($1::date - 29)::text as d`, [D]);
    expect(labels[0]).toBe(first.d);
    // Both quarter hours (23:10–23:25 Chicago, 23:50–00:05 Ouagadougou) are in D's week.
    const monday = await one<{ d: string }>(`select date_trunc('week', $1::date)::date::text as d`, [D]);
    expect(points.find((p) => p.series === 'hours_by_week' && p.label === monday.d)?.value).toBe(0.5);
  });

  it('an hour later in Chicago (past midnight) the day has turned there too', async () => {
    const later = await one<{ t: string }>(`select ($1::timestamptz + interval '1 hour')::text as t`, [at]);
    const points = await at_(later.t);
    expect(points).toEqual(await truth(later.t, null));
    const rate = points.find((p) => p.series === 'rate_by_day' && p.label === next)?.value;
    // Now Chicago's five are expected on the next day too, and none of them punched: 1 of 6.
    expect(rate).toBe(16.7);
  });

  it('the public function is the same at app.now(), scoped to the caller', async () => {
    const now = (await one<{ t: string }>(`select app.now()::text as t`)).t;
    for (const who of [org.admin, org.hr]) {
      const { data, error } = await who.supabase.rpc('attendance_analytics', { p_days: 30 });
      expect(error).toBeNull();
      expect(norm(data as Point[])).toEqual(await truth(now, null));
    }
    const { data, error } = await org.employee.supabase.rpc('attendance_analytics', { p_days: 30 });
    expect(error).toBeNull();
    expect(norm(data as Point[])).toEqual(await truth(now, [org.employee.employeeId]));
    const manager = await org.manager.supabase.rpc('attendance_analytics', { p_days: 30 });
    expect(manager.error).toBeNull();
    const team = (
      await org.db.query<{ id: string }>(
        `select id from public.employees where department_id = $1 and role <> 'kiosk'`,
        [org.departments.engineering],
      )
    ).rows.map((r) => r.id);
    expect(norm(manager.data as Point[])).toEqual(await truth(now, team));
    const kiosk = await org.kioskUs.supabase.rpc('attendance_analytics', { p_days: 30 });
    expect(kiosk.error).toBeNull();
    expect(kiosk.data).toEqual([]);
    const anon = await org.anon.rpc('attendance_analytics', { p_days: 30 });
    expect(anon.error).not.toBeNull();
  });
});
