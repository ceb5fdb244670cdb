-- Hostile review of this session's work (stop 33):
-- M1: a PIN punch follows the repeat-press rule like every other kiosk punch (two presses a second
--     apart made a 0.00 h record and a review notification each).
-- M2: a person who withdrew their consent is not punched by finger anywhere (the trigger read the
--     raw punch methods, not the withdrawal).
-- M3: a PIN check-out keeps a rejection (it reset the record to 'pending', erasing who rejected and why).
-- M4: the repeat-press interval and the retention period are audited however they are written (a
--     direct update of system_settings bypassed the RPC's audit row).
-- L8: a leave type's code never changes (stored payslips name it).

CREATE OR REPLACE FUNCTION app.gate_pin_punch()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  if app.my_role() = 'kiosk' and not by_pin and app.effective_punch_methods(new.employee_id) = 'pin' then
    perform app.refuse('pin.finger_not_allowed');
  end if;
  return new;
end
$function$;

grant execute on function app.gate_pin_punch() to public;


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
$function$;

revoke all on function public.kiosk_pin_punch(p_number text, p_pin text) from public;
grant execute on function public.kiosk_pin_punch(p_number text, p_pin text) to authenticated, service_role;


CREATE OR REPLACE FUNCTION app.audit_settings()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.write_audit('system_settings', new.id, 'update',
    app.changed(to_jsonb(old), to_jsonb(new), array['company_name', 'working_hours', 'break_time', 'late_threshold',
      'notifications', 'biometric_auth', 'auto_backup', 'email_reports', 'sms_notifications', 'scanner_simulator',
      'max_attendance_hours', 'repeat_press_seconds', 'biometric_retention_days']));
  return null;
end
$function$;

grant execute on function app.audit_settings() to public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.set_biometric_retention_days(p_days numeric)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  before integer;
begin
  perform app.require_assured_session();
  if not app.has_role('admin') then
    perform app.forbid('biometric.retention_setting_admin_only');
  end if;
  if p_days is null or p_days = 'NaN'::numeric or p_days <> trunc(p_days) or p_days < 30 or p_days > 1095 then
    perform app.refuse('biometric.retention_out_of_range', jsonb_build_object('min', 30, 'max', 1095));
  end if;
  select biometric_retention_days into before from public.system_settings where id = 'default' for update;
  update public.system_settings set biometric_retention_days = p_days::integer where id = 'default';
  -- Audited by system_settings' own trigger (app.audit_settings), like a direct write.
  return p_days::integer;
end
$function$;

revoke all on function public.set_biometric_retention_days(p_days numeric) from public;
grant execute on function public.set_biometric_retention_days(p_days numeric) to authenticated, service_role;

CREATE OR REPLACE FUNCTION app.guard_leave_type()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if old.builtin and (new.code <> old.code or not new.builtin) then
    perform app.refuse('leave.builtin_type');
  end if;
  -- Requests, policies and stored payslips name the type by its code: it never changes.
  if new.code <> old.code then
    perform app.refuse('leave.code_immutable');
  end if;
  if not old.builtin and new.builtin and not app.is_trusted() then
    perform app.refuse('leave.builtin_type');
  end if;
  return new;
end
$function$;

revoke all on function app.guard_leave_type() from public;

