-- Who is calling: read from the employees table on every request, so a role change
-- or a deactivation takes effect at once, not when the caller's token expires.
-- security definer so policies can use them without recursing into employees' own RLS.

create function app.my_employee_id() returns uuid
language sql stable security definer set search_path = '' as $$
  select e.id from public.employees e where e.user_id = auth.uid() and e.status = 'active'
$$;

create function app.my_role() returns public.employee_role
language sql stable security definer set search_path = '' as $$
  select e.role from public.employees e where e.user_id = auth.uid() and e.status = 'active'
$$;

create function app.my_site_id() returns uuid
language sql stable security definer set search_path = '' as $$
  select e.site_id from public.employees e where e.user_id = auth.uid() and e.status = 'active'
$$;

create function app.has_role(variadic roles public.employee_role[]) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(app.my_role() = any (roles), false)
$$;

-- True when the caller (an active manager) manages the employee's department.
create function app.manages_employee(target uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
    from public.employees e
    join public.department_managers dm on dm.department_id = e.department_id
    where e.id = target and dm.employee_id = app.my_employee_id() and app.my_role() = 'manager'
  )
$$;

create function app.manages_department(target uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.department_managers dm
    where dm.department_id = target and dm.employee_id = app.my_employee_id() and app.my_role() = 'manager'
  )
$$;

-- The employees of the departments the caller (an active manager) manages. Policies test
-- `employee_id in (select app.my_team_ids())`: computed once per statement, a hash lookup per row.
create function app.my_team_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select e.id from public.department_managers dm
  join public.employees e on e.department_id = dm.department_id
  where dm.employee_id = (select app.my_employee_id()) and (select app.my_role()) = 'manager'
$$;

-- Requests made with the service key or by the database owner (migrations, seed) are trusted.
create function app.is_trusted() returns boolean
language sql stable set search_path = '' as $$
  select auth.uid() is null and coalesce(auth.role(), '') not in ('anon', 'authenticated')
$$;

grant execute on all functions in schema app to anon, authenticated, service_role;

-- The spec's messages, raised the same way everywhere (PostgREST answers 400 P0001).
create function app.refuse(message text, hint text default null) returns void
language plpgsql set search_path = '' as $$
begin
  raise exception using errcode = 'P0001', message = message, hint = coalesce(hint, '');
end
$$;

create function app.forbid(message text default 'You are not allowed to do this') returns void
language plpgsql set search_path = '' as $$
begin
  raise exception using errcode = '42501', message = message;
end
$$;
grant execute on function app.refuse(text, text), app.forbid(text) to anon, authenticated, service_role;
