-- The dashboard's Analytics on each site's local days, like the calendar, the records and the
-- summary strip: the last p_days days end on each site's own today (Chicago's evening is still
-- Chicago's day when UTC has already moved on), instead of one window of UTC dates for everybody.
-- A label is a site-local date; on a day where the sites' dates differ the window has one more label
-- (each site's own last p_days days, so a site is never counted on a day it has not reached yet).
--
-- app.attendance_analytics_at answers for any instant (the public function asks for now()); tests
-- use it to stand just before midnight in Chicago. Same role scoping as app.attendance_days.
create or replace function app.attendance_analytics_at(p_days integer, p_at timestamptz)
returns table (series text, label text, value numeric)
language sql stable security invoker set search_path = '' as $$
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
  select 'late_by_department', coalesce(dep.name, '-'), count(*) filter (where d.late)
  from d left join public.departments dep on dep.id = d.department_id
  group by dep.name
  union all
  select 'hours_by_week', date_trunc('week', d.day)::date::text, coalesce(sum(d.hours), 0)
  from d group by date_trunc('week', d.day)
  order by 1, 2
$$;

-- Same signature and columns as before (migration 20261123003000).
create or replace function public.attendance_analytics(p_days integer default 30)
returns table (series text, label text, value numeric)
language sql stable security invoker set search_path = '' as $$
  select a.series, a.label, a.value from app.attendance_analytics_at(p_days, now()) a
$$;

revoke execute on function app.attendance_analytics_at(integer, timestamptz) from anon, public;
grant execute on function app.attendance_analytics_at(integer, timestamptz) to authenticated, service_role;
