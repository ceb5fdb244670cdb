-- The reports on the daily figures of app.person_days and its roll-ups (20261123010000): same
-- signatures, columns, scope, messages and results as 20261123005100/5200/5400, without computing
-- a year of person-days on every call.
--
-- First, app.attendance_days_live learns to compute only the days from p_first_day while deciding
-- who is staff from p_from: the part of a period that is not in the table (today, say) then has
-- exactly the people the whole period has (someone archived during the period included).
drop function app.attendance_days_live(date, date, uuid[], uuid, uuid[], boolean);
create or replace function app.attendance_days_live(
  p_from date,
  p_to date,
  p_department_ids uuid[] default null,
  p_site_id uuid default null,
  p_employee_ids uuid[] default null,
  p_all boolean default false,
  p_first_day date default null
)
returns table (
  employee_id uuid, day date, site_id uuid, department_id uuid,
  employed boolean, expected boolean, holiday boolean, present boolean, late boolean, absent boolean,
  hours numeric, open_record boolean, scheduled_hours numeric, overtime_hours numeric
)
language sql stable security definer set search_path = ''
set work_mem = '64MB' as $$
  with staff as materialized (
    select * from app.attendance_staff(p_from, p_department_ids, p_site_id, p_employee_ids, p_all)
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
    select h.country, h.date from public.holidays h where h.date between coalesce(p_first_day, p_from) and p_to
  ),
  att as materialized (
    select a.employee_id, a.date,
      bool_or(a.punctuality = 'late') as late,
      coalesce(sum(a.total_hours), 0) as hours,
      bool_or(a.check_out is null) as open_record
    from public.attendances a
    where a.date between coalesce(p_first_day, p_from) and p_to and a.employee_id = any ((select array_agg(id) from staff)::uuid[])
    group by a.employee_id, a.date
  ),
  calendar as materialized (
    select g.d::date as day, extract(isodow from g.d)::integer as dow
    from generate_series(coalesce(p_first_day, p_from)::timestamp, p_to::timestamp, interval '1 day') as g (d)
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
revoke execute on function app.attendance_days_live(date, date, uuid[], uuid, uuid[], boolean, date) from anon, authenticated, public;

-- app.attendance_days with the same staff for the part after the table.
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
revoke execute on function app.attendance_days(date, date, uuid[], uuid, uuid[]) from anon, public;
grant execute on function app.attendance_days(date, date, uuid[], uuid, uuid[]) to authenticated, service_role;

-- Per person and month, the sums a report needs over [p_from, p_to] for the caller's staff (who is
-- staff is decided at p_staff_from, default p_from, as app.attendance_days decides it): whole months
-- of the covered range from app.person_months, the other covered days from app.person_days, the
-- rest from the definition. A person and month can come in several parts: add them up.
-- missed: records still open once the site's local day is over.
create or replace function app.person_figures(
  p_from date, p_to date, p_department_ids uuid[] default null, p_site_id uuid default null,
  p_staff_from date default null
)
returns table (
  employee_id uuid, month date, department_id uuid, employed boolean,
  expected bigint, present bigint, present_expected bigint, late bigint, absent bigint,
  hours numeric, overtime_hours numeric, present_employed bigint, late_employed bigint, hours_employed numeric,
  missed bigint
)
language plpgsql stable security definer set search_path = '' set work_mem = '64MB' as $$
declare
  staff_from date := coalesce(p_staff_from, p_from);
  lo date;
  hi date;
  a date;
  b date;
  fa date;
  fb date;
  ids uuid[];
begin
  select c.lo, c.hi into lo, hi from app.person_days_coverage c;
  if lo is null or lo > p_to or hi < p_from then
    lo := p_to + 1;
    hi := p_to;
  end if;
  a := greatest(p_from, lo);
  b := least(p_to, hi);
  -- The months whose covered days all lie inside [a, b] (fa > fb: none); the table's rows of such a
  -- month are its days from lo (the first month) up to hi (the last).
  fa := case when a = date_trunc('month', a)::date or a = lo then date_trunc('month', a)::date
    else (date_trunc('month', a) + interval '1 month')::date end;
  fb := case when b = hi then (date_trunc('month', b) + interval '1 month')::date - 1
    else date_trunc('month', b + 1)::date - 1 end;
  if a <= b then
    select array_agg(s.id) into ids from app.attendance_staff(staff_from, p_department_ids, p_site_id) s;
  end if;
  return query
  with days as (
    select pd.* from app.person_days pd
    where a <= b and pd.employee_id = any (ids) and pd.day between a and b and not (pd.day between fa and fb)
    union all
    select l.* from app.attendance_days_live(staff_from, least(p_to, lo - 1), p_department_ids, p_site_id, null, false, p_from) l
    where p_from < lo
    union all
    select l.* from app.attendance_days_live(staff_from, p_to, p_department_ids, p_site_id, null, false, greatest(p_from, hi + 1)) l
    where p_to > hi
  )
  select pm.employee_id, pm.month, pm.department_id, pm.employed,
    pm.expected::bigint, pm.present::bigint, pm.present_expected::bigint, pm.late::bigint, pm.absent::bigint,
    pm.hours, pm.overtime_hours, pm.present_employed::bigint, pm.late_employed::bigint, pm.hours_employed,
    0::bigint
  from app.person_months pm
  where fa <= fb and a <= b and pm.employee_id = any (ids) and pm.month between fa and fb
  union all
  select d.employee_id, date_trunc('month', d.day)::date, d.department_id, bool_or(d.employed),
    count(*) filter (where d.expected), count(*) filter (where d.present),
    count(*) filter (where d.expected and d.present), count(*) filter (where d.late),
    count(*) filter (where d.absent), coalesce(sum(d.hours), 0), coalesce(sum(d.overtime_hours), 0),
    count(*) filter (where d.present and d.employed), count(*) filter (where d.late and d.employed),
    coalesce(sum(d.hours) filter (where d.employed), 0),
    count(*) filter (where d.open_record and d.day < coalesce(
      (select (now() at time zone s.time_zone)::date from public.sites s where s.id = d.site_id),
      (now() at time zone 'UTC')::date))
  from days d
  group by 1, 2, 3
  union all
  -- Missed check-outs inside the whole months (open records are few: a partial index).
  select pd.employee_id, date_trunc('month', pd.day)::date, pd.department_id, false,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)
  from app.person_days pd
  where fa <= fb and a <= b and pd.open_record and pd.employee_id = any (ids) and pd.day between fa and fb
    and pd.day < coalesce(
      (select (now() at time zone s.time_zone)::date from public.sites s where s.id = pd.site_id),
      (now() at time zone 'UTC')::date)
  group by 1, 2, 3;
end
$$;
revoke execute on function app.person_figures(date, date, uuid[], uuid, date) from anon, authenticated, public;

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
    from per cross join lateral (values
      (1, 'headcount', per.headcount), (2, 'attendance_rate', per.attendance_rate),
      (3, 'average_hours', per.average_hours), (4, 'late_days', per.late_days),
      (5, 'absences', per.absences), (6, 'overtime_hours', per.overtime_hours),
      (7, 'missed_checkouts', per.missed_checkouts)
    ) as v (ord, measure, value)
  )
  select c.measure, c.value, p.value,
    case when p.value is null or p.value = 0 then null else round(100.0 * (c.value - p.value) / p.value, 1) end
  from m c join m p on p.measure = c.measure and not p.is_current
  where c.is_current
  order by c.ord;
end
$$;

create or replace function public.report_employees(
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
  with sums as (
    select f.employee_id, sum(f.expected) as expected, sum(f.present) as present, sum(f.late) as late,
      sum(f.absent) as absent, sum(f.present_expected) as present_expected,
      sum(f.hours) as hours, sum(f.overtime_hours) as overtime
    from app.person_figures(p_from, p_to, p_department_ids, p_site_id) f
    group by f.employee_id
    having bool_or(f.employed)
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
    ))::integer
  from per
  join public.employees e on e.id = per.employee_id
  left join public.departments dep on dep.id = e.department_id
  left join public.sites s on s.id = e.site_id
  order by 13;
end
$$;

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
  order by m.month, coalesce(dep.name, '');
end
$$;

-- Daily: for admin, HR and trusted callers (everyone) the per-day roll-up, less the people it holds
-- whom the period leaves out (archived before it); for others their staff's rows. Plus the days
-- outside the table from the definition.
create or replace function public.report_daily(
  p_from date, p_to date, p_site_id uuid default null, p_department_ids uuid[] default null
)
returns table (day date, present integer, absent integer, late integer, total integer, rate numeric)
language plpgsql stable security definer set search_path = '' set work_mem = '64MB' as $$
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
  )
  select c.d::date, coalesce(x.present, 0)::integer, coalesce(x.absent, 0)::integer, coalesce(x.late, 0)::integer,
    coalesce(x.total, 0)::integer,
    case when coalesce(x.total, 0) = 0 then 0::numeric else round(100.0 * x.present_expected / x.total, 1) end
  from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') as c (d)
  left join x on x.day = c.d::date
  order by c.d;
end
$$;
