-- The sensitive RPCs of accounts and data ask for two-factor step-up first (app.require_aal2(),
-- see 20261126050000_require_two_factor.sql): changing roles, deciding role requests (grants a role),
-- activating or deactivating accounts, restoring a backup, exporting the company's data.
-- Bodies unchanged from their latest definitions but for that first line, so that a refusal changes
-- nothing (restore_backup would otherwise take its safety backup first).

create or replace function public.set_account_active(p_employee_id uuid, p_active boolean) returns public.employees
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees;
begin
  perform app.require_aal2();
  target := app.account_target(p_employee_id);
  if target.id = app.my_employee_id() then
    perform app.refuse('You cannot change your own status');
  end if;
  if target.status = 'terminated' then
    perform app.refuse('This person is archived: restore them from the directory');
  end if;
  update public.employees set status = case when p_active then 'active' else 'inactive' end::public.employee_status
  where id = target.id returning * into target;
  perform app.write_audit('accounts', target.id::text, case when p_active then 'activate' else 'deactivate' end,
    jsonb_build_object('email', target.email));
  return target;
end
$$;

create or replace function public.change_role(p_employee_id uuid, p_role public.employee_role) returns public.employees
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees;
  before_role public.employee_role;
begin
  perform app.require_aal2();
  target := app.account_target(p_employee_id);
  before_role := target.role;
  if target.id = app.my_employee_id() then
    perform app.forbid('You cannot change your own role');
  end if;
  if not (app.is_trusted() or app.has_role('admin')) and p_role not in ('employee', 'manager') then
    perform app.forbid('Only an admin can grant the admin, HR or kiosk role');
  end if;
  if p_role = 'kiosk' and target.site_id is null then
    perform app.refuse('A kiosk account needs a site');
  end if;
  if p_role = before_role then
    return target;
  end if;
  update public.employees set role = p_role where id = target.id returning * into target;
  if before_role = 'manager' then
    delete from public.department_managers where employee_id = target.id;
  end if;
  perform app.write_audit('accounts', target.id::text, 'change_role',
    jsonb_build_object('old', before_role, 'new', p_role));
  return target;
end
$$;

create or replace function public.decide_role_request(p_request_id uuid, p_approve boolean) returns public.role_requests
language plpgsql security definer set search_path = '' as $$
declare
  request public.role_requests;
begin
  perform app.require_aal2();
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can decide role requests');
  end if;
  select * into request from public.role_requests where id = p_request_id for update;
  if not found then
    perform app.refuse('Role request not found');
  end if;
  if request.status <> 'pending' then
    perform app.refuse('This request has already been decided');
  end if;
  update public.role_requests set status = case when p_approve then 'approved' else 'rejected' end::public.request_status,
    decided_by = app.my_employee_id(), decided_at = now()
  where id = request.id returning * into request;
  if p_approve then
    update public.employees set role = request.requested_role where id = request.employee_id;
  end if;
  insert into public.notifications (employee_id, title, message, created_by)
  values (request.employee_id, 'Role request',
    format('Your request for the %s role was %s.', request.requested_role, case when p_approve then 'approved' else 'rejected' end),
    app.my_employee_id());
  perform app.write_audit('role_requests', request.id::text, case when p_approve then 'approve' else 'reject' end,
    jsonb_build_object('employee_id', request.employee_id, 'requested_role', request.requested_role));
  return request;
end
$$;

create or replace function public.restore_backup(p_backup_id bigint) returns public.backups
language plpgsql security definer set search_path = '' as $$
declare
  source public.backups;
  safety public.backups;
  t record;
  cols text;
  col record;
begin
  perform app.require_aal2();
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can restore the database');
  end if;
  select * into source from public.backups where id = p_backup_id;
  if not found then
    perform app.refuse('Backup not found');
  end if;
  if pg_catalog.pg_stat_file(source.file, true) is null then
    perform app.refuse(format('The file %s is no longer in the data directory', source.file));
  end if;
  safety := app.take_backup('admin');

  create temp table restore_rows (tbl text, row jsonb) on commit drop;
  execute format('copy restore_rows from %L', pg_catalog.current_setting('data_directory') || '/' || source.file);

  set local session_replication_role = replica;
  for t in
    select c.oid, c.relname from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and c.relname not in ('backups', 'audit_logs')
      and exists (select 1 from restore_rows r where r.tbl = c.relname)
    order by c.relname
  loop
    select string_agg(format('%I', a.attname), ', ' order by a.attnum) into cols
    from pg_catalog.pg_attribute a
    where a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '';
    execute format('delete from public.%I', t.relname);
    execute format('insert into public.%1$I (%2$s) overriding system value select %2$s from restore_rows r, '
      'jsonb_populate_record(null::public.%1$I, r.row) where r.tbl = %3$L', t.relname, cols, t.relname);
    for col in
      select a.attname from pg_catalog.pg_attribute a
      where a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped and a.attidentity <> ''
    loop
      execute format('select pg_catalog.setval(pg_catalog.pg_get_serial_sequence(%L, %L), '
        'coalesce((select max(%I) from public.%I), 0) + 1, false)',
        'public.' || t.relname, col.attname, col.attname, t.relname);
    end loop;
  end loop;
  set local session_replication_role = origin;

  perform app.write_audit('backups', source.id::text, 'restore',
    jsonb_build_object('file', source.file, 'taken_at', source.taken_at, 'safety_backup', safety.file));
  return source;
end
$$;

create or replace function public.export_company_data() returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  tbl text;
  rows jsonb;
  result jsonb := '{}'::jsonb;
begin
  perform app.require_aal2();
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can export the company''s data');
  end if;
  perform app.write_audit('export', 'all', 'export', '{}'::jsonb);
  for tbl in
    select c.relname from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname
  loop
    execute format(
      'select coalesce(jsonb_agg(to_jsonb(t) - array[''template'', ''encrypted_password'', ''ridges'']), ''[]''::jsonb) from public.%I t',
      tbl) into rows;
    result := result || jsonb_build_object(tbl, rows);
  end loop;
  return result;
end
$$;
