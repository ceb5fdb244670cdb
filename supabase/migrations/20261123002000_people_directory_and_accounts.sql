-- People and accounts (issue 9): the directory's search column and figures, delete-or-archive,
-- restore, registration with an optional enrolment in one transaction, and the account actions
-- of users management (status, role, password reset, invitation, kiosk devices), each audited.

-- One lower-case text to search a person by: name, e-mail, position, phone and employee id.
alter table public.employees add column search text generated always as (
  lower(
    first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(position, '') || ' '
      || coalesce(phone, '') || ' ' || id::text
  )
) stored;

-- Invitations to create an account (sign-up with the invited e-mail links it to the record).
create table public.account_invitations (
  id uuid primary key default gen_random_uuid(),
  employee_id uuid not null references public.employees (id) on delete cascade,
  email text not null,
  invited_by uuid references public.employees (id) on delete set null,
  created_at timestamptz not null default now()
);
create index account_invitations_employee_idx on public.account_invitations (employee_id, created_at desc);
alter table public.account_invitations enable row level security;
create policy account_invitations_read on public.account_invitations for select to authenticated
  using ((select app.has_role('admin', 'hr')));
revoke insert, update, delete, truncate on public.account_invitations from authenticated;

-- An account follows its employee's status at once: an inactive or archived person cannot sign
-- in (banned) and loses every session; reactivation lifts the ban. Reads already stop at the
-- next request (app.my_role() only sees active employees).
create function app.sync_account_status() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.user_id is null then
    return null;
  end if;
  if new.status = 'active' then
    update auth.users set banned_until = null where id = new.user_id;
  else
    update auth.users set banned_until = 'infinity' where id = new.user_id;
    delete from auth.sessions where user_id = new.user_id;
  end if;
  return null;
end
$$;
create trigger employees_account_status after update of status, user_id on public.employees
  for each row when (new.status is distinct from old.status or new.user_id is distinct from old.user_id)
  execute function app.sync_account_status();

-- The last active admin can be neither demoted, deactivated, archived nor deleted.
create function app.guard_last_admin() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  leaving boolean;
begin
  if old.role <> 'admin' or old.status <> 'active' then
    return coalesce(new, old);
  end if;
  leaving := tg_op = 'DELETE' or new.role <> 'admin' or new.status <> 'active';
  if leaving and not exists (
    select 1 from public.employees e where e.role = 'admin' and e.status = 'active' and e.id <> old.id
  ) then
    perform app.refuse('The last active admin cannot be demoted or deactivated');
  end if;
  return coalesce(new, old);
end
$$;
create trigger employees_last_admin before delete or update of role, status on public.employees
  for each row execute function app.guard_last_admin();

-- May the caller manage this person in the directory (edit, archive, delete)?
create function app.may_manage_employee(target public.employees) returns boolean
language sql stable security definer set search_path = '' as $$
  select app.is_trusted()
    or (app.has_role('admin'))
    or (app.has_role('hr') and target.role in ('employee', 'manager'))
    or (app.manages_employee(target.id) and target.role = 'employee')
$$;

-- May the caller manage this person's account (users management: admin all, HR employees and managers)?
create function app.may_manage_account(target public.employees) returns boolean
language sql stable security definer set search_path = '' as $$
  select app.is_trusted() or app.has_role('admin') or (app.has_role('hr') and target.role in ('employee', 'manager'))
$$;

-- The directory's four figures over the people the caller may read (kiosk devices are not people;
-- archived people are not counted). This month: joined in the current calendar month.
create function public.employee_directory_stats()
returns table (total bigint, active bigint, departments bigint, this_month bigint)
language sql stable security invoker set search_path = '' as $$
  select count(*),
    count(*) filter (where e.status = 'active'),
    count(distinct e.department_id),
    count(*) filter (where e.joining_date >= date_trunc('month', current_date)::date
      and e.joining_date < (date_trunc('month', current_date) + interval '1 month')::date)
  from public.employees e
  where e.role <> 'kiosk' and e.status <> 'terminated'
$$;

-- Delete a person who has no history; archive one who has (any attendance, salary or payroll row,
-- anything that refers to them). Either way the answer says which happened.
create function public.delete_employee(p_employee_id uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees;
begin
  select * into target from public.employees where id = p_employee_id for update;
  if not found then
    perform app.refuse('Employee not found');
  end if;
  if not app.may_manage_employee(target) then
    perform app.forbid('You cannot delete this employee');
  end if;
  if target.id = app.my_employee_id() then
    perform app.refuse('You cannot delete yourself');
  end if;
  begin
    delete from public.employees where id = target.id;
    if target.user_id is not null then
      delete from auth.users where id = target.user_id;
    end if;
    return 'deleted';
  exception when foreign_key_violation then
    -- History exists: keep it, archive the person.
    null;
  end;
  if target.status = 'terminated' then
    perform app.refuse('Employee is already archived');
  end if;
  perform public.archive_employee(target.id);
  return 'archived';
end
$$;

-- Bring an archived person back (active again; their fingerprint must be enrolled anew).
create function public.restore_employee(p_employee_id uuid) returns public.employees
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees;
begin
  select * into target from public.employees where id = p_employee_id for update;
  if not found then
    perform app.refuse('Employee not found');
  end if;
  if not app.may_manage_employee(target) then
    perform app.forbid('You cannot restore this employee');
  end if;
  if target.status <> 'terminated' then
    perform app.refuse('Employee is not archived');
  end if;
  update public.employees set status = 'active' where id = target.id returning * into target;
  perform app.write_audit('employees', target.id::text, 'restore', '{}'::jsonb);
  return target;
end
$$;

-- Registration: the employee row and, when given, the enrolment of one finger, together or not at all.
-- p_employee: the form's fields; p_fingerprint: {finger, template (base64), quality, consentVersion, format}.
create function public.register_employee(p_employee jsonb, p_fingerprint jsonb default null)
returns public.employees
language plpgsql security definer set search_path = '' as $$
declare
  created public.employees;
  department uuid := nullif(p_employee ->> 'department_id', '')::uuid;
  site uuid := nullif(p_employee ->> 'site_id', '')::uuid;
  wanted_role public.employee_role := coalesce(nullif(p_employee ->> 'role', ''), 'employee')::public.employee_role;
  salary_text text := nullif(btrim(coalesce(p_employee ->> 'salary', '')), '');
begin
  if not (app.is_trusted() or app.has_role('admin', 'hr')
    or (app.has_role('manager') and department is not null and app.manages_department(department))) then
    perform app.forbid('You cannot register employees here');
  end if;
  if btrim(coalesce(p_employee ->> 'first_name', '')) = '' or btrim(coalesce(p_employee ->> 'last_name', '')) = ''
    or btrim(coalesce(p_employee ->> 'email', '')) = '' or btrim(coalesce(p_employee ->> 'phone', '')) = ''
    or btrim(coalesce(p_employee ->> 'position', '')) = '' or department is null
    or nullif(p_employee ->> 'joining_date', '') is null then
    perform app.refuse('Please fill all required fields');
  end if;
  if coalesce((p_employee ->> 'has_agreed_to_terms')::boolean, false) is not true then
    perform app.refuse('The terms must be agreed');
  end if;
  if exists (select 1 from public.employees e where lower(e.email) = lower(btrim(p_employee ->> 'email'))) then
    perform app.refuse('An employee with this e-mail already exists');
  end if;
  insert into public.employees (first_name, last_name, email, phone, address, position, department_id, site_id,
    salary, joining_date, employment_type, emergency_contact, emergency_phone, has_agreed_to_terms, role)
  values (
    btrim(p_employee ->> 'first_name'), btrim(p_employee ->> 'last_name'), lower(btrim(p_employee ->> 'email')),
    btrim(p_employee ->> 'phone'), nullif(btrim(coalesce(p_employee ->> 'address', '')), ''),
    btrim(p_employee ->> 'position'), department, site,
    case when salary_text is null then null else salary_text::numeric end,
    (p_employee ->> 'joining_date')::date,
    app.employment_type_from(p_employee ->> 'employment_type'),
    nullif(btrim(coalesce(p_employee ->> 'emergency_contact', '')), ''),
    nullif(btrim(coalesce(p_employee ->> 'emergency_phone', '')), ''),
    true, wanted_role
  ) returning * into created;
  if p_fingerprint is not null and jsonb_typeof(p_fingerprint) = 'object' then
    perform public.enrol_fingerprint(
      created.id,
      (p_fingerprint ->> 'finger')::public.finger,
      decode(p_fingerprint ->> 'template', 'base64'),
      (p_fingerprint ->> 'quality')::integer,
      p_fingerprint ->> 'consentVersion',
      coalesce(nullif(p_fingerprint ->> 'format', ''), 'pointage-v1')
    );
  end if;
  return created;
exception
  when invalid_text_representation or numeric_value_out_of_range or invalid_datetime_format
    or datetime_field_overflow or invalid_parameter_value then
    perform app.refuse('Invalid value', sqlerrm);
    return null;
  when check_violation then
    perform app.refuse('Invalid value', sqlerrm);
    return null;
end
$$;

-- Users management -------------------------------------------------------------------------

-- One row per person with a sign-in account or a pending invitation (archived people excluded),
-- filtered and paged in SQL; `total` is the number of matching rows.
create function public.list_accounts(
  p_search text default null,
  p_role text default null,
  p_status text default null,
  p_limit integer default 20,
  p_offset integer default 0
)
returns table (
  employee_id uuid, user_id uuid, first_name text, last_name text, email text, phone text,
  role public.employee_role, status text, department text, job_position text, site text, joining_date date,
  last_sign_in_at timestamptz, invited_at timestamptz, total bigint
)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not app.has_role('admin', 'hr') then
    perform app.forbid('Only admins and HR manage accounts');
  end if;
  return query
  with people as (
    select e.id, e.user_id, e.first_name, e.last_name, e.email, e.phone, e.role,
      case when e.user_id is null then 'invited' else e.status::text end as account_status,
      d.name as department, e.position, s.name as site, e.joining_date, u.last_sign_in_at,
      (select max(i.created_at) from public.account_invitations i where i.employee_id = e.id) as invited_at,
      e.search
    from public.employees e
    left join public.departments d on d.id = e.department_id
    left join public.sites s on s.id = e.site_id
    left join auth.users u on u.id = e.user_id
    where e.status <> 'terminated'
  ), matching as (
    select * from people p
    where (p.user_id is not null or p.invited_at is not null)
      and (coalesce(btrim(p_search), '') = '' or p.search like '%' || lower(btrim(p_search)) || '%')
      and (coalesce(p_role, '') in ('', 'all') or p.role::text = p_role)
      and (coalesce(p_status, '') in ('', 'all') or p.account_status = p_status)
  )
  select m.id, m.user_id, m.first_name, m.last_name, m.email, m.phone, m.role, m.account_status, m.department,
    m.position, m.site, m.joining_date, m.last_sign_in_at, m.invited_at, count(*) over ()
  from matching m
  order by m.first_name, m.last_name, m.id
  limit greatest(least(coalesce(p_limit, 20), 200), 1) offset greatest(coalesce(p_offset, 0), 0);
end
$$;

-- The four counters of users management: accounts, active ones, active admins, inactive ones.
create function public.account_counters()
returns table (total bigint, active bigint, admins bigint, inactive bigint, invited bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not app.has_role('admin', 'hr') then
    perform app.forbid('Only admins and HR manage accounts');
  end if;
  return query
  select count(*) filter (where e.user_id is not null),
    count(*) filter (where e.user_id is not null and e.status = 'active'),
    count(*) filter (where e.user_id is not null and e.status = 'active' and e.role = 'admin'),
    count(*) filter (where e.user_id is not null and e.status = 'inactive'),
    count(*) filter (where e.user_id is null
      and exists (select 1 from public.account_invitations i where i.employee_id = e.id))
  from public.employees e
  where e.status <> 'terminated';
end
$$;

create function app.account_target(p_employee_id uuid) returns public.employees
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees;
begin
  select * into target from public.employees where id = p_employee_id for update;
  if not found then
    perform app.refuse('Account not found');
  end if;
  if not app.may_manage_account(target) then
    perform app.forbid('You cannot manage this account');
  end if;
  return target;
end
$$;

-- Activate or deactivate: effective at once (see app.sync_account_status).
create function public.set_account_active(p_employee_id uuid, p_active boolean) returns public.employees
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees := app.account_target(p_employee_id);
begin
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

-- Change a role: nobody changes their own; HR moves people between employee and manager only;
-- a kiosk needs a site; the last active admin stays admin (app.guard_last_admin).
create function public.change_role(p_employee_id uuid, p_role public.employee_role) returns public.employees
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees := app.account_target(p_employee_id);
  before_role public.employee_role := target.role;
begin
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

-- A password-reset link is sent by the auth service (POST /auth/v1/recover); this records who asked
-- for whom and answers the address to send it to.
create function public.request_password_reset(p_employee_id uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees := app.account_target(p_employee_id);
begin
  if target.user_id is null then
    perform app.refuse('This person has no account yet: send an invitation');
  end if;
  if target.status <> 'active' then
    perform app.refuse('This account is inactive');
  end if;
  perform app.write_audit('accounts', target.id::text, 'password_reset', jsonb_build_object('email', target.email));
  return target.email;
end
$$;

-- Invite a person without an account: records the invitation and hands the e-mail to the mailer
-- (NOTIFY pointage_mail; the local stack writes the sign-up link to its log, like recovery links).
create function public.invite_employee(p_employee_id uuid) returns public.account_invitations
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees;
  invitation public.account_invitations;
begin
  select * into target from public.employees where id = p_employee_id for update;
  if not found then
    perform app.refuse('Employee not found');
  end if;
  if not (app.may_manage_account(target) or (target.role = 'kiosk' and app.has_role('admin'))
    or (app.manages_employee(target.id) and target.role = 'employee')) then
    perform app.forbid('You cannot invite this person');
  end if;
  if target.user_id is not null then
    perform app.refuse('This person already has an account');
  end if;
  if target.status <> 'active' then
    perform app.refuse('Only active people can be invited');
  end if;
  insert into public.account_invitations (employee_id, email, invited_by)
  values (target.id, target.email, app.my_employee_id()) returning * into invitation;
  perform pg_notify('pointage_mail', jsonb_build_object(
    'kind', 'invitation', 'email', target.email,
    'name', btrim(target.first_name || ' ' || target.last_name),
    'path', '/signup?email=' || replace(replace(target.email, '+', '%2B'), '@', '%40'))::text);
  perform app.write_audit('accounts', target.id::text, 'invite', jsonb_build_object('email', target.email));
  return invitation;
end
$$;

-- Delete an account that has no history (the sign-in account and the employee record); one with
-- history is refused: deactivate it instead.
create function public.delete_account(p_employee_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees := app.account_target(p_employee_id);
begin
  if target.id = app.my_employee_id() then
    perform app.refuse('You cannot delete yourself');
  end if;
  begin
    delete from public.employees where id = target.id;
  exception when foreign_key_violation then
    perform app.refuse('This account has history (attendance, salary or payroll): deactivate it instead');
  end;
  if target.user_id is not null then
    delete from auth.users where id = target.user_id;
  end if;
  perform app.write_audit('accounts', target.id::text, 'delete', jsonb_build_object('email', target.email));
end
$$;

-- A kiosk device account for a site: its record now, its sign-in account when the tablet signs up
-- with the invitation sent here.
create function public.create_kiosk_account(p_site_id uuid, p_email text, p_name text) returns public.employees
language plpgsql security definer set search_path = '' as $$
declare
  created public.employees;
begin
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can create kiosk accounts');
  end if;
  if not exists (select 1 from public.sites where id = p_site_id) then
    perform app.refuse('Site not found');
  end if;
  if btrim(coalesce(p_name, '')) = '' or btrim(coalesce(p_email, '')) !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    perform app.refuse('A kiosk account needs a name and a valid e-mail');
  end if;
  if exists (select 1 from public.employees e where lower(e.email) = lower(btrim(p_email))) then
    perform app.refuse('An account with this e-mail already exists');
  end if;
  insert into public.employees (first_name, last_name, email, site_id, role, has_agreed_to_terms)
  values (btrim(p_name), '', lower(btrim(p_email)), p_site_id, 'kiosk', true) returning * into created;
  perform public.invite_employee(created.id);
  return created;
end
$$;

revoke execute on function public.employee_directory_stats(), public.delete_employee(uuid),
  public.restore_employee(uuid), public.register_employee(jsonb, jsonb),
  public.list_accounts(text, text, text, integer, integer), public.account_counters(),
  public.set_account_active(uuid, boolean), public.change_role(uuid, public.employee_role),
  public.request_password_reset(uuid), public.invite_employee(uuid), public.delete_account(uuid),
  public.create_kiosk_account(uuid, text, text) from anon, public;
grant execute on function public.employee_directory_stats(), public.delete_employee(uuid),
  public.restore_employee(uuid), public.register_employee(jsonb, jsonb),
  public.list_accounts(text, text, text, integer, integer), public.account_counters(),
  public.set_account_active(uuid, boolean), public.change_role(uuid, public.employee_role),
  public.request_password_reset(uuid), public.invite_employee(uuid), public.delete_account(uuid),
  public.create_kiosk_account(uuid, text, text) to authenticated, service_role;
grant execute on all functions in schema app to anon, authenticated, service_role;
