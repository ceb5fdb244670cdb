-- A person who withdrew their fingerprint consent has no template left, so the PIN is their way to
-- punch (issue 26 item 3: "they punch with their PIN from then on"), whatever their recorded punch
-- methods say: the withdrawal counts as 'pin' until a new enrolment removes it.
create or replace function app.effective_punch_methods(p_employee_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when exists (select 1 from public.biometric_consent_withdrawals w where w.employee_id = p_employee_id)
      then 'pin'
    else coalesce((select p.punch_methods from public.employee_pins p where p.employee_id = p_employee_id), 'finger')
  end
$$;
revoke all on function app.effective_punch_methods(uuid) from public;

CREATE OR REPLACE FUNCTION app.pin_status(p_employee_id uuid)
 RETURNS TABLE(has_pin boolean, set_at timestamp with time zone, locked boolean, failed_attempts integer, punch_methods text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.pin_hash is not null, p.pin_set_at, p.locked_at is not null, coalesce(p.failed_attempts, 0),
    app.effective_punch_methods(e.id)
  from (select p_employee_id as id) e
  left join public.employee_pins p on p.employee_id = e.id
$function$;

revoke all on function app.pin_status(p_employee_id uuid) from public;

CREATE OR REPLACE FUNCTION public.kiosk_pin_punch(p_number text, p_pin text)
 RETURNS TABLE(outcome text, first_name text, attendance_id uuid)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  if app.effective_punch_methods(person.id) = 'finger' then
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
$function$;

revoke all on function public.kiosk_pin_punch(p_number text, p_pin text) from public;
grant execute on function public.kiosk_pin_punch(p_number text, p_pin text) to authenticated, service_role;
