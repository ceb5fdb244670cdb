-- Reports over a year of a thousand people aggregate ~365k attendance days: aggregate by ids
-- first and join names afterwards (a few dozen rows instead of every day), and look a site's
-- local date up only for the rare open records. Same results as 20261123005100.

create or replace function public.report_monthly(
  p_from date, p_to date, p_site_id uuid default null, p_department_ids uuid[] default null
)
returns table (
  month date, department_id uuid, department_name text,
  expected_days integer, present_days integer, attendance_rate numeric, hours numeric,
  average_hours numeric, late_days integer
)
language plpgsql stable security definer set search_path = '' set work_mem = '64MB' as $$
#variable_conflict use_column
begin
  perform app.report_check_range(p_from, p_to);
  return query
  select m.month, m.department_id, coalesce(dep.name, ''),
    m.expected_days, m.present_days,
    case when m.expected_days = 0 then 0::numeric
      else round(100.0 * m.present_expected / m.expected_days, 1) end,
    round(m.hours, 2),
    case when m.present_days = 0 then 0::numeric else round(m.hours / m.present_days, 2) end,
    m.late_days
  from (
    select date_trunc('month', ad.day)::date as month, ad.department_id,
      count(*) filter (where ad.expected)::integer as expected_days,
      count(*) filter (where ad.present)::integer as present_days,
      count(*) filter (where ad.expected and ad.present) as present_expected,
      sum(ad.hours) as hours,
      count(*) filter (where ad.late)::integer as late_days
    from app.attendance_days(p_from, p_to, p_department_ids, p_site_id) ad
    where ad.employed
    group by 1, 2
  ) m
  left join public.departments dep on dep.id = m.department_id
  order by m.month, coalesce(dep.name, '');
end
$$;

create or replace function public.report_summary(
  p_from date, p_to date, p_site_id uuid default null, p_department_ids uuid[] default null
)
returns table (measure text, current_value numeric, previous_value numeric, change_percent numeric)
language plpgsql stable security definer set search_path = '' set work_mem = '64MB' as $$
#variable_conflict use_column
declare
  len integer;
begin
  perform app.report_check_range(p_from, p_to);
  len := p_to - p_from + 1;
  return query
  with d as (
    select ad.employee_id, ad.employed, ad.expected, ad.present, ad.late, ad.absent, ad.hours,
      ad.overtime_hours, ad.day >= p_from as is_current,
      -- A missed check-out: still open once the site's local day is over (looked up only for open records).
      ad.open_record and ad.day < coalesce(
        (select (now() at time zone s.time_zone)::date from public.sites s where s.id = ad.site_id),
        (now() at time zone 'UTC')::date) as missed
    from app.attendance_days(p_from - len, p_to, p_department_ids, p_site_id) ad
  ),
  per as (
    select p.is_current,
      count(distinct d.employee_id) filter (where d.employed)::numeric as headcount,
      case when count(*) filter (where d.expected) = 0 then 0::numeric
        else round(100.0 * count(*) filter (where d.expected and d.present) / count(*) filter (where d.expected), 1)
      end as attendance_rate,
      case when count(*) filter (where d.present) = 0 then 0::numeric
        else round(coalesce(sum(d.hours), 0) / count(*) filter (where d.present), 2)
      end as average_hours,
      count(*) filter (where d.late)::numeric as late_days,
      count(*) filter (where d.absent)::numeric as absences,
      round(coalesce(sum(d.overtime_hours), 0), 2) as overtime_hours,
      count(*) filter (where d.missed)::numeric as missed_checkouts
    from (values (true), (false)) as p (is_current)
    left join d on d.is_current = p.is_current
    group by p.is_current
  ),
  m as (
    select per.is_current, x.ord, x.measure, x.value
    from per cross join lateral (values
      (1, 'headcount', per.headcount), (2, 'attendance_rate', per.attendance_rate),
      (3, 'average_hours', per.average_hours), (4, 'late_days', per.late_days),
      (5, 'absences', per.absences), (6, 'overtime_hours', per.overtime_hours),
      (7, 'missed_checkouts', per.missed_checkouts)
    ) as x (ord, measure, value)
  )
  select c.measure, c.value, p.value,
    case when p.value is null or p.value = 0 then null else round(100.0 * (c.value - p.value) / p.value, 1) end
  from m c join m p on p.measure = c.measure and not p.is_current
  where c.is_current
  order by c.ord;
end
$$;

-- Daily: aggregate the days by date, then put every date of the period in (days without anyone too).
create or replace function public.report_daily(
  p_from date, p_to date, p_site_id uuid default null, p_department_ids uuid[] default null
)
returns table (day date, present integer, absent integer, late integer, total integer, rate numeric)
language plpgsql stable security definer set search_path = '' set work_mem = '64MB' as $$
#variable_conflict use_column
begin
  perform app.report_check_range(p_from, p_to);
  return query
  select c.d::date, coalesce(x.present, 0), coalesce(x.absent, 0), coalesce(x.late, 0), coalesce(x.total, 0),
    case when coalesce(x.total, 0) = 0 then 0::numeric else round(100.0 * x.present_expected / x.total, 1) end
  from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') as c (d)
  left join (
    select ad.day,
      count(*) filter (where ad.present)::integer as present,
      count(*) filter (where ad.absent)::integer as absent,
      count(*) filter (where ad.late)::integer as late,
      count(*) filter (where ad.expected)::integer as total,
      count(*) filter (where ad.expected and ad.present) as present_expected
    from app.attendance_days(p_from, p_to, p_department_ids, p_site_id) ad
    group by ad.day
  ) x on x.day = c.d::date
  order by c.d;
end
$$;
