-- The figures of the daily screens (admin dashboard, attendance tracking, manager and employee
-- portals), every one built on app.attendance_days (the one definition of expected, present, late,
-- absent and hours) and scoped to the caller by it: admin and HR everyone, a manager their team and
-- themselves, an employee themselves. The browser never downloads rows to count them.

-- The caller's site-local date (UTC without a site): what "today" means on their screens.
create function public.my_local_day() returns date
language sql stable security definer set search_path = '' as $$
  select (now() at time zone coalesce(
    (select s.time_zone from public.sites s where s.id = app.my_site_id()), 'UTC'))::date
$$;

-- Performance over the last 7 days (today included, each site's local days), with one definition each:
--   attendance_rate  expected days with a presence / expected days (the Weekly Attendance)
--   productivity     hours worked (closed records) / hours the shifts planned on the expected days
--   on_time_rate     days present and not late / days present
-- Without a department list a manager gets their team (and themselves), as attendance_days scopes.
create function public.performance_week(p_department_ids uuid[] default null)
returns table (
  attendance_rate numeric, productivity numeric, on_time_rate numeric,
  hours_worked numeric, scheduled_hours numeric, expected_days integer, present_days integer, late_days integer
)
language sql stable security invoker set search_path = '' as $$
  with local_day as materialized (
    select s.id as site_id, (now() at time zone s.time_zone)::date as today from public.sites s
    union all
    select null, (now() at time zone 'UTC')::date
  ),
  d as (
    select ad.*
    from app.attendance_days(
      (select min(today) - 6 from local_day), (select max(today) from local_day), p_department_ids
    ) ad
    join local_day l on l.site_id is not distinct from ad.site_id and ad.day between l.today - 6 and l.today
  )
  select
    case when count(*) filter (where expected) = 0 then 0
      else round(100.0 * count(*) filter (where expected and present) / count(*) filter (where expected), 1) end,
    case when coalesce(sum(scheduled_hours), 0) = 0 then 0
      else round(100.0 * sum(hours) / sum(scheduled_hours), 1) end,
    case when count(*) filter (where present) = 0 then 0
      else round(100.0 * count(*) filter (where present and not late) / count(*) filter (where present), 1) end,
    coalesce(sum(hours), 0), coalesce(sum(scheduled_hours), 0),
    count(*) filter (where expected)::integer, count(*) filter (where present)::integer,
    count(*) filter (where late)::integer
  from d
$$;

-- A month of the calendar, per site-local day: people expected (scheduled by their shifts), present,
-- late, absent, hours worked, and the public holidays of the sites' countries. Optional site filter.
create function public.attendance_calendar(p_month date, p_site_id uuid default null)
returns table (
  day date, expected integer, present integer, late integer, absent integer, hours numeric, holidays text[]
)
language sql stable security invoker set search_path = '' as $$
  with bounds as (
    select date_trunc('month', p_month)::date as first_day,
      (date_trunc('month', p_month) + interval '1 month - 1 day')::date as last_day
  ),
  d as (
    select ad.* from bounds b
    cross join lateral app.attendance_days(b.first_day, b.last_day, null, p_site_id) ad
  ),
  per_day as (
    select d.day, count(*) filter (where d.expected)::integer as expected,
      count(*) filter (where d.present)::integer as present, count(*) filter (where d.late)::integer as late,
      count(*) filter (where d.absent)::integer as absent, coalesce(sum(d.hours), 0) as hours
    from d group by d.day
  )
  select g.day::date, coalesce(p.expected, 0), coalesce(p.present, 0), coalesce(p.late, 0), coalesce(p.absent, 0),
    coalesce(p.hours, 0),
    coalesce((
      select array_agg(h.name || ' (' || h.country || ')' order by h.country)
      from public.holidays h
      where h.date = g.day::date
        and (p_site_id is null or h.country = (select s.country from public.sites s where s.id = p_site_id))
    ), '{}')
  from bounds b
  cross join generate_series(b.first_day::timestamp, b.last_day::timestamp, interval '1 day') g (day)
  left join per_day p on p.day = g.day::date
  order by 1
$$;

-- The analytics view's series over the last p_days days (UTC calendar days):
--   rate_by_day         label = day, value = attendance rate (expected days present / expected, %)
--   late_by_department  label = department, value = late days
--   hours_by_week       label = ISO week's Monday, value = hours worked
create function public.attendance_analytics(p_days integer default 30)
returns table (series text, label text, value numeric)
language sql stable security invoker set search_path = '' as $$
  with d as materialized (
    select ad.* from app.attendance_days(
      (now() at time zone 'UTC')::date - (least(greatest(p_days, 1), 366) - 1), (now() at time zone 'UTC')::date
    ) ad
  )
  select 'rate_by_day', d.day::text,
    case when count(*) filter (where d.expected) = 0 then 0
      else round(100.0 * count(*) filter (where d.expected and d.present) / count(*) filter (where d.expected), 1) end
  from d group by d.day
  union all
  select 'late_by_department', coalesce(dep.name, '-'), count(*) filter (where d.late)
  from d left join public.departments dep on dep.id = d.department_id
  group by dep.name
  union all
  select 'hours_by_week', date_trunc('week', d.day)::date::text, coalesce(sum(d.hours), 0)
  from d group by date_trunc('week', d.day)
  order by 1, 2
$$;

-- The employee portal's Today's Summary for the caller: present today, hours today (closed records),
-- hours of the last 7 days, and the break of today's shift (minutes; without a shift the settings' break).
create function public.my_day_summary()
returns table (present boolean, hours_today numeric, hours_week numeric, break_minutes integer, shift_names text[])
language sql stable security invoker set search_path = '' as $$
  with me as materialized (
    select app.my_employee_id() as id, public.my_local_day() as today
  ),
  d as (
    select ad.* from me cross join lateral app.attendance_days(me.today - 6, me.today, null, null, array[me.id]) ad
  ),
  todays_shifts as (
    select sh.name, sh.break_duration
    from me
    join public.shift_assignments sa on sa.employee_id = me.id
    join public.shifts sh on sh.id = sa.shift_id
    where to_char(me.today, 'Dy') = any (sh.days_of_week)
  )
  select
    coalesce(bool_or(d.present) filter (where d.day = (select today from me)), false),
    coalesce(sum(d.hours) filter (where d.day = (select today from me)), 0),
    coalesce(sum(d.hours), 0),
    coalesce(
      (select sum(break_duration)::integer from todays_shifts),
      (select break_time * 60 from public.system_settings where id = 'default')
    ),
    coalesce((select array_agg(name order by name) from todays_shifts), '{}')
  from d
  where (select id from me) is not null
$$;

-- Who is in, out or absent today (site-local), for a page of people: the Quick Attendance and the
-- manager's Team Overview. One row per employee asked for (RLS and attendance_days decide who is visible).
create function public.today_status(p_employee_ids uuid[])
returns table (employee_id uuid, state text, late boolean, check_in timestamptz, check_out timestamptz)
language sql stable security invoker set search_path = '' as $$
  select e.id,
    case when a.id is null then 'absent' when a.check_out is null then 'present' else 'completed' end,
    coalesce(a.punctuality = 'late', false), a.check_in, a.check_out
  from public.employees e
  join public.sites s on s.id = e.site_id
  left join lateral (
    select * from public.attendances x
    where x.employee_id = e.id and x.date = (now() at time zone s.time_zone)::date
    order by x.check_in desc limit 1
  ) a on true
  where e.id = any (p_employee_ids)
$$;

-- An attendance record's history: its correction entries of the audit log (who, when, what, why),
-- for those who may correct it (admin, HR, the employee's manager).
create function public.attendance_history(p_attendance_id uuid)
returns table (at timestamptz, actor_name text, action text, diff jsonb)
language plpgsql stable security definer set search_path = '' as $$
declare
  target uuid;
begin
  select employee_id into target from public.attendances where id = p_attendance_id;
  if target is null then
    perform app.refuse('Attendance record not found');
  end if;
  if not (app.is_trusted() or app.has_role('admin', 'hr') or app.manages_employee(target)) then
    perform app.forbid('You cannot read the history of this record');
  end if;
  return query
    select l.created_at, coalesce(btrim(e.first_name || ' ' || e.last_name), '-'), l.action, l.diff
    from public.audit_logs l
    left join public.employees e on e.id = l.actor_employee_id
    where l.entity = 'attendances' and l.entity_id = p_attendance_id::text
    order by l.created_at desc;
end
$$;

-- The settings toggle 'notifications': off, the workflows (approvals, payroll, role requests…, anything
-- inserting from a security-definer function) create none. A message a person sends on purpose
-- (a manager's Send Notification, inserted as the signed-in role) is still delivered.
create function app.notifications_enabled_guard() returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if current_user not in ('authenticated', 'service_role')
     and not coalesce((select notifications from public.system_settings where id = 'default'), true) then
    return null;
  end if;
  return new;
end
$$;
create trigger notifications_enabled before insert on public.notifications
  for each row execute function app.notifications_enabled_guard();

revoke execute on function public.my_local_day(), public.performance_week(uuid[]),
  public.attendance_calendar(date, uuid), public.attendance_analytics(integer), public.my_day_summary(),
  public.today_status(uuid[]), public.attendance_history(uuid) from anon, public;
grant execute on function public.my_local_day(), public.performance_week(uuid[]),
  public.attendance_calendar(date, uuid), public.attendance_analytics(integer), public.my_day_summary(),
  public.today_status(uuid[]), public.attendance_history(uuid) to authenticated, service_role;
