-- Issue 25 item 5, a kiosk people use without thinking.
--
-- One tap: public.one_tap_punch(person) checks the person in or out from their open record, in one
-- transaction behind the person's row lock (two presses at once queue up; the second sees the first).
--
-- A repeated press: a press within system_settings.repeat_press_seconds (default 60 s, 10 to 600)
-- of the person's last punch is refused as 'punch.already_recorded', never recorded: before, a
-- check-in and a check-out in the same minute made a 0.00 h record. The rule holds for every punch
-- a kiosk takes (one tap and its explicit Check In / Check Out buttons) and for one_tap_punch from
-- anyone; the portals' own buttons and HR's manual entry are not presses on a reader and keep the
-- spec's rules (Already Checked In, No Active Check-In).
--
-- The verify kiosk names the finger to press: kiosk_person_fingers(number) gives the enrolled
-- fingers of the person with that number at the kiosk's site (the kiosk already shows their first
-- name, kiosk_person), so the prompt says 'right index' rather than 'thumb'.

alter table public.system_settings
  add column repeat_press_seconds integer not null default 60,
  add constraint system_settings_repeat_press_seconds_range
    check (repeat_press_seconds between 10 and 600);

create function app.repeat_press_seconds()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.repeat_press_seconds from public.system_settings s where s.id = 'default'), 60)
$$;
revoke all on function app.repeat_press_seconds() from public;
grant execute on function app.repeat_press_seconds() to authenticated, service_role;

-- Takes the person's row lock (punches of one person run one after the other), then refuses a
-- press that repeats their last punch (a check-in's or a check-out's time) within the interval.
create function app.refuse_repeat_press(target public.employees, moment timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  seconds integer := app.repeat_press_seconds();
  last_punch timestamptz;
begin
  perform 1 from public.employees where id = target.id for update;
  select greatest(a.check_in, a.check_out) into last_punch
  from public.attendances a
  where a.employee_id = target.id
  order by a.check_in desc
  limit 1;
  if last_punch is not null and moment >= last_punch
     and moment < last_punch + make_interval(secs => seconds) then
    perform app.refuse('punch.already_recorded', jsonb_build_object('seconds', seconds, 'at', last_punch));
  end if;
end
$$;
revoke all on function app.refuse_repeat_press(public.employees, timestamptz) from public;

-- One tap: in when the person has no open record, out when they have one. Same permissions as
-- check_in (app.assert_may_punch: a kiosk for its site's people by fingerprint or PIN, a person for
-- themselves, admins and HR for anyone) and the same verification at a verify site.
create function public.one_tap_punch(
  p_employee_id uuid,
  p_source public.attendance_source default 'fingerprint',
  p_device text default null
)
returns public.attendances
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.employees := app.active_employee(p_employee_id);
  moment timestamptz := app.now();
begin
  perform app.require_assured_session();
  if p_source = 'correction' then
    perform app.refuse('punch.use_correction');
  end if;
  perform app.assert_may_punch(target, p_source);
  -- A verify site's press is spent first (a refusal below rolls it back), then the person's lock.
  perform app.consume_kiosk_verification(target, p_source);
  perform app.refuse_repeat_press(target, moment);
  if exists (select 1 from public.attendances where employee_id = target.id and check_out is null) then
    return app.record_check_out(target, moment);
  end if;
  return app.record_check_in(target, p_source, p_device, moment);
end
$$;
revoke all on function public.one_tap_punch(uuid, public.attendance_source, text) from public, anon;
grant execute on function public.one_tap_punch(uuid, public.attendance_source, text) to authenticated, service_role;

-- The kiosk's explicit buttons: the same repeated-press rule (the current bodies, plus that line).
create or replace function public.check_in(
  p_employee_id uuid,
  p_source public.attendance_source default 'manual',
  p_device text default null
)
returns public.attendances
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.employees := app.active_employee(p_employee_id);
begin
  if p_source = 'correction' then
    perform app.refuse('punch.use_correction');
  end if;
  perform app.assert_may_punch(target, p_source);
  perform app.consume_kiosk_verification(target, p_source);
  if app.my_role() = 'kiosk' then
    perform app.refuse_repeat_press(target, app.now());
  end if;
  return app.record_check_in(target, p_source, p_device, app.now());
end
$$;

create or replace function public.check_out(p_employee_id uuid)
returns public.attendances
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.employees := app.active_employee(p_employee_id);
  source public.attendance_source := case when app.my_role() = 'kiosk' then 'fingerprint' else 'manual' end;
begin
  perform app.assert_may_punch(target, source);
  perform app.consume_kiosk_verification(target, source);
  if app.my_role() = 'kiosk' then
    perform app.refuse_repeat_press(target, app.now());
  end if;
  return app.record_check_out(target, app.now());
end
$$;

-- The enrolled fingers of the person with this personal number at the kiosk's site (kiosks only;
-- nothing for an unknown number, as kiosk_person).
create function public.kiosk_person_fingers(p_number text)
returns setof public.finger
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if app.my_role() is distinct from 'kiosk' then
    perform app.forbid('biometric.kiosk_only');
  end if;
  if p_number is null or p_number !~ '^[0-9]{1,8}$' then
    return;
  end if;
  return query
    select distinct b.finger from public.biometric_enrolments b
    join public.employees e on e.id = b.employee_id
    where e.site_id = app.my_site_id() and e.personal_number = p_number and e.status = 'active'
      and e.role <> 'kiosk'
    order by b.finger;
end
$$;
revoke all on function public.kiosk_person_fingers(text) from public, anon;
grant execute on function public.kiosk_person_fingers(text) to authenticated, service_role;
