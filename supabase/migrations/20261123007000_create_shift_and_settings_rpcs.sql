-- The shifts screen's counters and the settings screen's workflows: what each settings switch
-- does in the database, resetting settings, the security/system logs and the data export.

-- Shifts -------------------------------------------------------------------------------

-- The shifts screen's counters, scoped by the caller's row-level security (security invoker).
-- Assigned / Unassigned count shifts with / without at least one employee.
create function public.shift_counters()
returns table (total_shifts integer, total_employees integer, assigned integer, unassigned integer)
language sql stable security invoker set search_path = '' as $$
  select
    (select count(*)::integer from public.shifts),
    (select count(*)::integer from public.employees e where e.status = 'active' and e.role <> 'kiosk'),
    (select count(*)::integer from public.shifts s
      where exists (select 1 from public.shift_assignments sa where sa.shift_id = s.id)),
    (select count(*)::integer from public.shifts s
      where not exists (select 1 from public.shift_assignments sa where sa.shift_id = s.id))
$$;
revoke execute on function public.shift_counters() from anon, public;
grant execute on function public.shift_counters() to authenticated, service_role;

create function app.audit_shift() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform app.write_audit('shifts', new.id::text, 'create', jsonb_build_object('name', new.name,
      'start_time', new.start_time, 'end_time', new.end_time, 'days_of_week', new.days_of_week));
  elsif tg_op = 'DELETE' then
    perform app.write_audit('shifts', old.id::text, 'delete', jsonb_build_object('name', old.name));
  else
    perform app.write_audit('shifts', new.id::text, 'update', app.changed(to_jsonb(old), to_jsonb(new),
      array['name', 'site_id', 'start_time', 'end_time', 'break_duration', 'days_of_week']));
  end if;
  return null;
end
$$;
create trigger shifts_audit after insert or update or delete on public.shifts
  for each row execute function app.audit_shift();

alter publication supabase_realtime add table public.shifts;

-- Settings switches that act in the database ------------------------------------------

create function app.setting_enabled(name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select (to_jsonb(s) ->> name)::boolean from public.system_settings s where s.id = 'default'), true)
$$;

-- Notifications off: workflows (and anyone else) create no in-app notifications.
create function app.gate_notification() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.channel = 'in_app' and not app.setting_enabled('notifications') then
    return null;
  end if;
  return new;
end
$$;
create trigger notifications_gate before insert on public.notifications
  for each row execute function app.gate_notification();

-- Biometric authentication on: attendance is recorded by fingerprint only (manual and PIN
-- check-ins are refused; HR corrections stay possible).
create function app.gate_attendance_source() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.source in ('manual', 'kiosk_pin') and coalesce((
    select biometric_auth from public.system_settings where id = 'default'), false) then
    perform app.refuse('Biometric authentication required',
      'Biometric authentication is on in Settings: check in by fingerprint.');
  end if;
  return new;
end
$$;
create trigger attendances_biometric_gate before insert on public.attendances
  for each row execute function app.gate_attendance_source();

-- Reset System: the settings back to their defaults. People, attendance and payroll are untouched.
create function public.reset_settings() returns public.system_settings
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
    sms_notifications = default, scanner_simulator = default
  where id = 'default' returning * into result;
  perform app.write_audit('system_settings', 'default', 'reset', '{}'::jsonb);
  return result;
end
$$;
revoke execute on function public.reset_settings() from anon, public;
grant execute on function public.reset_settings() to authenticated, service_role;

-- Audit of the reference data the settings screen edits.
create function app.audit_reference() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.write_audit(tg_table_name, coalesce(new.id, old.id)::text, lower(tg_op),
    jsonb_build_object('old', case when tg_op <> 'INSERT' then to_jsonb(old) end,
      'new', case when tg_op <> 'DELETE' then to_jsonb(new) end));
  return null;
end
$$;
create trigger holidays_audit after insert or update or delete on public.holidays
  for each row execute function app.audit_reference();
create trigger sites_audit after insert or update or delete on public.sites
  for each row execute function app.audit_reference();

-- A password change (through auth) is a security event.
create function app.audit_password_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  employee uuid := (select e.id from public.employees e where e.user_id = new.id);
begin
  insert into public.audit_logs (entity, entity_id, action, diff, actor, actor_employee_id)
  values ('auth', coalesce(employee::text, new.id::text), 'password_change', '{}'::jsonb, new.id, employee);
  return null;
end
$$;
create trigger auth_users_password_audit after update of encrypted_password on auth.users
  for each row when (old.encrypted_password is distinct from new.encrypted_password
    and old.encrypted_password is not null)
  execute function app.audit_password_change();

-- Security Logs and System Logs: the audit log with who, when and what (admins and HR, by RLS).
create function public.audit_log_entries(p_kind text default 'system', p_limit integer default 200)
returns table (
  id bigint, created_at timestamptz, actor_name text, entity text, entity_id text, action text, diff jsonb
)
language sql stable security invoker set search_path = '' as $$
  select a.id, a.created_at,
    coalesce(btrim(e.first_name || ' ' || e.last_name), case when a.actor is null then 'system' end),
    a.entity, a.entity_id, a.action, a.diff
  from public.audit_logs a
  left join public.employees e on e.id = a.actor_employee_id
  where case when p_kind = 'security'
    then a.entity in ('auth', 'employees', 'biometric_enrolments', 'role_requests', 'department_managers')
    else a.entity not in ('auth', 'employees', 'biometric_enrolments', 'role_requests', 'department_managers') end
  order by a.created_at desc, a.id desc
  limit least(greatest(coalesce(p_limit, 200), 1), 1000)
$$;
revoke execute on function public.audit_log_entries(text, integer) from anon, public;
grant execute on function public.audit_log_entries(text, integer) to authenticated, service_role;

-- Export Data: every table of the company's data as rows (admin only), never fingerprint
-- templates (auth's password hashes are not in this schema at all).
create function public.export_company_data() returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  tbl text;
  rows jsonb;
  result jsonb := '{}'::jsonb;
begin
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can export the company''s data');
  end if;
  for tbl in
    select c.relname from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname
  loop
    execute format(
      'select coalesce(jsonb_agg(to_jsonb(t) - array[''template'', ''encrypted_password'']), ''[]''::jsonb) from public.%I t',
      tbl) into rows;
    result := result || jsonb_build_object(tbl, rows);
  end loop;
  perform app.write_audit('export', 'all', 'export', jsonb_build_object('tables', (select count(*) from jsonb_object_keys(result))));
  return result;
end
$$;
revoke execute on function public.export_company_data() from anon, public;
grant execute on function public.export_company_data() to authenticated, service_role;
