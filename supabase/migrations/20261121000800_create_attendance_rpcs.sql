-- Check-in, check-out, manual entry and corrections: one transaction each, refusing
-- with the spec's messages. The site's time zone decides the attendance date and lateness.

-- Is a check-in at `at` late for the employee's assigned shifts? The shift start that
-- counts is the nearest one whose window (two hours before the start until the end)
-- contains the check-in, so a night shift is judged against the evening it began.
create function app.punctuality_at(p_employee uuid, p_time_zone text, p_at timestamptz)
returns public.punctuality
language sql stable security definer set search_path = '' as $$
  with candidates as (
    select
      (day + s.start_time) at time zone p_time_zone as starts_at,
      (day + s.end_time + case when s.end_time <= s.start_time then interval '1 day' else interval '0' end)
        at time zone p_time_zone as ends_at
    from public.shift_assignments sa
    join public.shifts s on s.id = sa.shift_id
    cross join lateral (
      select ((p_at at time zone p_time_zone)::date + offs) as day from generate_series(-1, 1) as offs
    ) days
    where sa.employee_id = p_employee
      and to_char(day, 'Dy') = any (s.days_of_week)
  ),
  chosen as (
    select starts_at from candidates
    where p_at between starts_at - interval '2 hours' and ends_at
    order by abs(extract(epoch from (p_at - starts_at)))
    limit 1
  )
  select case
    when (select starts_at from chosen) is not null
     and p_at > (select starts_at from chosen)
               + make_interval(mins => (select late_threshold from public.system_settings where id = 'default'))
    then 'late'::public.punctuality
    else 'on_time'::public.punctuality
  end
$$;

-- May the caller record attendance for this employee, and with this source?
create function app.assert_may_punch(target public.employees, p_source public.attendance_source) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  caller_role public.employee_role := app.my_role();
begin
  if app.is_trusted() or caller_role in ('admin', 'hr') then
    return;
  elsif caller_role = 'kiosk' then
    if target.site_id is distinct from app.my_site_id() then
      perform app.forbid('This kiosk cannot record attendance for employees of another site');
    end if;
    if p_source not in ('fingerprint', 'kiosk_pin') then
      perform app.forbid('A kiosk records fingerprint or PIN attendance only');
    end if;
  elsif caller_role in ('employee', 'manager') then
    if target.id is distinct from app.my_employee_id() then
      perform app.forbid('You can only record your own attendance');
    end if;
    if p_source not in ('fingerprint', 'manual') then
      perform app.forbid('This attendance source is not available to you');
    end if;
  else
    perform app.forbid('Sign in to record attendance');
  end if;
end
$$;

create function app.active_employee(p_employee_id uuid) returns public.employees
language plpgsql stable security definer set search_path = '' as $$
declare
  found_employee public.employees;
begin
  if p_employee_id is null then
    perform app.refuse('Please enter Employee ID');
  end if;
  select * into found_employee from public.employees where id = p_employee_id;
  if not found or found_employee.status <> 'active' or found_employee.role = 'kiosk' then
    perform app.refuse('Employee not found');
  end if;
  if found_employee.site_id is null then
    perform app.refuse('Employee has no site', 'Assign the employee to a site before recording attendance.');
  end if;
  return found_employee;
end
$$;

create function public.check_in(
  p_employee_id uuid,
  p_source public.attendance_source default 'manual',
  p_device text default null
) returns public.attendances
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees := app.active_employee(p_employee_id);
  tz text;
  moment timestamptz := clock_timestamp();
  created public.attendances;
begin
  if p_source = 'correction' then
    perform app.refuse('Use correct_attendance to record a correction');
  end if;
  perform app.assert_may_punch(target, p_source);
  -- Lock the employee so concurrent check-ins queue up behind each other.
  perform 1 from public.employees where id = target.id for update;
  if exists (select 1 from public.attendances where employee_id = target.id and check_out is null) then
    perform app.refuse('Already Checked In', 'Employee must check out before checking in again.');
  end if;
  select time_zone into tz from public.sites where id = target.site_id;
  insert into public.attendances (employee_id, site_id, date, check_in, punctuality, source, device, kiosk_id, created_by)
  values (
    target.id, target.site_id, (moment at time zone tz)::date, moment,
    app.punctuality_at(target.id, tz, moment), p_source, nullif(btrim(p_device), ''),
    case when app.my_role() = 'kiosk' then app.my_employee_id() end,
    app.my_employee_id()
  )
  returning * into created;
  return created;
exception
  when unique_violation or exclusion_violation then
    perform app.refuse('Already Checked In', 'Employee must check out before checking in again.');
end
$$;

create function public.check_out(p_employee_id uuid) returns public.attendances
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees := app.active_employee(p_employee_id);
  open_record public.attendances;
  tz text;
  moment timestamptz := clock_timestamp();
  updated public.attendances;
begin
  perform app.assert_may_punch(target, case when app.my_role() = 'kiosk' then 'fingerprint' else 'manual' end::public.attendance_source);
  select * into open_record from public.attendances
  where employee_id = target.id and check_out is null
  for update;
  if not found then
    select time_zone into tz from public.sites where id = target.site_id;
    if exists (
      select 1 from public.attendances
      where employee_id = target.id and date = (moment at time zone tz)::date and check_out is not null
    ) then
      perform app.refuse('Already checked out');
    end if;
    perform app.refuse('No Active Check-In', 'No active check-in found');
  end if;
  update public.attendances set check_out = moment, status = 'checked_out'
  where id = open_record.id
  returning * into updated;
  return updated;
end
$$;

-- The admin attendance page's Manual Entry: a check-in recorded by staff (source manual).
create function public.manual_entry(p_employee_id uuid) returns public.attendances
language plpgsql security definer set search_path = '' as $$
begin
  if not app.is_trusted() and not app.has_role('admin', 'hr') then
    perform app.forbid('Only admins and HR can make manual entries for others');
  end if;
  return public.check_in(p_employee_id, 'manual', 'manual-entry');
end
$$;

-- Fix a record (or add a missing one) with a reason: managers for their team, HR and admins for anyone.
create function public.correct_attendance(
  p_employee_id uuid,
  p_check_in timestamptz,
  p_check_out timestamptz,
  p_reason text,
  p_attendance_id uuid default null
) returns public.attendances
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees;
  tz text;
  result public.attendances;
begin
  select * into target from public.employees where id = p_employee_id;
  if not found then
    perform app.refuse('Employee not found');
  end if;
  if not (app.is_trusted() or app.has_role('admin', 'hr') or app.manages_employee(target.id)) then
    perform app.forbid('You can only correct the attendance of your team');
  end if;
  if target.id = app.my_employee_id() and not app.has_role('admin', 'hr') then
    perform app.forbid('You cannot correct your own attendance');
  end if;
  if btrim(coalesce(p_reason, '')) = '' then
    perform app.refuse('A reason is required', 'Say why the record is being corrected.');
  end if;
  if p_check_in is null then
    perform app.refuse('Check-in time is required');
  end if;
  if p_check_out is not null and p_check_out <= p_check_in then
    perform app.refuse('Check-out must be after check-in');
  end if;
  if p_check_in > now() or p_check_out > now() then
    perform app.refuse('Times cannot be in the future');
  end if;
  select time_zone into tz from public.sites
  where id = coalesce((select site_id from public.attendances where id = p_attendance_id), target.site_id);
  if tz is null then
    perform app.refuse('Employee has no site', 'Assign the employee to a site before recording attendance.');
  end if;

  if p_attendance_id is null then
    insert into public.attendances (
      employee_id, site_id, date, check_in, check_out, status, punctuality, source,
      created_by, correction_reason, corrected_by, corrected_at
    ) values (
      target.id, target.site_id, (p_check_in at time zone tz)::date, p_check_in, p_check_out,
      case when p_check_out is null then 'checked_in' else 'checked_out' end::public.attendance_state,
      app.punctuality_at(target.id, tz, p_check_in), 'correction',
      app.my_employee_id(), btrim(p_reason), app.my_employee_id(), now()
    ) returning * into result;
  else
    update public.attendances set
      check_in = p_check_in,
      check_out = p_check_out,
      status = case when p_check_out is null then 'checked_in' else 'checked_out' end::public.attendance_state,
      date = (p_check_in at time zone tz)::date,
      punctuality = app.punctuality_at(target.id, tz, p_check_in),
      correction_reason = btrim(p_reason),
      corrected_by = app.my_employee_id(),
      corrected_at = now()
    where id = p_attendance_id and employee_id = target.id
    returning * into result;
    if not found then
      perform app.refuse('Attendance record not found');
    end if;
  end if;
  return result;
exception
  when exclusion_violation or unique_violation then
    perform app.refuse('This record overlaps another attendance record of the employee');
end
$$;

revoke execute on function public.check_in(uuid, public.attendance_source, text), public.check_out(uuid),
  public.manual_entry(uuid), public.correct_attendance(uuid, timestamptz, timestamptz, text, uuid) from anon, public;
grant execute on function public.check_in(uuid, public.attendance_source, text), public.check_out(uuid),
  public.manual_entry(uuid), public.correct_attendance(uuid, timestamptz, timestamptz, text, uuid)
  to authenticated, service_role;
