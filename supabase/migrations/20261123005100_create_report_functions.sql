-- The four reports of /reports, each one database function on app.attendance_days (the one
-- definition of expected, present, late and absent shared with the dashboards). Each is
-- security definer and scoped to the caller by app.attendance_days itself: admin and HR everyone,
-- a manager their team and themselves, an employee themselves, kiosks and anonymous callers nobody.
-- Days are the site-local dates of app.attendance_days; filters narrow the caller's scope.
--
--   rate            present on an expected day / expected days × 100, 1 decimal (0 without expected days)
--   average hours   hours of closed records / days present, 2 decimals
--   late            days with a late arrival
--   absences        expected days without any record
--   overtime hours  app.attendance_days.overtime_hours summed, 2 decimals
--   missed check-outs  days whose record is still open once the site's local day is over

-- A report covers 1 day to 5 years; anything else is a clear message (PostgREST answers 400).
create function app.report_check_range(p_from date, p_to date) returns void
language plpgsql stable set search_path = '' as $$
begin
  if p_from is null or p_to is null then
    perform app.refuse('Start and end dates are required');
  end if;
  if p_to < p_from then
    perform app.refuse('The end date must be on or after the start date');
  end if;
  if p_to > (p_from + interval '5 years')::date then
    perform app.refuse('A report covers at most 5 years');
  end if;
end
$$;

-- Executive summary: each measure for the period and for the period of the same length just before.
create function public.report_summary(
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
    select ad.*, case when ad.day >= p_from then 'current' else 'previous' end as period,
      ad.open_record and ad.day < (now() at time zone coalesce(s.time_zone, 'UTC'))::date as missed
    from app.attendance_days(p_from - len, p_to, p_department_ids, p_site_id) ad
    left join public.sites s on s.id = ad.site_id
  ),
  per as (
    select p.period,
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
    from (values ('current'), ('previous')) as p (period)
    left join d on d.period = p.period
    group by p.period
  ),
  m as (
    select per.period, x.ord, x.measure, x.value
    from per cross join lateral (values
      (1, 'headcount', per.headcount), (2, 'attendance_rate', per.attendance_rate),
      (3, 'average_hours', per.average_hours), (4, 'late_days', per.late_days),
      (5, 'absences', per.absences), (6, 'overtime_hours', per.overtime_hours),
      (7, 'missed_checkouts', per.missed_checkouts)
    ) as x (ord, measure, value)
  )
  select c.measure, c.value, p.value,
    case when p.value is null or p.value = 0 then null else round(100.0 * (c.value - p.value) / p.value, 1) end
  from m c join m p on p.measure = c.measure and p.period = 'previous'
  where c.period = 'current'
  order by c.ord;
end
$$;

-- Daily analytics: the spec's table (Date, Present, Absent, Late, Total, Rate), one row per day.
-- Total is the number of people expected that day; Present counts everyone who came (also on a
-- day they were not expected); Rate is present-on-an-expected-day / Total.
create function public.report_daily(
  p_from date, p_to date, p_site_id uuid default null, p_department_ids uuid[] default null
)
returns table (day date, present integer, absent integer, late integer, total integer, rate numeric)
language plpgsql stable security definer set search_path = '' set work_mem = '64MB' as $$
#variable_conflict use_column
begin
  perform app.report_check_range(p_from, p_to);
  return query
  select c.d::date,
    coalesce(count(*) filter (where ad.present), 0)::integer,
    coalesce(count(*) filter (where ad.absent), 0)::integer,
    coalesce(count(*) filter (where ad.late), 0)::integer,
    coalesce(count(*) filter (where ad.expected), 0)::integer,
    case when count(*) filter (where ad.expected) = 0 then 0::numeric
      else round(100.0 * count(*) filter (where ad.expected and ad.present) / count(*) filter (where ad.expected), 1)
    end
  from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') as c (d)
  left join app.attendance_days(p_from, p_to, p_department_ids, p_site_id) ad on ad.day = c.d::date
  group by c.d
  order by c.d;
end
$$;

-- Employee performance: one row per person of the caller's scope employed during the period,
-- ranked best first (attendance rate, then punctuality, then hours).
create function public.report_employees(
  p_from date, p_to date, p_site_id uuid default null, p_department_ids uuid[] default null
)
returns table (
  employee_id uuid, employee_name text, department_name text, site_name text,
  expected_days integer, present_days integer, late_days integer, absent_days integer,
  hours numeric, overtime_hours numeric, attendance_rate numeric, punctuality_rate numeric, rank integer
)
language plpgsql stable security definer set search_path = '' set work_mem = '64MB' as $$
#variable_conflict use_column
begin
  perform app.report_check_range(p_from, p_to);
  return query
  with per as (
    select ad.employee_id,
      count(*) filter (where ad.expected)::integer as expected_days,
      count(*) filter (where ad.present)::integer as present_days,
      count(*) filter (where ad.late)::integer as late_days,
      count(*) filter (where ad.absent)::integer as absent_days,
      round(sum(ad.hours), 2) as hours,
      round(sum(ad.overtime_hours), 2) as overtime_hours,
      case when count(*) filter (where ad.expected) = 0 then 0::numeric
        else round(100.0 * count(*) filter (where ad.expected and ad.present) / count(*) filter (where ad.expected), 1)
      end as attendance_rate,
      case when count(*) filter (where ad.present) = 0 then 0::numeric
        else round(100.0 * count(*) filter (where ad.present and not ad.late) / count(*) filter (where ad.present), 1)
      end as punctuality_rate
    from app.attendance_days(p_from, p_to, p_department_ids, p_site_id) ad
    group by ad.employee_id
    having bool_or(ad.employed)
  )
  select per.employee_id, btrim(e.first_name || ' ' || e.last_name), dep.name, s.name,
    per.expected_days, per.present_days, per.late_days, per.absent_days, per.hours, per.overtime_hours,
    per.attendance_rate, per.punctuality_rate,
    (row_number() over (
      order by per.attendance_rate desc, per.punctuality_rate desc, per.hours desc, e.last_name, e.first_name, e.id
    ))::integer
  from per
  join public.employees e on e.id = per.employee_id
  left join public.departments dep on dep.id = e.department_id
  left join public.sites s on s.id = e.site_id
  order by 13;
end
$$;

-- Monthly trends: per calendar month (of the period) and department: rate, hours, lateness.
create function public.report_monthly(
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
  select date_trunc('month', ad.day)::date, ad.department_id, coalesce(dep.name, ''),
    count(*) filter (where ad.expected)::integer,
    count(*) filter (where ad.present)::integer,
    case when count(*) filter (where ad.expected) = 0 then 0::numeric
      else round(100.0 * count(*) filter (where ad.expected and ad.present) / count(*) filter (where ad.expected), 1)
    end,
    round(sum(ad.hours), 2),
    case when count(*) filter (where ad.present) = 0 then 0::numeric
      else round(sum(ad.hours) / count(*) filter (where ad.present), 2)
    end,
    count(*) filter (where ad.late)::integer
  from app.attendance_days(p_from, p_to, p_department_ids, p_site_id) ad
  left join public.departments dep on dep.id = ad.department_id
  where ad.employed
  group by 1, 2, 3
  order by 1, 3;
end
$$;

revoke execute on function public.report_summary(date, date, uuid, uuid[]), public.report_daily(date, date, uuid, uuid[]),
  public.report_employees(date, date, uuid, uuid[]), public.report_monthly(date, date, uuid, uuid[]) from anon, public;
grant execute on function public.report_summary(date, date, uuid, uuid[]), public.report_daily(date, date, uuid, uuid[]),
  public.report_employees(date, date, uuid, uuid[]), public.report_monthly(date, date, uuid, uuid[])
  to authenticated, service_role;

-- The audit log as the /audit-log screen reads it: who (the actor's name), and about whom when the
-- entity is an employee. security_invoker: audit_logs' RLS applies (admin and HR only). Read-only.
create view public.audit_entries with (security_invoker = true) as
  select a.id, a.created_at, a.entity, a.entity_id, a.action, a.diff, a.actor_employee_id,
    coalesce(btrim(actor.first_name || ' ' || actor.last_name), '') as actor_name,
    case when a.entity = 'employees' then btrim(subject.first_name || ' ' || subject.last_name) end as subject_name
  from public.audit_logs a
  left join public.employees actor on actor.id = a.actor_employee_id
  left join public.employees subject on a.entity = 'employees' and subject.id::text = a.entity_id;
revoke all on public.audit_entries from anon, public;
grant select on public.audit_entries to authenticated, service_role;
create index if not exists audit_logs_created_idx on public.audit_logs (created_at desc);
