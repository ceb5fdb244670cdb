-- Sign-up links the new auth account to its employee record, or creates one from the
-- form's metadata. The metadata never grants anything: the first account of an empty
-- system becomes admin; any other account is an employee, and a requested manager,
-- HR or admin role becomes a pending request for an admin to decide.

create function app.employment_type_from(value text) returns public.employment_type
language sql immutable set search_path = '' as $$
  select case replace(lower(btrim(coalesce(value, ''))), '-', '_')
    when 'part_time' then 'part_time'::public.employment_type
    when 'contract' then 'contract'::public.employment_type
    when 'intern' then 'intern'::public.employment_type
    else 'full_time'::public.employment_type
  end
$$;

create function app.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  existing public.employees;
  employee_id uuid;
  requested text := lower(btrim(coalesce(meta ->> 'role', '')));
  first_account boolean;
  salary_text text := nullif(btrim(coalesce(meta ->> 'salary', '')), '');
begin
  -- Serialise sign-ups so that two first accounts cannot both become admin.
  perform pg_advisory_xact_lock(hashtext('pointage.signup'));

  select * into existing from public.employees e where lower(e.email) = lower(new.email) for update;
  if found then
    if existing.user_id is not null then
      raise exception using errcode = '23505', message = 'This employee already has an account';
    end if;
    -- Only a confirmed address may take over a record HR created (where sign-up requires
    -- confirmation, the link waits for it: see on_auth_user_confirmed).
    if new.email_confirmed_at is not null then
      update public.employees set user_id = new.id where id = existing.id;
    end if;
    return new;
  end if;

  first_account := not exists (select 1 from public.employees);
  insert into public.employees (
    id, user_id, email, first_name, last_name, phone, address, position, department_id, joining_date,
    employment_type, salary, emergency_contact, emergency_phone, has_agreed_to_terms, role
  ) values (
    new.id, new.id, new.email,
    coalesce(nullif(btrim(meta ->> 'first_name'), ''), split_part(new.email, '@', 1)),
    coalesce(btrim(meta ->> 'last_name'), ''),
    nullif(btrim(meta ->> 'phone'), ''),
    nullif(btrim(meta ->> 'address'), ''),
    nullif(btrim(meta ->> 'position'), ''),
    (select d.id from public.departments d where lower(d.name) = lower(btrim(meta ->> 'department'))),
    case when (meta ->> 'joining_date') ~ '^\d{4}-\d{2}-\d{2}$' then (meta ->> 'joining_date')::date end,
    app.employment_type_from(meta ->> 'employment_type'),
    case when salary_text ~ '^\d+(\.\d{1,2})?$' then salary_text::numeric end,
    nullif(btrim(meta ->> 'emergency_contact'), ''),
    nullif(btrim(meta ->> 'emergency_phone'), ''),
    coalesce(lower(meta ->> 'has_agreed_to_terms') in ('true', 't', '1', 'yes'), false),
    case when first_account then 'admin'::public.employee_role else 'employee'::public.employee_role end
  ) returning id into employee_id;

  if not first_account and requested in ('admin', 'hr', 'manager') then
    insert into public.role_requests (employee_id, requested_role) values (employee_id, requested::public.employee_role);
  end if;
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function app.handle_new_user();

create function app.handle_user_confirmed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.employees set user_id = new.id
  where lower(email) = lower(new.email) and user_id is null;
  return new;
end
$$;
create trigger on_auth_user_confirmed after update of email_confirmed_at on auth.users
  for each row when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function app.handle_user_confirmed();

-- Keep the employee's e-mail in step when the account's address changes.
create function app.handle_user_email_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.employees set email = new.email where user_id = new.id and email is distinct from new.email;
  return new;
end
$$;
create trigger on_auth_user_email_changed after update of email on auth.users
  for each row execute function app.handle_user_email_change();
