-- Issue 26 item 4: a PIN that managers can trust.
-- * Per person, the allowed ways to punch at a kiosk: 'finger' (default), 'pin' or 'both'; HR and
--   admins set it (audited). The Settings switch 'Biometric Authentication' keeps its company-wide
--   meaning: while it is on, no PIN punch is recorded anywhere (app.gate_attendance_source).
-- * A person sets their own PIN (4-8 digits) in their portal. It is stored as a bcrypt hash
--   (pgcrypto) in public.employee_pins, a table no role but the service reads: every answer about a
--   PIN comes from the functions below, none of which returns the hash. Trivial PINs are refused.
-- * Five wrong PINs in a row lock the PIN until HR resets it or the person sets a new one in their
--   portal (signed in with their password, so the lock cannot be waited out at the kiosk).
-- * At the kiosk, a PIN punch is the personal number + the PIN (kiosk_pin_punch, kiosk accounts
--   only). A wrong number and a wrong PIN answer alike. The punch is recorded with source
--   'kiosk_pin' (check-in) or check_out_by_pin (check-out) and waits for review.
-- * The person's manager (their team only) and HR (everyone) accept or reject it, a rejection with
--   a reason. A record whose PIN punch is pending or rejected counts no hours: total_hours, the one
--   column every sum of hours reads (person_days, reports, payroll, leave accrual), is 0 for it.

create extension if not exists pgcrypto with schema extensions;

-- The PIN and the allowed ways, one row per person who has either -------------------------------

create table public.employee_pins (
  employee_id uuid primary key references public.employees (id) on delete cascade,
  punch_methods text not null default 'finger'
    constraint employee_pins_methods_known check (punch_methods in ('finger', 'pin', 'both')),
  pin_hash text constraint employee_pins_hash_length check (char_length(pin_hash) between 20 and 100),
  pin_set_at timestamptz constraint employee_pins_set_at_window
    check (pin_set_at >= '2000-01-01' and pin_set_at < '2101-01-01'),
  failed_attempts integer not null default 0
    constraint employee_pins_failed_attempts_range check (failed_attempts between 0 and 1000),
  locked_at timestamptz constraint employee_pins_locked_at_window
    check (locked_at >= '2000-01-01' and locked_at < '2101-01-01'),
  updated_at timestamptz not null default app.now(),
  constraint employee_pins_hash_has_date check ((pin_hash is null) = (pin_set_at is null))
);
alter table public.employee_pins enable row level security;
create policy session_assured on public.employee_pins as restrictive for all to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));
revoke all on table public.employee_pins from anon, authenticated;
grant all on table public.employee_pins to service_role;

/** Wrong PINs in a row that lock a PIN. */
create function app.pin_lock_after() returns integer
language sql immutable set search_path = '' as $$ select 5 $$;

-- The review on the attendance record ---------------------------------------------------------

alter table public.attendances
  add column check_out_by_pin boolean not null default false,
  add column pin_review text constraint attendances_pin_review_known
    check (pin_review in ('pending', 'accepted', 'rejected')),
  add column reviewed_by uuid references public.employees (id),
  add column reviewed_at timestamptz constraint attendances_reviewed_at_window
    check (reviewed_at >= '2000-01-01' and reviewed_at < '2101-01-01'),
  add column review_reason text constraint attendances_review_reason_length
    check (char_length(review_reason) <= 500),
  add constraint attendances_rejection_has_reason
    check (pin_review is distinct from 'rejected' or btrim(coalesce(review_reason, '')) <> '');

-- Punches recorded with a PIN before the review existed (pin_review null) stand as they were counted.
create index attendances_pin_pending on public.attendances (check_in desc) where pin_review = 'pending';

-- The one definition of the hours a record counts: none while its PIN punch awaits review or once
-- it is rejected (the record stays, marked; the hours leave every sum that reads total_hours).
alter table public.attendances drop column total_hours;
alter table public.attendances add column total_hours numeric(6,2) generated always as (
  case when check_out is null then null
       when pin_review in ('pending', 'rejected') then 0
       else round(extract(epoch from (check_out - check_in)) / 3600.0, 2) end) stored;

-- A kiosk records a PIN punch only through kiosk_pin_punch (which sets app.pin_punch to the person's
-- id for its transaction): check_in(…, 'kiosk_pin') alone would punch anyone without a PIN. A person
-- whose allowed way is 'pin' only is not punched by finger at a kiosk.
create function app.gate_pin_punch() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  by_pin boolean := current_setting('app.pin_punch', true) is not distinct from new.employee_id::text;
begin
  if app.is_trusted() then
    return new;
  end if;
  if tg_op = 'INSERT' and new.source = 'kiosk_pin' then
    if not by_pin then
      perform app.forbid('pin.keypad_only');
    end if;
    new.pin_review := 'pending';
  end if;
  if app.my_role() = 'kiosk' and not by_pin and exists (
      select 1 from public.employee_pins p where p.employee_id = new.employee_id and p.punch_methods = 'pin') then
    perform app.refuse('pin.finger_not_allowed');
  end if;
  return new;
end
$$;
create trigger attendances_pin_gate before insert or update of check_out on public.attendances
  for each row execute function app.gate_pin_punch();

-- Trivial PINs -----------------------------------------------------------------------------------

-- Refused: all one digit, a run up or down (7890 and 3210 too), a short pattern repeated (1212,
-- 123123), the person's personal number, and, for four digits, a year from 1930 to this one (we do
-- not know birth dates, so every year a person could be born in or remember is refused).
create function app.pin_is_trivial(p_pin text, p_personal_number text)
returns boolean
language plpgsql stable set search_path = '' as $$
declare
  n int := char_length(p_pin);
  up boolean := true;
  down boolean := true;
  step int;
begin
  for i in 2..n loop
    step := (substr(p_pin, i, 1)::int - substr(p_pin, i - 1, 1)::int + 10) % 10;
    up := up and step = 1;
    down := down and step = 9;
  end loop;
  if up or down then return true; end if;
  for k in 1..n / 2 loop
    if n % k = 0 and repeat(left(p_pin, k), n / k) = p_pin then return true; end if;
  end loop;
  if p_pin = p_personal_number then return true; end if;
  if n = 4 and p_pin::int between 1930 and extract(year from app.today())::int then return true; end if;
  return false;
end
$$;

-- What a person, HR or a manager reads about a PIN (never the hash) ------------------------------

create function app.pin_status(p_employee_id uuid)
returns table (has_pin boolean, set_at timestamptz, locked boolean, failed_attempts integer, punch_methods text)
language sql stable security definer set search_path = '' as $$
  select p.pin_hash is not null, p.pin_set_at, p.locked_at is not null, coalesce(p.failed_attempts, 0),
    coalesce(p.punch_methods, 'finger')
  from (select p_employee_id as id) e
  left join public.employee_pins p on p.employee_id = e.id
$$;
revoke all on function app.pin_status(uuid) from public;

create function public.my_pin_status()
returns table (has_pin boolean, set_at timestamptz, locked boolean, failed_attempts integer, punch_methods text)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform app.require_assured_session();
  if app.my_employee_id() is null or app.my_role() = 'kiosk' then
    perform app.forbid('pin.own_account_only');
  end if;
  return query select * from app.pin_status(app.my_employee_id());
end
$$;

create function public.employee_pin_status(p_employee_id uuid)
returns table (has_pin boolean, set_at timestamptz, locked boolean, failed_attempts integer, punch_methods text)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform app.require_assured_session();
  if not (app.has_role('admin', 'hr') or app.manages_employee(p_employee_id)) then
    perform app.forbid('pin.hr_only');
  end if;
  if not exists (select 1 from public.employees where id = p_employee_id) then
    perform app.refuse('employee.not_found');
  end if;
  return query select * from app.pin_status(p_employee_id);
end
$$;

-- A person sets their own PIN --------------------------------------------------------------------

create function public.set_my_pin(p_pin text)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  me public.employees;
begin
  perform app.require_assured_session();
  select * into me from public.employees where id = app.my_employee_id() and status = 'active';
  if not found or me.role = 'kiosk' then
    perform app.forbid('pin.own_account_only');
  end if;
  if p_pin is null or p_pin !~ '^[0-9]{4,8}$' then
    perform app.refuse('pin.format', jsonb_build_object('min', 4, 'max', 8));
  end if;
  if app.pin_is_trivial(p_pin, me.personal_number) then
    perform app.refuse('pin.trivial');
  end if;
  insert into public.employee_pins (employee_id, pin_hash, pin_set_at)
  values (me.id, extensions.crypt(p_pin, extensions.gen_salt('bf', 8)), app.now())
  on conflict (employee_id) do update set pin_hash = excluded.pin_hash, pin_set_at = excluded.pin_set_at,
    failed_attempts = 0, locked_at = null, updated_at = app.now();
  perform app.write_audit('employees', me.id::text, 'pin_set', '{}'::jsonb);
end
$$;

-- HR resets a PIN (the person sets a new one) and chooses the allowed ways ---------------------

create function public.reset_employee_pin(p_employee_id uuid)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform app.require_assured_session();
  if not app.has_role('admin', 'hr') then
    perform app.forbid('pin.hr_only');
  end if;
  if not exists (select 1 from public.employees where id = p_employee_id) then
    perform app.refuse('employee.not_found');
  end if;
  update public.employee_pins set pin_hash = null, pin_set_at = null, failed_attempts = 0, locked_at = null,
    updated_at = app.now()
  where employee_id = p_employee_id;
  perform app.write_audit('employees', p_employee_id::text, 'pin_reset', '{}'::jsonb);
  perform app.notify(p_employee_id, 'pin.reset', '{}'::jsonb);
end
$$;

create function public.set_punch_methods(p_employee_id uuid, p_methods text)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  before_methods text;
begin
  perform app.require_assured_session();
  if not app.has_role('admin', 'hr') then
    perform app.forbid('pin.hr_only');
  end if;
  if p_methods is null or p_methods not in ('finger', 'pin', 'both') then
    perform app.refuse('pin.unknown_methods');
  end if;
  if not exists (select 1 from public.employees where id = p_employee_id and role <> 'kiosk') then
    perform app.refuse('employee.not_found');
  end if;
  select punch_methods into before_methods from public.employee_pins where employee_id = p_employee_id for update;
  insert into public.employee_pins (employee_id, punch_methods) values (p_employee_id, p_methods)
  on conflict (employee_id) do update set punch_methods = excluded.punch_methods, updated_at = app.now();
  if coalesce(before_methods, 'finger') <> p_methods then
    perform app.write_audit('employees', p_employee_id::text, 'punch_methods',
      jsonb_build_object('from', coalesce(before_methods, 'finger'), 'to', p_methods));
  end if;
end
$$;

-- The kiosk's PIN punch --------------------------------------------------------------------------

-- Answers an outcome instead of raising for a wrong PIN, so the failure count it writes is kept:
-- 'not_recognized' (no such number at this site, no PIN, or a wrong PIN: alike), 'locked',
-- 'checked_in' / 'checked_out' (with the first name). Other refusals (the person may not punch by
-- PIN, biometric authentication required, an open record too long) raise their code.
create function public.kiosk_pin_punch(p_number text, p_pin text)
returns table (outcome text, first_name text, attendance_id uuid)
language plpgsql security definer set search_path = '' as $$
declare
  person public.employees;
  pin public.employee_pins;
  punched public.attendances;
  checking_out boolean;
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
  if pin.pin_hash is null or p_pin is null or p_pin !~ '^[0-9]{4,8}$' then
    -- The same work as a real comparison, so the time taken does not tell a known number apart.
    perform extensions.crypt(coalesce(p_pin, ''), extensions.gen_salt('bf', 8));
    return query select 'not_recognized'::text, null::text, null::uuid;
    return;
  end if;
  if pin.locked_at is not null then
    return query select 'locked'::text, null::text, null::uuid;
    return;
  end if;
  if extensions.crypt(p_pin, pin.pin_hash) <> pin.pin_hash then
    update public.employee_pins set failed_attempts = failed_attempts + 1,
      locked_at = case when failed_attempts + 1 >= app.pin_lock_after() then app.now() end,
      updated_at = app.now()
    where employee_id = person.id
    returning * into pin;
    if pin.locked_at is not null then
      perform app.write_audit('employees', person.id::text, 'pin_locked',
        jsonb_build_object('failed_attempts', pin.failed_attempts));
      perform app.notify(person.id, 'pin.locked', jsonb_build_object('attempts', pin.failed_attempts));
      return query select 'locked'::text, null::text, null::uuid;
      return;
    end if;
    return query select 'not_recognized'::text, null::text, null::uuid;
    return;
  end if;
  update public.employee_pins set failed_attempts = 0, updated_at = app.now() where employee_id = person.id;
  if pin.punch_methods = 'finger' then
    perform app.refuse('pin.not_allowed');
  end if;

  perform set_config('app.pin_punch', person.id::text, true);
  checking_out := exists (select 1 from public.attendances a where a.employee_id = person.id and a.check_out is null);
  if checking_out then
    punched := app.record_check_out(person, app.now());
    update public.attendances set check_out_by_pin = true, pin_review = 'pending',
      reviewed_by = null, reviewed_at = null, review_reason = null
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

-- The review -------------------------------------------------------------------------------------

create function public.pin_punches(p_status text default 'pending')
returns table (
  attendance_id uuid, employee_id uuid, employee_name text, department_id uuid, site_id uuid, time_zone text, date date,
  check_in timestamptz, check_out timestamptz, check_in_by_pin boolean, check_out_by_pin boolean,
  hours numeric, pin_review text, reviewed_by_name text, reviewed_at timestamptz, review_reason text)
language plpgsql stable security definer set search_path = '' as $$
declare
  sees_all boolean := app.has_role('admin', 'hr');
begin
  perform app.require_assured_session();
  if not (sees_all or app.has_role('manager')) then
    perform app.forbid('pin.review_denied');
  end if;
  if p_status is null or p_status not in ('pending', 'accepted', 'rejected') then
    perform app.refuse('pin.unknown_status');
  end if;
  return query
    select a.id, a.employee_id, btrim(e.first_name || ' ' || e.last_name), e.department_id, a.site_id, s.time_zone, a.date,
      a.check_in, a.check_out, a.source = 'kiosk_pin', a.check_out_by_pin,
      round(extract(epoch from (a.check_out - a.check_in)) / 3600.0, 2),
      a.pin_review, nullif(btrim(r.first_name || ' ' || r.last_name), ''), a.reviewed_at, a.review_reason
    from public.attendances a
    join public.employees e on e.id = a.employee_id
    join public.sites s on s.id = a.site_id
    left join public.employees r on r.id = a.reviewed_by
    where a.pin_review = p_status
      and a.employee_id is distinct from app.my_employee_id()
      and (sees_all or a.employee_id in (select app.my_team_ids()))
    order by a.check_in desc
    limit 200;
end
$$;

create function public.review_pin_punch(p_attendance_id uuid, p_accept boolean, p_reason text default null)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  rec public.attendances;
  reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  perform app.require_assured_session();
  select * into rec from public.attendances where id = p_attendance_id for update;
  if not found then
    perform app.refuse('attendance.not_found');
  end if;
  if not (app.has_role('admin', 'hr') or app.manages_employee(rec.employee_id)) then
    perform app.forbid('pin.review_denied');
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

-- Grants: signed-in callers only (each function checks its caller); the helpers stay internal.
revoke all on function app.pin_is_trivial(text, text) from public;
revoke all on function public.my_pin_status() from public, anon;
revoke all on function public.employee_pin_status(uuid) from public, anon;
revoke all on function public.set_my_pin(text) from public, anon;
revoke all on function public.reset_employee_pin(uuid) from public, anon;
revoke all on function public.set_punch_methods(uuid, text) from public, anon;
revoke all on function public.kiosk_pin_punch(text, text) from public, anon;
revoke all on function public.pin_punches(text) from public, anon;
revoke all on function public.review_pin_punch(uuid, boolean, text) from public, anon;
grant execute on function public.my_pin_status() to authenticated, service_role;
grant execute on function public.employee_pin_status(uuid) to authenticated, service_role;
grant execute on function public.set_my_pin(text) to authenticated, service_role;
grant execute on function public.reset_employee_pin(uuid) to authenticated, service_role;
grant execute on function public.set_punch_methods(uuid, text) to authenticated, service_role;
grant execute on function public.kiosk_pin_punch(text, text) to authenticated, service_role;
grant execute on function public.pin_punches(text) to authenticated, service_role;
grant execute on function public.review_pin_punch(uuid, boolean, text) to authenticated, service_role;
