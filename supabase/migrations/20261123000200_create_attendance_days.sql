-- The ONE definition of an attendance day, shared by the dashboards, the portals and the reports.
--
-- One row per (employee, site-local day) in [p_from, p_to]:
--   employed  the employee worked here that day: joining_date (or the day the account was created)
--             on or before it, not archived before it (the archive day itself still counts), and not
--             'inactive' (a suspended account has no date, so it is never expected).
--   holiday   a public holiday of the country of the employee's site (table holidays).
--   expected  employed, not a holiday, and a working day of the employee's assigned shift(s)
--             (shifts.days_of_week, the day a shift starts; a night shift belongs to its start day).
--             An employee without a shift works Monday to Friday.
--   present   at least one attendance record dated that day (attendances.date is already the
--             site-local date of the check-in).
--   late      one of that day's records has punctuality 'late'.
--   absent    expected and not present.
--   hours     hours of that day's closed records; open_record: one of them has no check-out yet
--             (a missed check-out once the day is over).
--   scheduled_hours  the hours the shift(s) plan that day (expected days only; without a shift:
--             system_settings.working_hours - break_time); overtime_hours: hours beyond it (every
--             hour of a day that is not expected, e.g. a weekend or a holiday).
-- A year of 1,000 people (365k rows) is set-based: the calendar, the plan per weekday and the
-- day's records are each computed once and hash-joined (no loop, no per-row subquery).
-- Kiosk accounts are never staff. Scoped to the caller: admin and HR everyone; a manager their
-- team and themselves; an employee themselves; kiosks and anonymous callers nobody; trusted
-- callers (service key, database owner: seeds, benchmarks) everyone. Filters narrow that scope.
create function app.attendance_days(
  p_from date,
  p_to date,
  p_department_ids uuid[] default null,
  p_site_id uuid default null,
  p_employee_ids uuid[] default null
)
returns table (
  employee_id uuid, day date, site_id uuid, department_id uuid,
  employed boolean, expected boolean, holiday boolean, present boolean, late boolean, absent boolean,
  hours numeric, open_record boolean, scheduled_hours numeric, overtime_hours numeric
)
language sql stable security definer set search_path = ''
-- A year of a thousand people is ~365k rows: enough memory to hash and sort them without spilling.
set work_mem = '64MB' as $$
  with me as materialized (
    select app.my_employee_id() as id, app.my_role() as role, app.is_trusted() as trusted
  ),
  staff as materialized (
    select e.id, e.site_id, e.department_id, s.country,
      -- A suspended ('inactive') account has no date: never employed (a null first day).
      case when e.status <> 'inactive'
        then coalesce(e.joining_date, (e.created_at at time zone coalesce(s.time_zone, 'UTC'))::date) end as first_day,
      case when e.status = 'terminated'
        then (e.terminated_at at time zone coalesce(s.time_zone, 'UTC'))::date else 'infinity'::date end as last_day
    from public.employees e
    left join public.sites s on s.id = e.site_id
    cross join me
    where e.role <> 'kiosk'
      and (me.trusted
        or me.role in ('admin', 'hr')
        or (me.role in ('manager', 'employee') and e.id = me.id)
        or (me.role = 'manager' and e.id in (select app.my_team_ids())))
      and (p_department_ids is null or e.department_id = any (p_department_ids))
      and (p_site_id is null or e.site_id = p_site_id)
      and (p_employee_ids is null or e.id = any (p_employee_ids))
      -- Archived before the period: nothing to say about them.
      and (e.status <> 'terminated' or (e.terminated_at at time zone coalesce(s.time_zone, 'UTC'))::date >= p_from)
  ),
  -- Per employee with a shift: planned hours by ISO weekday (index 1 = Monday; null = not a working day).
  shift_hours as (
    select sa.employee_id,
      array_position(array['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], d) as dow,
      greatest(
        extract(epoch from (sh.end_time - sh.start_time)) / 3600.0
          + case when sh.end_time <= sh.start_time then 24 else 0 end
          - sh.break_duration / 60.0,
        0) as hours
    from public.shift_assignments sa
    join public.shifts sh on sh.id = sa.shift_id
    cross join lateral unnest(sh.days_of_week) as d
    where sa.employee_id = any ((select array_agg(id) from staff)::uuid[])
  ),
  plan as materialized (
    select x.employee_id, array[
      round(sum(x.hours) filter (where x.dow = 1)::numeric, 2), round(sum(x.hours) filter (where x.dow = 2)::numeric, 2),
      round(sum(x.hours) filter (where x.dow = 3)::numeric, 2), round(sum(x.hours) filter (where x.dow = 4)::numeric, 2),
      round(sum(x.hours) filter (where x.dow = 5)::numeric, 2), round(sum(x.hours) filter (where x.dow = 6)::numeric, 2),
      round(sum(x.hours) filter (where x.dow = 7)::numeric, 2)
    ] as by_dow
    from shift_hours x
    group by x.employee_id
  ),
  default_plan as materialized (
    select array[h, h, h, h, h, null, null]::numeric[] as by_dow
    from (select greatest(working_hours - break_time, 0)::numeric as h
          from public.system_settings where id = 'default') s
  ),
  off_days as materialized (
    select h.country, h.date from public.holidays h where h.date between p_from and p_to
  ),
  att as materialized (
    select a.employee_id, a.date,
      bool_or(a.punctuality = 'late') as late,
      coalesce(sum(a.total_hours), 0) as hours,
      bool_or(a.check_out is null) as open_record
    from public.attendances a
    where a.date between p_from and p_to and a.employee_id = any ((select array_agg(id) from staff)::uuid[])
    group by a.employee_id, a.date
  ),
  -- The days of the period, with their weekday, computed once (not once per employee).
  calendar as materialized (
    select g.d::date as day, extract(isodow from g.d)::integer as dow
    from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') as g (d)
  ),
  days as (
    select st.id, st.site_id, st.department_id, c.day,
      (c.day >= st.first_day and c.day <= st.last_day) as employed,
      od.date is not null as holiday,
      st.by_dow[c.dow] as planned
    from (
      select staff.id, staff.site_id, staff.department_id, staff.country, staff.first_day, staff.last_day,
        coalesce(p.by_dow, (select by_dow from default_plan)) as by_dow
      from staff left join plan p on p.employee_id = staff.id
    ) st
    cross join calendar c
    left join off_days od on od.country = st.country and od.date = c.day
  )
  select d.id, d.day, d.site_id, d.department_id, coalesce(d.employed, false),
    x.expected, d.holiday,
    att.employee_id is not null,
    coalesce(att.late, false),
    x.expected and att.employee_id is null,
    coalesce(att.hours, 0),
    coalesce(att.open_record, false),
    case when x.expected then d.planned else 0 end,
    case when x.expected then greatest(coalesce(att.hours, 0) - d.planned, 0) else coalesce(att.hours, 0) end
  from days d
  cross join lateral (select coalesce(d.employed, false) and not d.holiday and d.planned is not null as expected) x
  left join att on att.employee_id = d.id and att.date = d.day
$$;
revoke execute on function app.attendance_days(date, date, uuid[], uuid, uuid[]) from anon, public;
grant execute on function app.attendance_days(date, date, uuid[], uuid, uuid[]) to authenticated, service_role;

-- The dashboards, on the same definition (same signatures and columns as before). "Today" is each
-- employee's site-local date; without a department list a manager gets their team.
create or replace function public.attendance_summary(p_date_offset integer default 0, p_department_ids uuid[] default null)
returns table (
  total_employees integer, present integer, absent integer, late integer, checked_out integer,
  attendance_rate numeric, on_time_rate numeric
)
language sql stable security invoker set search_path = '' as $$
  with local_day as materialized (
    select s.id as site_id, (now() at time zone s.time_zone)::date + p_date_offset as day from public.sites s
    union all
    select null, (now() at time zone 'UTC')::date + p_date_offset
  ),
  d as (
    select ad.*
    from app.attendance_days(
      (select min(day) from local_day), (select max(day) from local_day), p_department_ids
    ) ad
    join local_day l on l.site_id is not distinct from ad.site_id and l.day = ad.day
  )
  select count(*) filter (where employed)::integer,
    count(*) filter (where present)::integer,
    count(*) filter (where absent)::integer,
    count(*) filter (where late)::integer,
    count(*) filter (where present and not open_record)::integer,
    case when count(*) filter (where expected) = 0 then 0
         else round(100.0 * count(*) filter (where expected and present) / count(*) filter (where expected), 1) end,
    case when count(*) filter (where present) = 0 then 0
         else round(100.0 * count(*) filter (where present and not late) / count(*) filter (where present), 1) end
  from d
$$;

-- This week (the last 7 days including today) against the 7 days before, per measure,
-- with the change in percent (null when last week had none).
create or replace function public.attendance_week_comparison(p_department_ids uuid[] default null)
returns table (measure text, this_week numeric, last_week numeric, change_percent numeric)
language sql stable security invoker set search_path = '' as $$
  with local_day as materialized (
    select s.id as site_id, (now() at time zone s.time_zone)::date as today from public.sites s
    union all
    select null, (now() at time zone 'UTC')::date
  ),
  d as (
    select ad.*, case when ad.day > l.today - 7 then 'this' else 'last' end as week
    from app.attendance_days(
      (select min(today) - 13 from local_day), (select max(today) from local_day), p_department_ids
    ) ad
    join local_day l on l.site_id is not distinct from ad.site_id and ad.day between l.today - 13 and l.today
  ),
  weekly as (
    select w.week,
      count(distinct d.employee_id) filter (where d.employed)::numeric as total_employees,
      count(*) filter (where d.present)::numeric as present_days,
      count(*) filter (where d.absent)::numeric as absent_days,
      count(*) filter (where d.late)::numeric as late_days,
      case when count(*) filter (where d.expected) = 0 then 0
           else round(100.0 * count(*) filter (where d.expected and d.present) / count(*) filter (where d.expected), 1)
      end as attendance_rate,
      case when count(*) filter (where d.present) = 0 then 0
           else round(100.0 * count(*) filter (where d.present and not d.late) / count(*) filter (where d.present), 1)
      end as on_time_rate
    from (values ('this'), ('last')) as w (week)
    left join d on d.week = w.week
    group by w.week
  ),
  measures as (
    select w.week, m.measure, m.value
    from weekly w cross join lateral (values
      ('total_employees', w.total_employees), ('present_days', w.present_days), ('absent_days', w.absent_days),
      ('late_days', w.late_days), ('attendance_rate', w.attendance_rate), ('on_time_rate', w.on_time_rate)
    ) as m (measure, value)
  )
  select t.measure, t.value, l.value,
    case when l.value is null or l.value = 0 then null else round(100.0 * (t.value - l.value) / l.value, 1) end
  from measures t left join measures l on l.measure = t.measure and l.week = 'last'
  where t.week = 'this'
$$;
