-- Running sums per person within each month (app.person_days_cum), maintained with
-- app.person_months by the same refresh: the part of a month a report period cuts is then the
-- difference of two rows per person (the running sum at its last day minus the one the day before
-- its first), instead of every day of it. A year's summary reads about four rows per person for its
-- two cut months besides the whole months.
create table app.person_days_cum (
  employee_id uuid not null,
  day date not null,
  department_id uuid,
  employed_days integer not null,
  expected integer not null,
  present integer not null,
  present_expected integer not null,
  late integer not null,
  absent integer not null,
  hours numeric not null,
  overtime_hours numeric not null,
  present_employed integer not null,
  late_employed integer not null,
  hours_employed numeric not null,
  primary key (employee_id, day)
);
alter table app.person_days_cum enable row level security;
revoke all on app.person_days_cum from anon, authenticated, public;

create or replace function app.person_days_refresh(p_employee_ids uuid[], p_from date, p_to date)
returns void
language plpgsql volatile security definer set search_path = '' set work_mem = '64MB' as $$
declare
  cov record;
  a date;
  b date;
begin
  -- A bulk load (the seed) defers the work to one refresh of everything at its end.
  if current_setting('app.person_days_defer', true) = 'on' then return; end if;
  select c.lo, c.hi into cov from app.person_days_coverage c;
  if not found or p_from is null or p_to is null then return; end if;
  a := greatest(p_from, cov.lo);
  b := least(p_to, cov.hi);
  if a > b or (p_employee_ids is not null and cardinality(p_employee_ids) = 0) then return; end if;

  -- The rows go, and their figures leave the per-day roll-up ...
  with old as (
    delete from app.person_days pd
    where pd.day between a and b and (p_employee_ids is null or pd.employee_id = any (p_employee_ids))
    returning pd.day, pd.site_id, pd.department_id, pd.present, pd.absent, pd.late, pd.expected
  )
  insert into app.day_figures as t (day, site_id, department_id, present, absent, late, expected, present_expected)
  select o.day, o.site_id, o.department_id,
    -count(*) filter (where o.present), -count(*) filter (where o.absent), -count(*) filter (where o.late),
    -count(*) filter (where o.expected), -count(*) filter (where o.expected and o.present)
  from old o group by 1, 2, 3
  on conflict (day, site_id, department_id) do update set
    present = t.present + excluded.present, absent = t.absent + excluded.absent, late = t.late + excluded.late,
    expected = t.expected + excluded.expected, present_expected = t.present_expected + excluded.present_expected;

  -- ... and the definition's rows come back, with theirs.
  with fresh as (
    insert into app.person_days
    select * from app.attendance_days_live(a, b, null, null, p_employee_ids, true)
    returning day, site_id, department_id, present, absent, late, expected
  )
  insert into app.day_figures as t (day, site_id, department_id, present, absent, late, expected, present_expected)
  select f.day, f.site_id, f.department_id,
    count(*) filter (where f.present), count(*) filter (where f.absent), count(*) filter (where f.late),
    count(*) filter (where f.expected), count(*) filter (where f.expected and f.present)
  from fresh f group by 1, 2, 3
  on conflict (day, site_id, department_id) do update set
    present = t.present + excluded.present, absent = t.absent + excluded.absent, late = t.late + excluded.late,
    expected = t.expected + excluded.expected, present_expected = t.present_expected + excluded.present_expected;

  delete from app.person_months pm
  where pm.month between date_trunc('month', a)::date and date_trunc('month', b)::date
    and (p_employee_ids is null or pm.employee_id = any (p_employee_ids));
  insert into app.person_months
  select pd.employee_id, date_trunc('month', pd.day)::date, max(pd.site_id::text)::uuid, max(pd.department_id::text)::uuid,
    bool_or(pd.employed),
    count(*) filter (where pd.expected), count(*) filter (where pd.present),
    count(*) filter (where pd.expected and pd.present), count(*) filter (where pd.late),
    count(*) filter (where pd.absent), coalesce(sum(pd.hours), 0), coalesce(sum(pd.overtime_hours), 0),
    count(*) filter (where pd.present and pd.employed), count(*) filter (where pd.late and pd.employed),
    coalesce(sum(pd.hours) filter (where pd.employed), 0)
  from app.person_days pd
  where pd.day between date_trunc('month', a)::date and (date_trunc('month', b) + interval '1 month - 1 day')::date
    and (p_employee_ids is null or pd.employee_id = any (p_employee_ids))
  group by 1, 2;

  -- The running sums of the same months.
  delete from app.person_days_cum c
  where c.day between date_trunc('month', a)::date and (date_trunc('month', b) + interval '1 month - 1 day')::date
    and (p_employee_ids is null or c.employee_id = any (p_employee_ids));
  insert into app.person_days_cum
  select pd.employee_id, pd.day, pd.department_id,
    sum(pd.employed::int) over w, sum(pd.expected::int) over w, sum(pd.present::int) over w,
    sum((pd.expected and pd.present)::int) over w, sum(pd.late::int) over w, sum(pd.absent::int) over w,
    sum(pd.hours) over w, sum(pd.overtime_hours) over w,
    sum((pd.present and pd.employed)::int) over w, sum((pd.late and pd.employed)::int) over w,
    sum(case when pd.employed then pd.hours else 0 end) over w
  from app.person_days pd
  where pd.day between date_trunc('month', a)::date and (date_trunc('month', b) + interval '1 month - 1 day')::date
    and (p_employee_ids is null or pd.employee_id = any (p_employee_ids))
  window w as (partition by pd.employee_id, date_trunc('month', pd.day) order by pd.day);
end
$$;
revoke execute on function app.person_days_refresh(uuid[], date, date) from anon, authenticated, public;

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
  -- The cut months: [hs, he] at the start, [ts, te] at the end (null: none).
  hs date;
  he date;
  ts date;
  te date;
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
    if a < fa then
      hs := a;
      he := least(b, fa - 1);
    end if;
    ts := greatest(fb + 1, coalesce(he + 1, a));
    te := b;
    if ts > te then
      ts := null;
      te := null;
    end if;
  end if;
  return query
  with cut as (
    -- Running sum at the cut's last day minus the one the day before its first (same month, covered).
    select ce.employee_id, date_trunc('month', x.s)::date as month, ce.department_id,
      ce.employed_days - coalesce(cs.employed_days, 0) > 0 as employed,
      (ce.expected - coalesce(cs.expected, 0))::bigint as expected,
      (ce.present - coalesce(cs.present, 0))::bigint as present,
      (ce.present_expected - coalesce(cs.present_expected, 0))::bigint as present_expected,
      (ce.late - coalesce(cs.late, 0))::bigint as late,
      (ce.absent - coalesce(cs.absent, 0))::bigint as absent,
      ce.hours - coalesce(cs.hours, 0) as hours,
      ce.overtime_hours - coalesce(cs.overtime_hours, 0) as overtime_hours,
      (ce.present_employed - coalesce(cs.present_employed, 0))::bigint as present_employed,
      (ce.late_employed - coalesce(cs.late_employed, 0))::bigint as late_employed,
      ce.hours_employed - coalesce(cs.hours_employed, 0) as hours_employed
    from (values (hs, he), (ts, te)) as x (s, e)
    join app.person_days_cum ce on ce.day = x.e and ce.employee_id = any (ids)
    left join app.person_days_cum cs on cs.employee_id = ce.employee_id and cs.day = x.s - 1
      and x.s - 1 >= lo and date_trunc('month', x.s - 1) = date_trunc('month', x.s)
    where x.s is not null
  ),
  days as (
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
  select c.*, 0::bigint from cut c
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
  -- Missed check-outs of the covered days (open records are few: a partial index).
  select pd.employee_id, date_trunc('month', pd.day)::date, pd.department_id, false,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)
  from app.person_days pd
  where a <= b and pd.open_record and pd.employee_id = any (ids) and pd.day between a and b
    and pd.day < coalesce(
      (select (now() at time zone s.time_zone)::date from public.sites s where s.id = pd.site_id),
      (now() at time zone 'UTC')::date)
  group by 1, 2, 3;
end
$$;
revoke execute on function app.person_figures(date, date, uuid[], uuid, date) from anon, authenticated, public;

-- Fill the running sums for what is already there.
select app.person_days_refresh(null, '-infinity', 'infinity');
