-- app.attendance_days again, with one change: a day that has not come yet in the site's time zone
-- is never "absent" (the dashboard's calendar showed next week's scheduled people as absent). It
-- stays "expected" (scheduled), so plans and rates over a period that ends in the future still show
-- who is scheduled.
create or replace function app.attendance_days(
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
        then (e.terminated_at at time zone coalesce(s.time_zone, 'UTC'))::date else 'infinity'::date end as last_day,
      (now() at time zone coalesce(s.time_zone, 'UTC'))::date as today
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
      st.by_dow[c.dow] as planned,
      c.day <= st.today as begun
    from (
      select staff.id, staff.site_id, staff.department_id, staff.country, staff.first_day, staff.last_day, staff.today,
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
    x.expected and att.employee_id is null and d.begun,
    coalesce(att.hours, 0),
    coalesce(att.open_record, false),
    case when x.expected then d.planned else 0 end,
    case when x.expected then greatest(coalesce(att.hours, 0) - d.planned, 0) else coalesce(att.hours, 0) end
  from days d
  cross join lateral (select coalesce(d.employed, false) and not d.holiday and d.planned is not null as expected) x
  left join att on att.employee_id = d.id and att.date = d.day
$$;
