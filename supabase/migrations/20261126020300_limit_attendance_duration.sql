-- Issue 23 §2: an attendance record (a punch, a manual entry, a correction, a replayed punch) lasts
-- at most a configurable maximum, never starts before the person's joining date, and is never in
-- the future. A trigger, because a CHECK cannot read the setting or the employee.
--
-- A forgotten check-out: a record left open for longer than the maximum cannot be closed by a punch
-- (the punch would store days of work that did not happen). The check-out is refused with a message
-- that says what to do (hint attendance_open_too_long); a manager or HR corrects the record with its
-- real times (correct_attendance), after which the person checks in again. A record left open over
-- a night shift, within the maximum, is still closed by the next check-out as before.

alter table public.system_settings
  add column max_attendance_hours integer not null default 24
    constraint system_settings_max_attendance_hours_range check (max_attendance_hours between 1 and 72);

comment on column public.system_settings.max_attendance_hours is
  'Longest attendance record (check-in to check-out), in hours; punches, manual entries and corrections beyond it are refused.';

-- Clocks of kiosks and browsers may run a little ahead of the database's.
create or replace function app.attendance_clock_skew() returns interval
language sql immutable as $$ select interval '5 minutes' $$;

create or replace function app.max_attendance_hours() returns integer
language sql stable security definer set search_path = '' as $$
  select coalesce((select s.max_attendance_hours from public.system_settings s where s.id = 'default'), 24)
$$;
grant execute on function app.attendance_clock_skew(), app.max_attendance_hours() to anon, authenticated, service_role;

create or replace function app.check_attendance_domain()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  max_hours integer := app.max_attendance_hours();
  joined date;
begin
  if tg_op = 'UPDATE' and new.check_in = old.check_in and new.check_out is not distinct from old.check_out
     and new.date = old.date and new.employee_id = old.employee_id then
    return new;
  end if;
  if new.check_in > clock_timestamp() + app.attendance_clock_skew()
     or new.check_out > clock_timestamp() + app.attendance_clock_skew() then
    perform app.refuse('Times cannot be in the future', 'attendance_in_future');
  end if;
  if new.check_out is not null and new.check_out - new.check_in > make_interval(hours => max_hours) then
    perform app.refuse(format('An attendance record lasts at most %s hours', max_hours), 'attendance_too_long');
  end if;
  select e.joining_date into joined from public.employees e where e.id = new.employee_id;
  if joined is not null and new.date < joined then
    perform app.refuse(format('Attendance cannot start before the joining date (%s)', joined),
      'attendance_before_joining');
  end if;
  return new;
end
$$;

create trigger attendances_domain
  before insert or update of check_in, check_out, date, employee_id on public.attendances
  for each row execute function app.check_attendance_domain();

-- Check-out (the kiosk, the portal, the dashboard and replayed punches all come here): as before,
-- plus the refusal of a record open for longer than the maximum.
create or replace function app.record_check_out(target public.employees, moment timestamptz) returns public.attendances
language plpgsql security definer set search_path = '' as $$
declare
  open_record public.attendances;
  tz text;
  updated public.attendances;
  max_hours integer := app.max_attendance_hours();
begin
  perform 1 from public.employees where id = target.id for update;
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
  if moment <= open_record.check_in then
    perform app.refuse('Check-out must be after check-in');
  end if;
  if moment - open_record.check_in > make_interval(hours => max_hours) then
    perform app.refuse(
      format('Missed check-out: the check-in of %s is more than %s hours old; ask a manager to correct it',
        open_record.date, max_hours),
      'attendance_open_too_long');
  end if;
  update public.attendances set check_out = moment, status = 'checked_out'
  where id = open_record.id
  returning * into updated;
  return updated;
end
$$;

-- Settings: the new field is audited and reset like the others.
create or replace function app.audit_settings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.write_audit('system_settings', new.id, 'update',
    app.changed(to_jsonb(old), to_jsonb(new), array['company_name', 'working_hours', 'break_time', 'late_threshold',
      'notifications', 'biometric_auth', 'auto_backup', 'email_reports', 'sms_notifications', 'scanner_simulator',
      'max_attendance_hours']));
  return null;
end
$$;

create or replace function public.reset_settings()
returns public.system_settings
language plpgsql security definer set search_path = '' as $$
declare
  result public.system_settings;
begin
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can reset the system settings');
  end if;
  insert into public.system_settings (id) values ('default') on conflict do nothing;
  update public.system_settings set
    company_name = default, working_hours = default, break_time = default, late_threshold = default,
    notifications = default, biometric_auth = default, auto_backup = default, email_reports = default,
    sms_notifications = default, scanner_simulator = default, max_attendance_hours = default
  where id = 'default' returning * into result;
  perform app.write_audit('system_settings', 'default', 'reset', '{}'::jsonb);
  return result;
end
$$;
