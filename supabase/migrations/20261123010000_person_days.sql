-- Daily figures per person, materialised: app.person_days holds, for every non-kiosk employee and
-- every day of a covered range, exactly the row the one definition of an attendance day computes
-- (app.attendance_days_live below: the body of 20261123009200, unchanged but for its "who" part,
-- now app.attendance_staff). The reports and the dashboards read the table instead of computing a
-- year of person-days on every call.
--
-- Always equal to the definition:
--   - the covered range is [lo, hi] (app.person_days_coverage) with hi <= yesterday in UTC, which is
--     on or before the local "today" of every time zone: a covered day has begun everywhere, so its
--     absences are final and only a change of the data can change its row;
--   - every change of the data the definition reads refreshes the rows it affects (statement
--     triggers below): attendances (punches, corrections, manual entries, replays), employees
--     (site, department, status, dates, role), sites (time zone, country), shifts and shift
--     assignments, holidays, and the default working hours of system_settings. The lateness
--     threshold is not read by the definition (a record's punctuality is decided at check-in);
--   - a refresh recomputes the rows FROM app.attendance_days_live, never from a copy of its rules;
--   - days outside [lo, hi] (today, the future, the past before lo) are computed live on read, so
--     a day that passes is never stale; the next write after midnight UTC (any punch) moves hi up to
--     yesterday in one insert of a day per person (no cron needed).
-- app.attendance_days keeps its signature and scope: table rows for the covered days of the
-- caller's staff, the live definition for the rest.
--
-- Two roll-ups of the table, maintained with it, serve the reports: app.person_months (per person
-- and month) and app.day_figures (per day, site and department). Everything lives in the private
-- schema app with row-level security on and no policy: only security definer functions read it.

-- Who the days are about: the caller's scope (as before), or everyone but kiosks (p_all: the
-- table's own maintenance, never reachable through the API).
create or replace function app.attendance_staff(
  p_from date,
  p_department_ids uuid[] default null,
  p_site_id uuid default null,
  p_employee_ids uuid[] default null,
  p_all boolean default false
)
returns table (
  id uuid, site_id uuid, department_id uuid, country public.country_code, first_day date, last_day date, today date
)
language sql stable security definer set search_path = '' as $$
  with me as materialized (
    select app.my_employee_id() as id, app.my_role() as role, app.is_trusted() as trusted
  )
  select e.id, e.site_id, e.department_id, s.country,
    -- A suspended ('inactive') account has no date: never employed (a null first day).
    case when e.status <> 'inactive'
      then coalesce(e.joining_date, (e.created_at at time zone coalesce(s.time_zone, 'UTC'))::date) end,
    case when e.status = 'terminated'
      then (e.terminated_at at time zone coalesce(s.time_zone, 'UTC'))::date else 'infinity'::date end,
    (now() at time zone coalesce(s.time_zone, 'UTC'))::date
  from public.employees e
  left join public.sites s on s.id = e.site_id
  cross join me
  where e.role <> 'kiosk'
    and (p_all
      or me.trusted
      or me.role in ('admin', 'hr')
      or (me.role in ('manager', 'employee') and e.id = me.id)
      or (me.role = 'manager' and e.id in (select app.my_team_ids())))
    and (p_department_ids is null or e.department_id = any (p_department_ids))
    and (p_site_id is null or e.site_id = p_site_id)
    and (p_employee_ids is null or e.id = any (p_employee_ids))
    -- Archived before the period: nothing to say about them (the table keeps everyone).
    and (p_all or e.status <> 'terminated'
      or (e.terminated_at at time zone coalesce(s.time_zone, 'UTC'))::date >= p_from)
$$;
revoke execute on function app.attendance_staff(date, uuid[], uuid, uuid[], boolean) from anon, authenticated, public;

-- The ONE definition of an attendance day (see 20261123000200 for the meaning of each column and
-- 20261123009200 for "a future day is never absent"). Only the staff part moved to
-- app.attendance_staff.
create or replace function app.attendance_days_live(
  p_from date,
  p_to date,
  p_department_ids uuid[] default null,
  p_site_id uuid default null,
  p_employee_ids uuid[] default null,
  p_all boolean default false
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
    select h.country, h.date from public.holidays h where h.date between p_from and p_to
  ),
  att as materialized (
    select a.employee_id, a.date,
      bool_or(a.punctuality = 'late') as late,
      coalesce(sum(a.total_hours), 0) as hours,
      bool_or(a.check_out is null) as open_record
    from public.attendances a
    where a.date between p_from and p_to and a.employee_id = any ((select array_agg(id) from staff)::uuid[])
    group by a.employee_id, a.date
  ),
  calendar as materialized (
    select g.d::date as day, extract(isodow from g.d)::integer as dow
    from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') as g (d)
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
revoke execute on function app.attendance_days_live(date, date, uuid[], uuid, uuid[], boolean) from anon, authenticated, public;

-- The table: one row per (employee, day) of the covered range, columns as app.attendance_days.
create table app.person_days (
  employee_id uuid not null,
  day date not null,
  site_id uuid,
  department_id uuid,
  employed boolean not null,
  expected boolean not null,
  holiday boolean not null,
  present boolean not null,
  late boolean not null,
  absent boolean not null,
  hours numeric not null,
  open_record boolean not null,
  scheduled_hours numeric,
  overtime_hours numeric,
  primary key (employee_id, day)
);
create index person_days_day_idx on app.person_days (day);
create index person_days_open_idx on app.person_days (employee_id, day) where open_record;

create table app.person_days_coverage (
  id boolean primary key default true check (id),
  lo date not null,
  hi date not null
);

-- Per person and calendar month: the sums the reports need (the *_employed columns count only
-- days the person was employed, as the monthly trends do).
create table app.person_months (
  employee_id uuid not null,
  month date not null,
  site_id uuid,
  department_id uuid,
  employed boolean not null,
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
  primary key (employee_id, month)
);

-- Per day, site and department, over every row of the table (kept by deltas).
create table app.day_figures (
  day date not null,
  site_id uuid,
  department_id uuid,
  present integer not null,
  absent integer not null,
  late integer not null,
  expected integer not null,
  present_expected integer not null
);
create unique index day_figures_key on app.day_figures (day, site_id, department_id) nulls not distinct;

alter table app.person_days enable row level security;
alter table app.person_days_coverage enable row level security;
alter table app.person_months enable row level security;
alter table app.day_figures enable row level security;
revoke all on app.person_days, app.person_days_coverage, app.person_months, app.day_figures
  from anon, authenticated, public;

-- Recompute the rows of some employees (null: everyone) over [p_from, p_to] ∩ the covered range,
-- from the definition; the roll-ups follow (day_figures by the difference, person_months by
-- recomputing the months touched).
create or replace function app.person_days_refresh(p_employee_ids uuid[], p_from date, p_to date)
returns void
language plpgsql volatile security definer set search_path = '' set work_mem = '64MB' as $$
declare
  cov record;
  a date;
  b date;
begin
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
end
$$;
revoke execute on function app.person_days_refresh(uuid[], date, date) from anon, authenticated, public;

-- Move the covered range up to yesterday (UTC) when a day has passed: one insert of the new days.
create or replace function app.person_days_advance() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  target date := (now() at time zone 'UTC')::date - 1;
  old_hi date;
begin
  select c.hi into old_hi from app.person_days_coverage c;
  if not found or old_hi >= target then return; end if;
  -- One writer moves it; the others wait here and then find it done.
  select c.hi into old_hi from app.person_days_coverage c for update;
  if old_hi >= target then return; end if;
  update app.person_days_coverage set hi = target;
  perform app.person_days_refresh(null, old_hi + 1, target);
end
$$;
revoke execute on function app.person_days_advance() from anon, authenticated, public;

-- app.attendance_days, same signature, columns and scope: the covered days from the table, the
-- others (today, the future, before lo) from the definition.
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
    return query select * from app.attendance_days_live(greatest(p_from, cov.hi + 1), p_to, p_department_ids, p_site_id, p_employee_ids);
  end if;
end
$$;
revoke execute on function app.attendance_days(date, date, uuid[], uuid, uuid[]) from anon, public;
grant execute on function app.attendance_days(date, date, uuid[], uuid, uuid[]) to authenticated, service_role;

-- Triggers: what each change of the data affects.
create or replace function app.person_days_on_attendances() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ids uuid[];
  a date;
  b date;
begin
  perform app.person_days_advance();
  if tg_op = 'INSERT' then
    select array_agg(distinct n.employee_id), min(n.date), max(n.date) into ids, a, b from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.employee_id), min(o.date), max(o.date) into ids, a, b from old_rows o;
  else
    select array_agg(distinct x.employee_id), min(x.date), max(x.date) into ids, a, b
    from (select n.employee_id, n.date from new_rows n union all select o.employee_id, o.date from old_rows o) x;
  end if;
  perform app.person_days_refresh(ids, a, b);
  return null;
end
$$;
create trigger attendances_person_days_ins after insert on public.attendances
  referencing new table as new_rows for each statement execute function app.person_days_on_attendances();
create trigger attendances_person_days_upd after update on public.attendances
  referencing new table as new_rows old table as old_rows for each statement execute function app.person_days_on_attendances();
create trigger attendances_person_days_del after delete on public.attendances
  referencing old table as old_rows for each statement execute function app.person_days_on_attendances();

create or replace function app.person_days_on_employees() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ids uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(n.id) into ids from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(o.id) into ids from old_rows o;
  else
    select array_agg(n.id) into ids from new_rows n join old_rows o on o.id = n.id
    where (n.site_id, n.department_id, n.status, n.joining_date, n.created_at, n.terminated_at, n.role)
      is distinct from (o.site_id, o.department_id, o.status, o.joining_date, o.created_at, o.terminated_at, o.role);
  end if;
  if ids is not null then
    perform app.person_days_refresh(ids, '-infinity', 'infinity');
  end if;
  return null;
end
$$;
create trigger employees_person_days_ins after insert on public.employees
  referencing new table as new_rows for each statement execute function app.person_days_on_employees();
create trigger employees_person_days_upd after update on public.employees
  referencing new table as new_rows old table as old_rows for each statement execute function app.person_days_on_employees();
create trigger employees_person_days_del after delete on public.employees
  referencing old table as old_rows for each statement execute function app.person_days_on_employees();

create or replace function app.person_days_on_sites() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.person_days_refresh(
    (select array_agg(e.id) from public.employees e where e.site_id = new.id), '-infinity', 'infinity');
  return null;
end
$$;
create trigger sites_person_days after update of time_zone, country on public.sites
  for each row when ((old.time_zone, old.country) is distinct from (new.time_zone, new.country))
  execute function app.person_days_on_sites();

create or replace function app.person_days_on_assignments() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ids uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct n.employee_id) into ids from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.employee_id) into ids from old_rows o;
  else
    select array_agg(distinct x.employee_id) into ids
    from (select n.employee_id from new_rows n union all select o.employee_id from old_rows o) x;
  end if;
  if ids is not null then
    perform app.person_days_refresh(ids, '-infinity', 'infinity');
  end if;
  return null;
end
$$;
create trigger shift_assignments_person_days_ins after insert on public.shift_assignments
  referencing new table as new_rows for each statement execute function app.person_days_on_assignments();
create trigger shift_assignments_person_days_upd after update on public.shift_assignments
  referencing new table as new_rows old table as old_rows for each statement execute function app.person_days_on_assignments();
create trigger shift_assignments_person_days_del after delete on public.shift_assignments
  referencing old table as old_rows for each statement execute function app.person_days_on_assignments();

create or replace function app.person_days_on_shifts() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.person_days_refresh(
    (select array_agg(distinct sa.employee_id) from public.shift_assignments sa where sa.shift_id = new.id),
    '-infinity', 'infinity');
  return null;
end
$$;
create trigger shifts_person_days after update on public.shifts
  for each row when ((old.start_time, old.end_time, old.break_duration, old.days_of_week)
    is distinct from (new.start_time, new.end_time, new.break_duration, new.days_of_week))
  execute function app.person_days_on_shifts();

create or replace function app.person_days_on_holidays_ins() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  h record;
begin
  for h in select n.country, min(n.date) as a, max(n.date) as b from new_rows n group by n.country loop
    perform app.person_days_refresh(
      (select array_agg(e.id) from public.employees e join public.sites s on s.id = e.site_id where s.country = h.country),
      h.a, h.b);
  end loop;
  return null;
end
$$;
create or replace function app.person_days_on_holidays_del() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  h record;
begin
  for h in select o.country, min(o.date) as a, max(o.date) as b from old_rows o group by o.country loop
    perform app.person_days_refresh(
      (select array_agg(e.id) from public.employees e join public.sites s on s.id = e.site_id where s.country = h.country),
      h.a, h.b);
  end loop;
  return null;
end
$$;
create or replace function app.person_days_on_holidays_upd() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  h record;
begin
  for h in
    select x.country, min(x.date) as a, max(x.date) as b
    from (select n.country, n.date from new_rows n union all select o.country, o.date from old_rows o) x
    group by x.country
  loop
    perform app.person_days_refresh(
      (select array_agg(e.id) from public.employees e join public.sites s on s.id = e.site_id where s.country = h.country),
      h.a, h.b);
  end loop;
  return null;
end
$$;
create trigger holidays_person_days_ins after insert on public.holidays
  referencing new table as new_rows for each statement execute function app.person_days_on_holidays_ins();
create trigger holidays_person_days_upd after update on public.holidays
  referencing new table as new_rows old table as old_rows for each statement execute function app.person_days_on_holidays_upd();
create trigger holidays_person_days_del after delete on public.holidays
  referencing old table as old_rows for each statement execute function app.person_days_on_holidays_del();

-- The default plan (no shift: working_hours - break_time, Monday to Friday).
create or replace function app.person_days_on_settings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.person_days_refresh(null, '-infinity', 'infinity');
  return null;
end
$$;
create trigger system_settings_person_days after update on public.system_settings
  for each row when ((old.working_hours, old.break_time) is distinct from (new.working_hours, new.break_time))
  execute function app.person_days_on_settings();

-- The covered range starts about two years back (a year's report against the year before) and
-- ends yesterday (UTC); filled now for the people already there.
insert into app.person_days_coverage (lo, hi)
values ((now() at time zone 'UTC')::date - 800, (now() at time zone 'UTC')::date - 1);
select app.person_days_refresh(null, '-infinity', 'infinity');
