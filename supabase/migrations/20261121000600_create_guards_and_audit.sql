-- Column rules RLS cannot express, and the audit log of sensitive changes.

-- What each role may change on an employee row (RLS has already chosen the rows).
create function app.guard_employee_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  caller_role public.employee_role := app.my_role();
  caller uuid := app.my_employee_id();
  contact_only boolean;
begin
  if app.is_trusted() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.role in ('admin', 'hr', 'kiosk') and caller_role is distinct from 'admin' then
      perform app.forbid('Only an admin can create admin, HR or kiosk accounts');
    end if;
    if caller_role = 'manager' and new.role <> 'employee' then
      perform app.forbid('Managers can only add employees');
    end if;
    if new.user_id is not null then
      perform app.forbid('Accounts are linked at sign-up, not by editing employees');
    end if;
    return new;
  end if;

  if new.user_id is distinct from old.user_id then
    perform app.forbid('Accounts are linked at sign-up, not by editing employees');
  end if;
  -- Everyone but admins and HR: on their own row, contact details only.
  contact_only := coalesce(caller_role::text, '') not in ('admin', 'hr') and old.id = caller;
  if contact_only and (
    (to_jsonb(new) - array['phone', 'address', 'emergency_contact', 'emergency_phone', 'locale', 'updated_at'])
    is distinct from (to_jsonb(old) - array['phone', 'address', 'emergency_contact', 'emergency_phone', 'locale', 'updated_at'])
  ) then
    perform app.forbid('You can only change your own contact details');
  end if;
  if new.role is distinct from old.role then
    if caller_role = 'admin' then
      null;
    elsif caller_role = 'hr' and new.role in ('employee', 'manager') and old.role in ('employee', 'manager') then
      null;
    else
      perform app.forbid('You cannot change this role');
    end if;
    if old.id = caller then
      perform app.forbid('You cannot change your own role');
    end if;
  end if;
  if caller_role = 'manager' and old.role <> 'employee' and old.id <> caller then
    perform app.forbid('Managers can only edit employees');
  end if;
  if new.status is distinct from old.status and old.id = caller then
    perform app.forbid('You cannot change your own status');
  end if;
  if new.status is distinct from old.status and old.role in ('admin', 'hr') and caller_role is distinct from 'admin' then
    perform app.forbid('Only an admin can change the status of admin or HR accounts');
  end if;
  if new.salary is distinct from old.salary and caller_role not in ('admin', 'hr') then
    perform app.forbid('Only HR and admins change salaries');
  end if;
  if new.status = 'terminated' and old.status <> 'terminated' then
    new.terminated_at := coalesce(new.terminated_at, now());
  elsif new.status <> 'terminated' then
    new.terminated_at := null;
  end if;
  return new;
end
$$;
create trigger employees_guard before insert or update on public.employees
  for each row execute function app.guard_employee_write();

-- Hard delete (only possible when nothing refers to the employee): never oneself; managers only
-- plain employees; only an admin removes admin or HR accounts.
create function app.guard_employee_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  caller_role public.employee_role := app.my_role();
begin
  if app.is_trusted() then
    return old;
  end if;
  if old.id = app.my_employee_id() then
    perform app.forbid('You cannot delete yourself');
  end if;
  if caller_role = 'manager' and old.role <> 'employee' then
    perform app.forbid('Managers can only delete employees');
  end if;
  if old.role in ('admin', 'hr', 'kiosk') and caller_role is distinct from 'admin' then
    perform app.forbid('Only an admin can delete admin, HR or kiosk accounts');
  end if;
  return old;
end
$$;
create trigger employees_guard_delete before delete on public.employees
  for each row execute function app.guard_employee_delete();

-- However an employee is archived (archive_employee() or a status change), what must go goes:
-- biometric templates are destroyed, shifts and department management end.
create function app.on_employee_terminated() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.biometric_enrolments where employee_id = new.id;
  delete from public.shift_assignments where employee_id = new.id;
  delete from public.department_managers where employee_id = new.id;
  return null;
end
$$;
create trigger employees_terminated after update of status on public.employees
  for each row when (new.status = 'terminated' and old.status is distinct from 'terminated')
  execute function app.on_employee_terminated();

-- A notification's owner may only mark it read.
create function app.guard_notification_update() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if app.is_trusted() or app.has_role('admin') then
    return new;
  end if;
  if (to_jsonb(new) - array['read', 'read_at']) is distinct from (to_jsonb(old) - array['read', 'read_at']) then
    perform app.forbid('You can only mark a notification read');
  end if;
  new.read_at := case when new.read then coalesce(old.read_at, now()) end;
  return new;
end
$$;
create trigger notifications_guard before update on public.notifications
  for each row execute function app.guard_notification_update();

create function app.stamp_notification() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not app.is_trusted() then
    new.created_by := app.my_employee_id();
    new.read := false;
    new.read_at := null;
  end if;
  return new;
end
$$;
create trigger notifications_stamp before insert on public.notifications
  for each row execute function app.stamp_notification();

create function app.stamp_settings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.updated_by := app.my_employee_id();
  return new;
end
$$;
create trigger system_settings_stamp before insert or update on public.system_settings
  for each row execute function app.stamp_settings();

-- Audit -------------------------------------------------------------------------------
create function app.write_audit(entity text, entity_id text, action text, diff jsonb) returns void
language sql security definer set search_path = '' as $$
  insert into public.audit_logs (entity, entity_id, action, diff, actor, actor_employee_id)
  values (entity, entity_id, action, coalesce(diff, '{}'::jsonb), auth.uid(), app.my_employee_id())
$$;

-- {"column": {"old": …, "new": …}} for the listed columns that changed.
create function app.changed(old_row jsonb, new_row jsonb, columns text[]) returns jsonb
language sql immutable set search_path = '' as $$
  select coalesce(jsonb_object_agg(c, jsonb_build_object('old', old_row -> c, 'new', new_row -> c)), '{}'::jsonb)
  from unnest(columns) as c
  where (old_row -> c) is distinct from (new_row -> c)
$$;

create function app.audit_employee() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  watched text[] := array['role', 'status', 'salary', 'department_id', 'site_id', 'user_id', 'email'];
  diff jsonb;
begin
  if tg_op = 'INSERT' then
    perform app.write_audit('employees', new.id::text, 'create',
      jsonb_build_object('role', new.role, 'status', new.status, 'salary', new.salary, 'email', new.email));
  elsif tg_op = 'DELETE' then
    perform app.write_audit('employees', old.id::text, 'delete', jsonb_build_object('email', old.email));
  else
    diff := app.changed(to_jsonb(old), to_jsonb(new), watched);
    if diff <> '{}'::jsonb then
      perform app.write_audit('employees', new.id::text,
        case when new.status = 'terminated' and old.status <> 'terminated' then 'archive' else 'update' end, diff);
    end if;
  end if;
  return null;
end
$$;
create trigger employees_audit after insert or update or delete on public.employees
  for each row execute function app.audit_employee();

create function app.audit_attendance() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' and new.source = 'correction' then
    perform app.write_audit('attendances', new.id::text, 'correction',
      jsonb_build_object('employee_id', new.employee_id, 'check_in', new.check_in, 'check_out', new.check_out,
        'reason', new.correction_reason));
  elsif tg_op = 'UPDATE' and new.corrected_at is distinct from old.corrected_at then
    perform app.write_audit('attendances', new.id::text, 'correction',
      app.changed(to_jsonb(old), to_jsonb(new), array['check_in', 'check_out', 'date', 'punctuality'])
        || jsonb_build_object('reason', new.correction_reason, 'employee_id', new.employee_id));
  elsif tg_op = 'DELETE' then
    perform app.write_audit('attendances', old.id::text, 'delete', to_jsonb(old));
  end if;
  return null;
end
$$;
create trigger attendances_audit after insert or update or delete on public.attendances
  for each row execute function app.audit_attendance();

create function app.audit_biometric() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform app.write_audit('biometric_enrolments', new.employee_id::text, 'enrol',
      jsonb_build_object('finger', new.finger, 'quality', new.quality, 'consent_text_version', new.consent_text_version,
        'consent_at', new.consent_at));
  else
    perform app.write_audit('biometric_enrolments', old.employee_id::text, 'delete',
      jsonb_build_object('finger', old.finger));
  end if;
  return null;
end
$$;
create trigger biometric_audit after insert or delete on public.biometric_enrolments
  for each row execute function app.audit_biometric();

create function app.audit_settings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.write_audit('system_settings', new.id, 'update',
    app.changed(to_jsonb(old), to_jsonb(new), array['company_name', 'working_hours', 'break_time', 'late_threshold',
      'notifications', 'biometric_auth', 'auto_backup', 'email_reports', 'sms_notifications']));
  return null;
end
$$;
create trigger system_settings_audit after update on public.system_settings
  for each row execute function app.audit_settings();

create function app.audit_department_manager() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform app.write_audit('department_managers', new.department_id::text, 'assign_manager',
      jsonb_build_object('employee_id', new.employee_id));
  else
    perform app.write_audit('department_managers', old.department_id::text, 'remove_manager',
      jsonb_build_object('employee_id', old.employee_id));
  end if;
  return null;
end
$$;
create trigger department_managers_audit after insert or delete on public.department_managers
  for each row execute function app.audit_department_manager();
