-- Issue 27 item 4 (the remainder): approved leave is its own measure in the four reports and the
-- analytics, never absent (it already is not: app.attendance_days_live takes a full day of approved
-- leave out of the expected days). A person-day is ON LEAVE when the person is employed that day,
-- it is not a public holiday of their country (the holiday wins, as in app.expected_between) and it
-- is a full day of approved leave (app.leave_days: the one source of leave). Half days keep the day
-- expected and are not counted here. Leave is sparse, so it is read live, not materialised.

create function app.leave_person_days(p_from date, p_to date, p_department_ids uuid[] default null,
  p_site_id uuid default null, p_staff_from date default null)
returns table (employee_id uuid, day date, department_id uuid, site_id uuid, leave_type text)
language sql stable security definer set search_path = '' as $$
  -- The people the caller may see (app.attendance_staff), as the reports' other figures.
  with staff as materialized (
    select * from app.attendance_staff(coalesce(p_staff_from, p_from), p_department_ids, p_site_id)
  )
  select distinct on (x.employee_id, x.day) x.employee_id, x.day, st.department_id, st.site_id, x.leave_type
  from app.leave_days(coalesce((select array_agg(s.id) from staff s), '{}'), p_from, p_to) x
  join staff st on st.id = x.employee_id
  where x.half_day is null
    and x.day >= st.first_day and x.day <= st.last_day
    and not exists (select 1 from public.holidays h where h.country = st.country and h.date = x.day)
  order by x.employee_id, x.day, x.leave_type
$$;
revoke all on function app.leave_person_days(date, date, uuid[], uuid, date) from public;
grant execute on function app.leave_person_days(date, date, uuid[], uuid, date) to authenticated, service_role;

-- The dashboard's summary and calendar count leave by the same rule (a holiday is the holiday's).
create or replace function public.attendance_summary(p_date_offset integer default 0, p_department_ids uuid[] default null)
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
    join d on d.employee_id = x.employee_id and d.day = x.day and d.employed and not d.holiday
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

create or replace function public.attendance_calendar(p_month date, p_site_id uuid default null)
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
    join d on d.employee_id = x.employee_id and d.day = x.day and d.employed and not d.holiday
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

-- Executive Summary: 'leave_days' (person-days on leave) after the absences.
create or replace function public.report_summary(p_from date, p_to date, p_site_id uuid default null, p_department_ids uuid[] default null)
 returns table(measure text, current_value numeric, previous_value numeric, change_percent numeric)
 language plpgsql stable security definer
 set search_path to '' set work_mem to '64MB' set statement_timeout to '60s'
as $function$
#variable_conflict use_column
declare
  len integer;
begin
  perform app.report_check_range(p_from, p_to);
  len := p_to - p_from + 1;
  return query
  with f as (
    select true as is_current, x.* from app.person_figures(p_from, p_to, p_department_ids, p_site_id, p_from - len) x
    union all
    select false, x.* from app.person_figures(p_from - len, p_from - 1, p_department_ids, p_site_id) x
  ),
  person as (
    select f.employee_id, f.is_current, bool_or(f.employed) as employed,
      sum(f.expected) as expected, sum(f.present_expected) as present_expected, sum(f.present) as present,
      sum(f.hours) as hours, sum(f.late) as late, sum(f.absent) as absent,
      sum(f.overtime_hours) as overtime, sum(f.missed) as missed
    from f group by 1, 2
  ),
  leave as (
    select true as is_current, count(*)::numeric as n
    from app.leave_person_days(p_from, p_to, p_department_ids, p_site_id, p_from - len)
    union all
    select false, count(*)::numeric from app.leave_person_days(p_from - len, p_from - 1, p_department_ids, p_site_id)
  ),
  per as (
    select p.is_current,
      count(*) filter (where x.employed)::numeric as headcount,
      case when coalesce(sum(x.expected), 0) = 0 then 0::numeric
        else round(100.0 * sum(x.present_expected) / sum(x.expected), 1) end as attendance_rate,
      case when coalesce(sum(x.present), 0) = 0 then 0::numeric
        else round(sum(x.hours) / sum(x.present), 2) end as average_hours,
      coalesce(sum(x.late), 0)::numeric as late_days,
      coalesce(sum(x.absent), 0)::numeric as absences,
      round(coalesce(sum(x.overtime), 0), 2) as overtime_hours,
      coalesce(sum(x.missed), 0)::numeric as missed_checkouts
    from (values (true), (false)) as p (is_current)
    left join person x on x.is_current = p.is_current
    group by p.is_current
  ),
  m as (
    select per.is_current, v.ord, v.measure, v.value
    from per join leave l on l.is_current = per.is_current
    cross join lateral (values
      (1, 'headcount', per.headcount), (2, 'attendance_rate', per.attendance_rate),
      (3, 'average_hours', per.average_hours), (4, 'late_days', per.late_days),
      (5, 'absences', per.absences), (6, 'leave_days', l.n), (7, 'overtime_hours', per.overtime_hours),
      (8, 'missed_checkouts', per.missed_checkouts)
    ) as v (ord, measure, value)
  )
  select c.measure, c.value, p.value,
    case when p.value is null or p.value = 0 then null else round(100.0 * (c.value - p.value) / p.value, 1) end
  from m c join m p on p.measure = c.measure and not p.is_current
  where c.is_current
  order by c.ord;
end
$function$;

-- Daily Analytics: the people on leave each day.
drop function public.report_daily(date, date, uuid, uuid[]);
create function public.report_daily(p_from date, p_to date, p_site_id uuid default null, p_department_ids uuid[] default null)
 returns table(day date, present integer, absent integer, late integer, total integer, rate numeric, on_leave integer)
 language plpgsql stable security definer
 set search_path to '' set work_mem to '64MB' set statement_timeout to '60s'
as $function$
#variable_conflict use_column
declare
  lo date;
  hi date;
  a date;
  b date;
  everyone boolean := app.is_trusted() or coalesce(app.my_role() in ('admin', 'hr'), false);
  ids uuid[];
  left_out uuid[];
begin
  perform app.report_check_range(p_from, p_to);
  select c.lo, c.hi into lo, hi from app.person_days_coverage c;
  if lo is null or lo > p_to or hi < p_from then
    lo := p_to + 1;
    hi := p_to;
  end if;
  a := greatest(p_from, lo);
  b := least(p_to, hi);
  if a <= b then
    select array_agg(s.id) into ids from app.attendance_staff(p_from, p_department_ids, p_site_id) s;
    if everyone then
      select array_agg(s.id) into left_out from app.attendance_staff(p_from, p_department_ids, p_site_id, null, true) s
      where s.id <> all (coalesce(ids, '{}'));
    end if;
  end if;
  return query
  with x as (
    select g.day, sum(g.present) as present, sum(g.absent) as absent, sum(g.late) as late,
      sum(g.total) as total, sum(g.present_expected) as present_expected
    from (
      select f.day, f.present::bigint as present, f.absent::bigint as absent, f.late::bigint as late,
        f.expected::bigint as total, f.present_expected::bigint as present_expected
      from app.day_figures f
      where everyone and a <= b and f.day between a and b
        and (p_site_id is null or f.site_id = p_site_id)
        and (p_department_ids is null or f.department_id = any (p_department_ids))
      union all
      select d.day, -count(*) filter (where d.present), -count(*) filter (where d.absent),
        -count(*) filter (where d.late), -count(*) filter (where d.expected),
        -count(*) filter (where d.expected and d.present)
      from app.person_days d
      where everyone and a <= b and d.employee_id = any (left_out) and d.day between a and b
      group by d.day
      union all
      select d.day, count(*) filter (where d.present), count(*) filter (where d.absent),
        count(*) filter (where d.late), count(*) filter (where d.expected),
        count(*) filter (where d.expected and d.present)
      from (
        select pd.day, pd.present, pd.absent, pd.late, pd.expected from app.person_days pd
        where not everyone and a <= b and pd.employee_id = any (ids) and pd.day between a and b
        union all
        select l.day, l.present, l.absent, l.late, l.expected
        from app.attendance_days_live(p_from, least(p_to, lo - 1), p_department_ids, p_site_id) l
        where p_from < lo
        union all
        select l.day, l.present, l.absent, l.late, l.expected
        from app.attendance_days_live(p_from, p_to, p_department_ids, p_site_id, null, false, greatest(p_from, hi + 1)) l
        where p_to > hi
      ) d
      group by d.day
    ) g
    group by g.day
  ),
  leave as (
    select lp.day, count(*) as n from app.leave_person_days(p_from, p_to, p_department_ids, p_site_id) lp group by lp.day
  )
  select c.d::date, coalesce(x.present, 0)::integer, coalesce(x.absent, 0)::integer, coalesce(x.late, 0)::integer,
    coalesce(x.total, 0)::integer,
    case when coalesce(x.total, 0) = 0 then 0::numeric else round(100.0 * x.present_expected / x.total, 1) end,
    coalesce(lv.n, 0)::integer
  from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') as c (d)
  left join x on x.day = c.d::date
  left join leave lv on lv.day = c.d::date
  order by c.d;
end
$function$;
revoke all on function public.report_daily(date, date, uuid, uuid[]) from public;
grant execute on function public.report_daily(date, date, uuid, uuid[]) to authenticated, service_role;

-- Employee Performance: each person's days on leave.
drop function public.report_employees(date, date, uuid, uuid[]);
create function public.report_employees(p_from date, p_to date, p_site_id uuid default null, p_department_ids uuid[] default null)
 returns table(employee_id uuid, employee_name text, department_name text, site_name text, expected_days integer,
   present_days integer, late_days integer, absent_days integer, hours numeric, overtime_hours numeric,
   attendance_rate numeric, punctuality_rate numeric, rank integer, leave_days integer)
 language plpgsql stable security definer
 set search_path to '' set work_mem to '64MB' set statement_timeout to '60s'
as $function$
#variable_conflict use_column
begin
  perform app.report_check_range(p_from, p_to);
  return query
  with sums as (
    select f.employee_id, sum(f.expected) as expected, sum(f.present) as present, sum(f.late) as late,
      sum(f.absent) as absent, sum(f.present_expected) as present_expected,
      sum(f.hours) as hours, sum(f.overtime_hours) as overtime
    from app.person_figures(p_from, p_to, p_department_ids, p_site_id) f
    group by f.employee_id
    having bool_or(f.employed)
  ),
  leave as (
    select lp.employee_id, count(*) as n
    from app.leave_person_days(p_from, p_to, p_department_ids, p_site_id) lp group by lp.employee_id
  ),
  per as (
    select x.employee_id, x.expected::integer as expected_days, x.present::integer as present_days,
      x.late::integer as late_days, x.absent::integer as absent_days,
      round(x.hours, 2) as hours, round(x.overtime, 2) as overtime_hours,
      case when x.expected = 0 then 0::numeric else round(100.0 * x.present_expected / x.expected, 1) end as attendance_rate,
      -- late implies present: the days present and not late.
      case when x.present = 0 then 0::numeric else round(100.0 * (x.present - x.late) / x.present, 1) end as punctuality_rate
    from sums x
  )
  select per.employee_id, btrim(e.first_name || ' ' || e.last_name), dep.name, s.name,
    per.expected_days, per.present_days, per.late_days, per.absent_days, per.hours, per.overtime_hours,
    per.attendance_rate, per.punctuality_rate,
    (row_number() over (
      order by per.attendance_rate desc, per.punctuality_rate desc, per.hours desc, e.last_name, e.first_name, e.id
    ))::integer,
    coalesce(lv.n, 0)::integer
  from per
  join public.employees e on e.id = per.employee_id
  left join public.departments dep on dep.id = e.department_id
  left join public.sites s on s.id = e.site_id
  left join leave lv on lv.employee_id = per.employee_id
  order by 13;
end
$function$;
revoke all on function public.report_employees(date, date, uuid, uuid[]) from public;
grant execute on function public.report_employees(date, date, uuid, uuid[]) to authenticated, service_role;

-- Monthly Trends: days on leave per month and department.
drop function public.report_monthly(date, date, uuid, uuid[]);
create function public.report_monthly(p_from date, p_to date, p_site_id uuid default null, p_department_ids uuid[] default null)
 returns table(month date, department_id uuid, department_name text, expected_days integer, present_days integer,
   attendance_rate numeric, hours numeric, average_hours numeric, late_days integer, leave_days integer)
 language plpgsql stable security definer
 set search_path to '' set work_mem to '64MB' set statement_timeout to '60s'
as $function$
#variable_conflict use_column
begin
  perform app.report_check_range(p_from, p_to);
  return query
  with leave as (
    select date_trunc('month', lp.day)::date as month, lp.department_id, count(*) as n
    from app.leave_person_days(p_from, p_to, p_department_ids, p_site_id) lp group by 1, 2
  )
  select m.month, m.department_id, coalesce(dep.name, ''),
    m.expected_days, m.present_days,
    case when m.expected_days = 0 then 0::numeric
      else round(100.0 * m.present_expected / m.expected_days, 1) end,
    round(m.hours, 2),
    case when m.present_days = 0 then 0::numeric else round(m.hours / m.present_days, 2) end,
    m.late_days,
    coalesce(lv.n, 0)::integer
  from (
    -- Days the person was employed only (expected implies employed).
    select f.month, f.department_id,
      sum(f.expected)::integer as expected_days,
      sum(f.present_employed)::integer as present_days,
      sum(f.present_expected) as present_expected,
      sum(f.hours_employed) as hours,
      sum(f.late_employed)::integer as late_days
    from app.person_figures(p_from, p_to, p_department_ids, p_site_id) f
    group by 1, 2
    having bool_or(f.employed)
  ) m
  left join public.departments dep on dep.id = m.department_id
  left join leave lv on lv.month = m.month and lv.department_id is not distinct from m.department_id
  order by m.month, coalesce(dep.name, '');
end
$function$;
revoke all on function public.report_monthly(date, date, uuid, uuid[]) from public;
grant execute on function public.report_monthly(date, date, uuid, uuid[]) to authenticated, service_role;

-- Analytics: a 'leave_by_day' series beside the rate by day (people on leave each site-local day).
create or replace function app.attendance_analytics_at(p_days integer, p_at timestamp with time zone)
 returns table(series text, label text, value numeric)
 language sql stable set search_path to ''
as $function$
  with span as (
    select least(greatest(coalesce(p_days, 30), 1), 366) - 1 as back
  ),
  local_day as materialized (
    select s.id as site_id, (p_at at time zone s.time_zone)::date as today from public.sites s
    union all
    select null, (p_at at time zone 'UTC')::date
  ),
  d as materialized (
    select ad.*
    from app.attendance_days(
      (select min(today) from local_day) - (select back from span), (select max(today) from local_day)
    ) ad
    join local_day l on l.site_id is not distinct from ad.site_id
      and ad.day between l.today - (select back from span) and l.today
  )
  select 'rate_by_day', d.day::text,
    case when count(*) filter (where d.expected) = 0 then 0
      else round(100.0 * count(*) filter (where d.expected and d.present) / count(*) filter (where d.expected), 1) end
  from d group by d.day
  union all
  select 'leave_by_day', d.day::text, count(lp.day)
  from d
  left join app.leave_person_days(
    (select min(today) from local_day) - (select back from span), (select max(today) from local_day)
  ) lp on lp.employee_id = d.employee_id and lp.day = d.day
  group by d.day
  union all
  select 'late_by_department', coalesce(dep.name, '-'), count(*) filter (where d.late)
  from d left join public.departments dep on dep.id = d.department_id
  group by dep.name
  union all
  select 'hours_by_week', date_trunc('week', d.day)::date::text, coalesce(sum(d.hours), 0)
  from d group by date_trunc('week', d.day)
  order by 1, 2
$function$;

-- Recreated functions take Supabase's default grant to anon: a signed-out caller has none of them.
revoke execute on function public.report_daily(date, date, uuid, uuid[]) from anon;
revoke execute on function public.report_employees(date, date, uuid, uuid[]) from anon;
revoke execute on function public.report_monthly(date, date, uuid, uuid[]) from anon;
revoke execute on function app.leave_person_days(date, date, uuid[], uuid, date) from anon;
