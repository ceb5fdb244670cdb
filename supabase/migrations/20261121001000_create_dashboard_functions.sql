-- What the dashboards show, computed from the data. security invoker: each caller sees
-- only what RLS lets them read, so one function serves admin, HR, managers and employees.
-- "Today" is each employee's site-local date. Without a department list, a manager
-- gets their own departments (their team); everyone else what they can read.

create function app.scope_departments(requested uuid[]) returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(requested, case when app.my_role() = 'manager' then array(
    select dm.department_id from public.department_managers dm where dm.employee_id = app.my_employee_id()
  ) end)
$$;
grant execute on function app.scope_departments(uuid[]) to authenticated, service_role;

create function public.attendance_summary(p_date_offset integer default 0, p_department_ids uuid[] default null)
returns table (
  total_employees integer, present integer, absent integer, late integer, checked_out integer,
  attendance_rate numeric, on_time_rate numeric
)
language sql stable security invoker set search_path = '' as $$
  -- Materialized: the site-local day becomes a plain value, so the lookup below uses the index.
  with staff as materialized (
    select e.id, (now() at time zone s.time_zone)::date + p_date_offset as local_day
    from public.employees e join public.sites s on s.id = e.site_id
    where e.status = 'active' and e.role <> 'kiosk'
      and ((select app.scope_departments(p_department_ids)) is null
        or e.department_id = any ((select app.scope_departments(p_department_ids))::uuid[]))
  ),
  day_records as (
    select st.id,
      bool_or(a.id is not null) as present,
      bool_or(a.punctuality = 'late') as late,
      bool_and(a.check_out is not null) filter (where a.id is not null) as done
    from staff st
    left join public.attendances a on a.employee_id = st.id and a.date = st.local_day
    group by st.id
  )
  select count(*)::integer,
    count(*) filter (where present)::integer,
    count(*) filter (where not present)::integer,
    count(*) filter (where late)::integer,
    count(*) filter (where done)::integer,
    case when count(*) = 0 then 0 else round(100.0 * count(*) filter (where present) / count(*), 1) end,
    case when count(*) filter (where present) = 0 then 0
         else round(100.0 * count(*) filter (where present and not late) / count(*) filter (where present), 1) end
  from day_records
$$;

-- This week (the last 7 days including today) against the 7 days before, per measure,
-- with the change in percent (null when last week had none).
create function public.attendance_week_comparison(p_department_ids uuid[] default null)
returns table (measure text, this_week numeric, last_week numeric, change_percent numeric)
language sql stable security invoker set search_path = '' as $$
  with staff as materialized (
    select e.id, (now() at time zone s.time_zone)::date as today
    from public.employees e join public.sites s on s.id = e.site_id
    where e.status = 'active' and e.role <> 'kiosk'
      and ((select app.scope_departments(p_department_ids)) is null
        or e.department_id = any ((select app.scope_departments(p_department_ids))::uuid[]))
  ),
  -- The 14 days' records read once (not one lookup per employee, day and measure).
  att as materialized (
    select a.employee_id, a.date, bool_or(a.punctuality = 'late') as late
    from public.attendances a
    where a.date between (select min(today) - 13 from staff) and (select max(today) from staff)
    group by a.employee_id, a.date
  ),
  days as (
    select st.id, st.today - d as day, case when d < 7 then 'this' else 'last' end as week
    from staff st cross join generate_series(0, 13) d
  ),
  per_day as (
    select days.week, days.id, att.employee_id is not null as present, coalesce(att.late, false) as late,
      extract(isodow from days.day) < 6 as weekday
    from days left join att on att.employee_id = days.id and att.date = days.day
  ),
  weekly as (
    select week,
      (select count(*) from staff)::numeric as total_employees,
      count(*) filter (where present)::numeric as present_days,
      count(*) filter (where not present and weekday)::numeric as absent_days,
      count(*) filter (where late)::numeric as late_days,
      case when count(*) filter (where weekday) = 0 then 0
           else round(100.0 * count(*) filter (where present and weekday) / count(*) filter (where weekday), 1) end
        as attendance_rate,
      case when count(*) filter (where present) = 0 then 0
           else round(100.0 * count(*) filter (where present and not late) / count(*) filter (where present), 1) end
        as on_time_rate
    from per_day group by week
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

-- Missed check-ins: today's assigned shift has started (plus the late threshold) and
-- there is no record. Missed check-outs: records still open after their day or past 16 hours.
create function public.missed_punches(p_department_ids uuid[] default null)
returns table (
  kind text, employee_id uuid, employee_name text, site_id uuid, shift_name text,
  expected_at timestamptz, attendance_id uuid
)
language sql stable security invoker set search_path = '' as $$
  with staff as (
    select e.id, btrim(e.first_name || ' ' || e.last_name) as name, e.site_id, s.time_zone,
      (now() at time zone s.time_zone)::date as today
    from public.employees e join public.sites s on s.id = e.site_id
    where e.status = 'active' and e.role <> 'kiosk'
      and ((select app.scope_departments(p_department_ids)) is null
        or e.department_id = any ((select app.scope_departments(p_department_ids))::uuid[]))
  )
  select 'missed_check_in', st.id, st.name, st.site_id, sh.name,
    (st.today + sh.start_time) at time zone st.time_zone, null::uuid
  from staff st
  join public.shift_assignments sa on sa.employee_id = st.id
  join public.shifts sh on sh.id = sa.shift_id
  where to_char(st.today, 'Dy') = any (sh.days_of_week)
    and (st.today + sh.start_time) at time zone st.time_zone
        + make_interval(mins => (select late_threshold from public.system_settings where id = 'default')) < now()
    and not exists (select 1 from public.attendances a where a.employee_id = st.id and a.date = st.today)
  union all
  select 'missed_check_out', st.id, st.name, st.site_id, null, a.check_in + interval '16 hours', a.id
  from staff st
  join public.attendances a on a.employee_id = st.id and a.check_out is null
  where a.date < st.today or a.check_in < now() - interval '16 hours'
  order by 1, 6
$$;

revoke execute on function public.attendance_summary(integer, uuid[]), public.attendance_week_comparison(uuid[]),
  public.missed_punches(uuid[]) from anon, public;
grant execute on function public.attendance_summary(integer, uuid[]), public.attendance_week_comparison(uuid[]),
  public.missed_punches(uuid[]) to authenticated, service_role;
