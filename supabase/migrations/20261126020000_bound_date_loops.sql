-- Issue 23 §3: no request can hold the database. Every loop or series over dates has a bounded
-- range: 'infinity' made app.add_business_days loop forever (extract(isodow) of an infinite date is
-- null, so no day ever counted) and a calendar or report over ±infinity or 0001..9999 generated days
-- until someone killed the backend. Dates a person chooses must lie in the product's window
-- (2000-01-01 .. 2100-12-31, the same window the column constraints of 20261126020100 use), and the
-- internal day series refuse a span no screen asks for.

-- The window of plausible dates, in one place.
create or replace function app.date_window_start() returns date
language sql immutable parallel safe as $$ select date '2000-01-01' $$;
create or replace function app.date_window_end() returns date
language sql immutable parallel safe as $$ select date '2100-12-31' $$;

-- Refuses a date a person typed outside the window (±infinity included); returns it otherwise, so
-- that SQL functions can use it inline.
create or replace function app.date_in_window(p_date date) returns date
language plpgsql immutable set search_path = '' as $$
begin
  if p_date is not null and (p_date < app.date_window_start() or p_date > app.date_window_end()) then
    perform app.refuse(
      format('Dates must be between %s and %s', app.date_window_start(), app.date_window_end()),
      'date_out_of_window');
  end if;
  return p_date;
end
$$;

-- Internal day series (attendance figures) cover at most this many days: a report of 5 years and
-- its previous period of 5 years, with room to spare.
create or replace function app.assert_day_span(p_from date, p_to date, p_max_days integer default 4000)
returns void
language plpgsql immutable set search_path = '' as $$
begin
  if p_from is null or p_to is null then
    return;
  end if;
  if not (isfinite(p_from) and isfinite(p_to)) then
    perform app.refuse('Dates must be finite', 'date_out_of_window');
  end if;
  if p_to - p_from > p_max_days then
    perform app.refuse(format('A date range covers at most %s days', p_max_days), 'date_range_too_long');
  end if;
end
$$;

grant execute on function app.date_window_start(), app.date_window_end(), app.date_in_window(date),
  app.assert_day_span(date, date, integer) to anon, authenticated, service_role;

-- Payment release: at most 5 business days after a date of the window. The loop also stops after
-- 60 calendar days whatever the holidays table says (a year of holidays cannot hold it).
create or replace function app.add_business_days(start_date date, days integer, country public.country_code)
returns date
language plpgsql stable security definer set search_path = '' as $$
declare
  result date := app.date_in_window(start_date);
  remaining integer := least(greatest(coalesce(days, 0), 0), 5);
  steps integer := 0;
begin
  while remaining > 0 loop
    result := result + 1;
    steps := steps + 1;
    if steps > 60 then
      perform app.refuse('No business day found within 60 days', 'business_days_not_found');
    end if;
    if extract(isodow from result) < 6
       and not exists (select 1 from public.holidays h where h.country = add_business_days.country and h.date = result) then
      remaining := remaining - 1;
    end if;
  end loop;
  return result;
end
$$;

-- Reports: both dates in the window, as well as in order and at most 5 years apart.
create or replace function app.report_check_range(p_from date, p_to date)
returns void
language plpgsql stable set search_path = '' as $$
begin
  if p_from is null or p_to is null then
    perform app.refuse('Start and end dates are required');
  end if;
  perform app.date_in_window(p_from);
  perform app.date_in_window(p_to);
  if p_to < p_from then
    perform app.refuse('The end date must be on or after the start date');
  end if;
  if p_to > (p_from + interval '5 years')::date then
    perform app.refuse('A report covers at most 5 years');
  end if;
end
$$;

-- The per-person day figures behind the dashboard, calendar, analytics and portals: a bounded span.
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
language plpgsql stable security definer set search_path = '' set work_mem = '64MB' as $$
declare
  cov record;
  ids uuid[];
begin
  perform app.assert_day_span(p_from, p_to);
  select c.lo, c.hi into cov from app.person_days_coverage c;
  if not found then
    return query select * from app.attendance_days_live(p_from, p_to, p_department_ids, p_site_id, p_employee_ids);
    return;
  end if;
  if greatest(p_from, cov.lo) <= least(p_to, cov.hi) then
    select array_agg(s.id) into ids from app.attendance_staff(p_from, p_department_ids, p_site_id, p_employee_ids) s;
    return query select pd.* from app.person_days pd
      where pd.employee_id = any (ids) and pd.day between greatest(p_from, cov.lo) and least(p_to, cov.hi);
  end if;
  if p_from < cov.lo then
    return query select * from app.attendance_days_live(p_from, least(p_to, cov.lo - 1), p_department_ids, p_site_id, p_employee_ids);
  end if;
  if p_to > cov.hi then
    return query select * from app.attendance_days_live(
      p_from, p_to, p_department_ids, p_site_id, p_employee_ids, false, greatest(p_from, cov.hi + 1));
  end if;
end
$$;

-- The dashboard calendar: one month of the window (its day series is the month's).
create or replace function public.attendance_calendar(p_month date, p_site_id uuid default null)
returns table (day date, expected integer, present integer, late integer, absent integer, hours numeric, holidays text[])
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
