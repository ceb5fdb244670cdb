-- Hostile review L2 and I1 (issue 26). A kiosk could lock anyone's PIN for good with five wrong
-- tries (a denial of service on the person), and its answers told an attacker which personal numbers
-- exist and have a PIN ('locked', `pin.not_allowed`, both different from 'not recognized').
-- Now the lock lasts app.pin_lock_minutes() (15) after the fifth wrong PIN in a row (HR's reset and
-- a new PIN in the portal still end it at once; the person is notified with the minutes), and the
-- kiosk answers 'not_recognized' for an unknown number, a person without a PIN, a PIN they may not
-- punch with, a locked PIN and a wrong PIN alike, after the same bcrypt work. The real reason is
-- audited for HR (`pin_refused` {reason}). review_pin_punch checks the reviewer's role before it
-- looks the record up, and answers a manager the same for an unknown record and another team's.

create or replace function app.pin_lock_minutes()
returns integer
language sql
immutable
set search_path = ''
as $$ select 15 $$;

grant execute on function app.pin_lock_minutes() to public;

-- Locked now: a lock set within the last app.pin_lock_minutes().
create or replace function app.pin_locked(p_locked_at timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$ select p_locked_at is not null and p_locked_at > app.now() - make_interval(mins => app.pin_lock_minutes()) $$;

grant execute on function app.pin_locked(timestamptz) to public;

-- A lock that has run out counts no wrong attempt any more.
create or replace function app.pin_status(p_employee_id uuid)
returns table(has_pin boolean, set_at timestamptz, locked boolean, failed_attempts integer, punch_methods text)
language sql
stable security definer
set search_path = ''
as $$
  select p.pin_hash is not null, p.pin_set_at, app.pin_locked(p.locked_at),
    case when p.locked_at is not null and not app.pin_locked(p.locked_at) then 0 else coalesce(p.failed_attempts, 0) end,
    app.effective_punch_methods(e.id)
  from (select p_employee_id as id) e
  left join public.employee_pins p on p.employee_id = e.id
$$;

revoke all on function app.pin_status(uuid) from public;

create or replace function public.kiosk_pin_punch(p_number text, p_pin text)
returns table(outcome text, first_name text, attendance_id uuid)
language plpgsql
security definer
set search_path = ''
as $$
declare
  person public.employees;
  pin public.employee_pins;
  punched public.attendances;
  checking_out boolean;
  pin_matches boolean := false;
  refusal text;
begin
  if app.my_role() is distinct from 'kiosk' then
    perform app.forbid('biometric.kiosk_only');
  end if;
  if coalesce((select biometric_auth from public.system_settings where id = 'default'), false) then
    perform app.refuse('punch.biometric_required');
  end if;
  if p_number is not null and p_number ~ '^[0-9]{1,8}$' then
    select * into person from public.employees e
    where e.site_id = app.my_site_id() and e.personal_number = p_number and e.status = 'active' and e.role <> 'kiosk';
  end if;
  if person.id is not null then
    select * into pin from public.employee_pins p where p.employee_id = person.id for update;
  end if;

  -- Exactly one bcrypt comparison whatever the case, so the time taken tells nothing either.
  if pin.pin_hash is not null and p_pin is not null and p_pin ~ '^[0-9]{4,8}$' then
    pin_matches := extensions.crypt(p_pin, pin.pin_hash) = pin.pin_hash;
  else
    perform extensions.crypt(coalesce(p_pin, ''), extensions.gen_salt('bf', 8));
  end if;

  -- A lock that has run out is over: the count starts again.
  if pin.locked_at is not null and not app.pin_locked(pin.locked_at) then
    update public.employee_pins set failed_attempts = 0, locked_at = null, updated_at = app.now()
    where employee_id = person.id
    returning * into pin;
  end if;

  refusal := case
    when person.id is null then 'unknown_number'
    when pin.pin_hash is null then 'no_pin'
    when app.pin_locked(pin.locked_at) then 'locked'
    when not pin_matches then 'wrong_pin'
    when app.effective_punch_methods(person.id) = 'finger' then 'not_allowed'
  end;

  if refusal = 'wrong_pin' then
    update public.employee_pins set failed_attempts = failed_attempts + 1,
      locked_at = case when failed_attempts + 1 >= app.pin_lock_after() then app.now() end,
      updated_at = app.now()
    where employee_id = person.id
    returning * into pin;
    if pin.locked_at is not null then
      perform app.write_audit('employees', person.id::text, 'pin_locked',
        jsonb_build_object('failed_attempts', pin.failed_attempts, 'minutes', app.pin_lock_minutes()));
      perform app.notify(person.id, 'pin.locked_for',
        jsonb_build_object('attempts', pin.failed_attempts, 'minutes', app.pin_lock_minutes()));
    end if;
  elsif refusal = 'not_allowed' then
    -- The right PIN: the count starts again, but this person punches by finger only.
    update public.employee_pins set failed_attempts = 0, updated_at = app.now() where employee_id = person.id;
  end if;

  if refusal is not null then
    -- The kiosk learns nothing; HR reads why in the audit log.
    perform app.write_audit(case when person.id is null then 'sites' else 'employees' end,
      coalesce(person.id, app.my_site_id())::text, 'pin_refused',
      jsonb_build_object('reason', refusal, 'failed_attempts', pin.failed_attempts));
    return query select 'not_recognized'::text, null::text, null::uuid;
    return;
  end if;

  update public.employee_pins set failed_attempts = 0, updated_at = app.now() where employee_id = person.id;
  -- A second press within the kiosk's interval is 'already recorded', as for a finger.
  perform app.refuse_repeat_press(person, app.now());

  perform set_config('app.pin_punch', person.id::text, true);
  checking_out := exists (select 1 from public.attendances a where a.employee_id = person.id and a.check_out is null);
  if checking_out then
    punched := app.record_check_out(person, app.now());
    -- A rejected record stays rejected, with who rejected it and why; otherwise it waits for review.
    update public.attendances set check_out_by_pin = true,
      pin_review = case when pin_review = 'rejected' then 'rejected' else 'pending' end,
      reviewed_by = case when pin_review = 'rejected' then reviewed_by end,
      reviewed_at = case when pin_review = 'rejected' then reviewed_at end,
      review_reason = case when pin_review = 'rejected' then review_reason end
    where id = punched.id
    returning * into punched;
  else
    punched := app.record_check_in(person, 'kiosk_pin', null, app.now());
  end if;
  perform set_config('app.pin_punch', '', true);

  -- The person's managers review it; with no manager, HR does.
  if exists (select 1 from public.department_managers dm
      where dm.department_id = person.department_id and dm.employee_id <> person.id) then
    perform app.notify(dm.employee_id, 'pin.punch_to_review', jsonb_build_object(
        'name', btrim(person.first_name || ' ' || person.last_name), 'date', punched.date,
        'kind', case when checking_out then 'check_out' else 'check_in' end))
    from public.department_managers dm
    where dm.department_id = person.department_id and dm.employee_id <> person.id;
  else
    perform app.notify(e.id, 'pin.punch_to_review', jsonb_build_object(
        'name', btrim(person.first_name || ' ' || person.last_name), 'date', punched.date,
        'kind', case when checking_out then 'check_out' else 'check_in' end))
    from public.employees e
    where e.role = 'hr' and e.status = 'active' and e.id <> person.id;
  end if;
  return query select case when checking_out then 'checked_out' else 'checked_in' end, person.first_name, punched.id;
end
$$;

revoke all on function public.kiosk_pin_punch(text, text) from public;
grant execute on function public.kiosk_pin_punch(text, text) to authenticated, service_role;

create or replace function public.review_pin_punch(p_attendance_id uuid, p_accept boolean, p_reason text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  rec public.attendances;
  reason text := nullif(btrim(coalesce(p_reason, '')), '');
  reviews_everyone boolean := app.has_role('admin', 'hr');
begin
  perform app.require_assured_session();
  -- The role first: someone who reviews nobody learns nothing about the id.
  if not reviews_everyone and app.my_role() is distinct from 'manager' then
    perform app.forbid('pin.review_denied');
  end if;
  select * into rec from public.attendances where id = p_attendance_id for update;
  if not reviews_everyone and (rec.id is null or not app.manages_employee(rec.employee_id)) then
    -- A manager: an unknown record and another team's answer alike.
    perform app.forbid('pin.review_denied');
  end if;
  if rec.id is null then
    perform app.refuse('attendance.not_found');
  end if;
  if rec.employee_id = app.my_employee_id() then
    perform app.forbid('pin.own_punch');
  end if;
  if rec.pin_review is distinct from 'pending' then
    perform app.refuse('pin.not_pending');
  end if;
  if p_accept is null then
    perform app.refuse('pin.decision_required');
  end if;
  if not p_accept and reason is null then
    perform app.refuse('pin.reason_required');
  end if;
  if char_length(reason) > 500 then
    perform app.refuse('pin.reason_too_long', jsonb_build_object('max', 500));
  end if;
  update public.attendances set pin_review = case when p_accept then 'accepted' else 'rejected' end,
    reviewed_by = app.my_employee_id(), reviewed_at = app.now(), review_reason = case when p_accept then null else reason end
  where id = rec.id;
  perform app.write_audit('attendances', rec.id::text, case when p_accept then 'pin_accepted' else 'pin_rejected' end,
    jsonb_build_object('employee_id', rec.employee_id, 'date', rec.date, 'reason', case when p_accept then null else reason end));
  if p_accept then
    perform app.notify(rec.employee_id, 'pin.punch_accepted', jsonb_build_object('date', rec.date));
  else
    perform app.notify(rec.employee_id, 'pin.punch_rejected', jsonb_build_object('date', rec.date, 'reason', reason));
  end if;
end
$$;

revoke all on function public.review_pin_punch(uuid, boolean, text) from public;
grant execute on function public.review_pin_punch(uuid, boolean, text) to authenticated, service_role;
