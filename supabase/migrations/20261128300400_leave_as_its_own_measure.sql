-- Issue 27 item 4 (part): leave as its own measure where the day's figures are shown. The
-- dashboard's summary gives the counts its rate is computed from (expected, and present among
-- them: attendance_rate = present_expected / expected) and how many are on a full day of approved
-- leave; the calendar gives each day's count on leave beside expected, present, absent and late.
-- People on leave are not expected, hence never absent (app.attendance_days_live).
-- Full days of approved leave of the people whose attendance the reader may see
-- (attendance_staff's rule), for the invoker functions below (app.leave_days itself stays private).
create function app.full_leave_days(p_employee_ids uuid[], p_from date, p_to date)
returns table (employee_id uuid, day date)
language sql stable security definer set search_path = '' as $$
  select distinct x.employee_id, x.day
  from app.leave_days(
    (select array_agg(s.id) from app.attendance_staff(p_from, null, null, p_employee_ids) s), p_from, p_to) x
  where x.half_day is null
$$;
revoke all on function app.full_leave_days(uuid[], date, date) from public;
grant execute on function app.full_leave_days(uuid[], date, date) to authenticated, service_role;

drop function public.attendance_summary(integer, uuid[]);
create function public.attendance_summary(p_date_offset integer default 0, p_department_ids uuid[] default null)
returns table (total_employees integer, present integer, absent integer, late integer, checked_out integer,
  attendance_rate numeric, on_time_rate numeric, expected integer, present_expected integer, on_leave integer)
language sql stable set search_path = '' as $$
  with local_day as materialized (
    select s.id as site_id, (app.now() at time zone s.time_zone)::date + p_date_offset as day from public.sites s
    union all
    select null, (app.now() at time zone 'UTC')::date + p_date_offset
  ),
  d as (
    select ad.*
    from app.attendance_days(
      (select min(day) from local_day), (select max(day) from local_day), p_department_ids
    ) ad
    join local_day l on l.site_id is not distinct from ad.site_id and l.day = ad.day
  ),
  off as (
    select count(*)::integer as n
    from app.full_leave_days((select array_agg(distinct d.employee_id) from d where d.employed),
      (select min(day) from local_day), (select max(day) from local_day)) x
    join d on d.employee_id = x.employee_id and d.day = x.day and d.employed
  )
  select count(*) filter (where employed)::integer,
    count(*) filter (where present)::integer,
    count(*) filter (where absent)::integer,
    count(*) filter (where late)::integer,
    count(*) filter (where present and not open_record)::integer,
    case when count(*) filter (where expected) = 0 then 0
         else round(100.0 * count(*) filter (where expected and present) / count(*) filter (where expected), 1) end,
    case when count(*) filter (where present) = 0 then 0
         else round(100.0 * count(*) filter (where present and not late) / count(*) filter (where present), 1) end,
    count(*) filter (where expected)::integer,
    count(*) filter (where expected and present)::integer,
    (select n from off)
  from d
$$;
revoke all on function public.attendance_summary(integer, uuid[]) from public;
grant execute on function public.attendance_summary(integer, uuid[]) to authenticated, service_role;

drop function public.attendance_calendar(date, uuid);
create function public.attendance_calendar(p_month date, p_site_id uuid default null)
returns table (day date, expected integer, present integer, late integer, absent integer, hours numeric,
  holidays text[], on_leave integer)
language sql stable set search_path = '' as $$
  with bounds as (
    select date_trunc('month', app.date_in_window(p_month))::date as first_day,
      (date_trunc('month', app.date_in_window(p_month)) + interval '1 month - 1 day')::date as last_day
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
  ),
  leave_per_day as (
    select x.day, count(distinct x.employee_id)::integer as n
    from bounds b
    cross join lateral app.full_leave_days((select array_agg(distinct d.employee_id) from d where d.employed), b.first_day, b.last_day) x
    join d on d.employee_id = x.employee_id and d.day = x.day and d.employed
    group by x.day
  )
  select g.day::date, coalesce(p.expected, 0), coalesce(p.present, 0), coalesce(p.late, 0), coalesce(p.absent, 0),
    coalesce(p.hours, 0),
    coalesce((
      select array_agg(h.name || ' (' || h.country || ')' order by h.country)
      from public.holidays h
      where h.date = g.day::date
        and (p_site_id is null or h.country = (select s.country from public.sites s where s.id = p_site_id))
    ), '{}'),
    coalesce(l.n, 0)
  from bounds b
  cross join generate_series(b.first_day::timestamp, b.last_day::timestamp, interval '1 day') g (day)
  left join per_day p on p.day = g.day::date
  left join leave_per_day l on l.day = g.day::date
  order by 1
$$;
revoke all on function public.attendance_calendar(date, uuid) from public;
grant execute on function public.attendance_calendar(date, uuid) to authenticated, service_role;
