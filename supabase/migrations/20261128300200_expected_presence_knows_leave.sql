-- Issue 25 item 4 and issue 27 item 4: who is expected on a day has ONE definition,
-- app.attendance_days_live (materialised in app.person_days, which every count, rate, calendar,
-- report and analytics reads). It now knows approved leave: a full day of approved leave is not
-- expected, so it is never absent. A half day keeps the person expected (they work the other half).
-- app.expected_between labels that definition per person and day for the screens (expected,
-- holiday with its name, on leave with its type, not scheduled, not employed); the portals' and the
-- manager's today_status and the missed check-in alerts read it instead of deciding themselves.
CREATE OR REPLACE FUNCTION app.attendance_days_live(p_from date, p_to date, p_department_ids uuid[] DEFAULT NULL::uuid[], p_site_id uuid DEFAULT NULL::uuid, p_employee_ids uuid[] DEFAULT NULL::uuid[], p_all boolean DEFAULT false, p_first_day date DEFAULT NULL::date)
 RETURNS TABLE(employee_id uuid, day date, site_id uuid, department_id uuid, employed boolean, expected boolean, holiday boolean, present boolean, late boolean, absent boolean, hours numeric, open_record boolean, scheduled_hours numeric, overtime_hours numeric)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET work_mem TO '64MB'
AS $function$
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
  -- Approved full days of leave (app.leave_days: the one source of "on leave").
  on_leave as materialized (
    select distinct l.employee_id, l.day
    from app.leave_days((select array_agg(id) from staff)::uuid[], coalesce(p_first_day, p_from), p_to) l
    where l.half_day is null
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
      lv.day is not null as on_leave,
      st.by_dow[c.dow] as planned,
      c.day <= st.today as begun
    from (
      select staff.id, staff.site_id, staff.department_id, staff.country, staff.first_day, staff.last_day, staff.today,
        coalesce(p.by_dow, (select by_dow from default_plan)) as by_dow
      from staff left join plan p on p.employee_id = staff.id
    ) st
    cross join calendar c
    left join off_days od on od.country = st.country and od.date = c.day
    left join on_leave lv on lv.employee_id = st.id and lv.day = c.day
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
  cross join lateral (select coalesce(d.employed, false) and not d.holiday and not d.on_leave and d.planned is not null as expected) x
  left join att on att.employee_id = d.id and att.date = d.day
$function$;


-- The figures follow a decision at once: approving, cancelling or recording leave refreshes the
-- person's days it covers (as a holiday's change does).
create function app.person_days_on_leave() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    if new.status = 'approved' then
      perform app.person_days_refresh(array[new.employee_id], new.start_date, new.end_date);
    end if;
  elsif tg_op = 'DELETE' then
    if old.status = 'approved' then
      perform app.person_days_refresh(array[old.employee_id], old.start_date, old.end_date);
    end if;
  elsif (old.status = 'approved') <> (new.status = 'approved')
     or (new.status = 'approved' and (old.start_date, old.end_date, old.half_day) is distinct from (new.start_date, new.end_date, new.half_day)) then
    perform app.person_days_refresh(array[new.employee_id], least(old.start_date, new.start_date), greatest(old.end_date, new.end_date));
  end if;
  return null;
end
$$;
revoke all on function app.person_days_on_leave() from public;
create trigger leave_requests_person_days after insert or update or delete on public.leave_requests
  for each row execute function app.person_days_on_leave();

-- The definition's rows with their reason, for the screens: per person (whom the reader may see)
-- and day, 'not_employed', 'holiday' (with its name), 'leave' (a full day, with its type), 'expected'
-- (a shift day; a half day of leave names its type and half), or 'not_scheduled'.
create function app.expected_between(p_employee_ids uuid[], p_from date, p_to date)
returns table (employee_id uuid, day date, status text, holiday_name text, leave_type text, half_day text,
  present boolean, absent boolean, late boolean)
language sql stable security definer set search_path = '' as $$
  select d.employee_id, d.day,
    case when not d.employed then 'not_employed'
      when d.holiday then 'holiday'
      when l.day is not null and l.half_day is null then 'leave'
      when d.expected then 'expected'
      else 'not_scheduled' end,
    h.name, l.leave_type, l.half_day, d.present, d.absent, d.late
  from app.attendance_days_live(p_from, p_to, null, null, p_employee_ids, true) d
  left join public.sites s on s.id = d.site_id
  left join public.holidays h on d.holiday and h.country = s.country and h.date = d.day
  left join lateral (
    select x.day, x.leave_type, x.half_day from app.leave_days(array[d.employee_id], d.day, d.day) x
    order by x.half_day nulls first limit 1
  ) l on true
$$;
revoke all on function app.expected_between(uuid[], date, date) from public;

-- One person and day.
-- One person and day, for whoever may see that person's leave (nothing otherwise).
create function app.expected_on(p_employee uuid, p_day date)
returns table (status text, holiday_name text, leave_type text, half_day text)
language sql stable security definer set search_path = '' as $$
  select x.status, x.holiday_name, x.leave_type, x.half_day
  from app.expected_between(array[p_employee], p_day, p_day) x
  where app.may_see_leave(p_employee)
$$;
revoke all on function app.expected_on(uuid, date) from public;
grant execute on function app.expected_on(uuid, date) to authenticated, service_role;

-- The screens' view of it (the portals' day, the manager's team, the calendar's team leave view):
-- only people the reader may see (attendance_staff's rule), at most 62 days.
create function public.expected_presence(p_from date, p_to date, p_employee_ids uuid[] default null)
returns table (employee_id uuid, day date, status text, holiday_name text, leave_type text, half_day text,
  present boolean, absent boolean, late boolean)
language plpgsql stable security definer set search_path = '' as $$
declare
  ids uuid[];
begin
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 62 then
    perform app.refuse('date.range_too_long', jsonb_build_object('days', 62));
  end if;
  select array_agg(s.id) into ids from app.attendance_staff(p_from, null, null, p_employee_ids) s;
  if ids is null then return; end if;
  return query select * from app.expected_between(ids, p_from, p_to);
end
$$;
revoke all on function public.expected_presence(date, date, uuid[]) from public;
grant execute on function public.expected_presence(date, date, uuid[]) to authenticated, service_role;

-- Today's state of people (the dashboard's quick attendance, the manager's team): without a record
-- today, the definition says why: 'holiday' (with its name), 'on_leave' (with the type), 'off' (not
-- a working day for them, or not employed), else 'absent'. A half day of leave names its type.
drop function public.today_status(uuid[]);
create function public.today_status(p_employee_ids uuid[])
returns table (employee_id uuid, state text, late boolean, check_in timestamptz, check_out timestamptz,
  open_since date, holiday_name text, leave_type text, half_day text)
language sql stable security definer set search_path = '' as $$
  -- Only people whose attendance the reader may see (attendance_staff: admin and HR everyone, a
  -- manager themselves and their team, an employee themselves), as the attendances' RLS did.
  with people as materialized (
    select st.id, st.today
    from app.attendance_staff(app.today() - 1, null, null, p_employee_ids) st
  ),
  plan as (
    select x.* from app.expected_between(
      (select array_agg(p.id) from people p), (select min(today) from people), (select max(today) from people)) x
  )
  select p.id,
    case
      when o.id is not null then 'present'
      when a.id is not null and a.check_out is null then 'present'
      when a.id is not null then 'completed'
      when x.status = 'holiday' then 'holiday'
      when x.status = 'leave' then 'on_leave'
      when x.status in ('not_scheduled', 'not_employed') then 'off'
      else 'absent'
    end,
    coalesce(coalesce(o.punctuality, a.punctuality) = 'late', false),
    coalesce(o.check_in, a.check_in),
    case when o.id is null then a.check_out end,
    case when o.date < p.today then o.date end,
    x.holiday_name, x.leave_type, x.half_day
  from people p
  left join plan x on x.employee_id = p.id and x.day = p.today
  -- The open record, whatever its day (there is at most one: check_in refuses a second).
  left join lateral (
    select * from public.attendances r
    where r.employee_id = p.id and r.check_out is null
    order by r.check_in desc limit 1
  ) o on true
  left join lateral (
    select * from public.attendances r
    where r.employee_id = p.id and r.date = p.today
    order by r.check_in desc limit 1
  ) a on true
$$;
revoke all on function public.today_status(uuid[]) from public;
grant execute on function public.today_status(uuid[]) to authenticated, service_role;

-- Missed check-in alerts: nobody on a holiday or on a full day of leave has missed a check-in.
CREATE OR REPLACE FUNCTION public.missed_punches(p_department_ids uuid[] DEFAULT NULL::uuid[])
 RETURNS TABLE(kind text, employee_id uuid, employee_name text, site_id uuid, shift_name text, expected_at timestamp with time zone, attendance_id uuid)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with staff as (
    select e.id, btrim(e.first_name || ' ' || e.last_name) as name, e.site_id, s.time_zone,
      (app.now() at time zone s.time_zone)::date as today
    from public.employees e join public.sites s on s.id = e.site_id
    where e.status = 'active' and e.role <> 'kiosk'
      and ((select app.scope_departments(p_department_ids)) is null
        or e.department_id = any ((select app.scope_departments(p_department_ids))::uuid[]))
  )
  select 'missed_check_in', st.id, st.name, st.site_id, sh.name,
    (st.today + sh.start_time) at time zone st.time_zone, null::uuid
  from staff st
  join public.shift_assignments sa on sa.employee_id = st.id
  join public.shifts sh on sh.id = sa.shift_id
  where to_char(st.today, 'Dy') = any (sh.days_of_week)
    and (st.today + sh.start_time) at time zone st.time_zone
        + make_interval(mins => (select late_threshold from public.system_settings where id = 'default')) < app.now()
    and not exists (select 1 from public.attendances a where a.employee_id = st.id and a.date = st.today)
    and not exists (select 1 from app.expected_on(st.id, st.today) x where x.status in ('holiday', 'leave'))
  union all
  select 'missed_check_out', st.id, st.name, st.site_id, null, a.check_in + interval '16 hours', a.id
  from staff st
  join public.attendances a on a.employee_id = st.id and a.check_out is null
  where a.date < st.today or a.check_in < app.now() - interval '16 hours'
  order by 1, 6
$function$;


