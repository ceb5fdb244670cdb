-- An open sign-up creates its employee record only once its e-mail is confirmed (follow-up to
-- issue 28 §1). Before, a sign-up that was never confirmed created an active record at once:
-- anyone could squat a predictable address, and HR registering the real hire then met a raw
-- unique-violation. Now:
-- * app.handle_new_user creates the record at insert only when the address is already confirmed
--   (autoconfirm); otherwise app.handle_user_confirmed creates it when the link is followed. The
--   first-account-becomes-admin rule and the role request are decided at that moment.
-- * when HR registers (or re-addresses) a record with the e-mail of an unconfirmed account that has
--   no record, that account goes: it proved nothing, and it would block the real person's sign-up.

-- The record of an open (not invited) sign-up, from its metadata. The metadata never grants
-- anything: the first account of an empty system becomes admin; any other is an employee, and a
-- requested manager, HR or admin role becomes a pending request for an admin to decide.
-- Callers hold the 'pointage.signup' advisory lock.
create function app.create_signup_record(p_user auth.users) returns void
language plpgsql security definer set search_path = '' as $$
declare
  meta jsonb := coalesce(p_user.raw_user_meta_data, '{}'::jsonb);
  employee_id uuid;
  requested text := lower(btrim(coalesce(meta ->> 'role', '')));
  first_account boolean;
  salary_text text := nullif(btrim(coalesce(meta ->> 'salary', '')), '');
begin
  if exists (select 1 from public.employees e where e.user_id = p_user.id) then
    return;
  end if;
  -- Defence in depth: app.claim_invitation refused this already, and registering a record removes
  -- the unconfirmed accounts holding its address (app.free_email_from_unconfirmed_accounts).
  if exists (select 1 from public.employees e where lower(e.email) = lower(p_user.email)) then
    perform app.refuse(
      'An account for this e-mail was prepared by your company: use the invitation link you received, or ask for a new one.',
      'invitation_required');
  end if;

  first_account := not exists (select 1 from public.employees);
  insert into public.employees (
    id, user_id, email, first_name, last_name, phone, address, position, department_id, joining_date,
    employment_type, salary, emergency_contact, emergency_phone, has_agreed_to_terms, role
  ) values (
    p_user.id, p_user.id, p_user.email,
    coalesce(nullif(btrim(meta ->> 'first_name'), ''), split_part(p_user.email, '@', 1)),
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
end
$$;
revoke execute on function app.create_signup_record(auth.users) from public, anon, authenticated;

-- After the row is written (latest: 20261126060000): an invited account is linked once its e-mail
-- is confirmed; any other account gets its own record, once its e-mail is confirmed.
create or replace function app.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_advisory_xact_lock(hashtext('pointage.signup'));

  if exists (select 1 from public.account_invitations i where i.claimed_by_user_id = new.id
      and i.used_at is null and i.revoked_at is null) then
    -- Where sign-up requires confirmation, the link waits for it (app.handle_user_confirmed).
    if new.email_confirmed_at is not null then
      perform app.link_invitation(new.id, new.email);
    end if;
    return new;
  end if;
  -- Defence in depth: app.claim_invitation refused this already.
  if exists (select 1 from public.employees e where lower(e.email) = lower(new.email)) then
    perform app.refuse(
      'An account for this e-mail was prepared by your company: use the invitation link you received, or ask for a new one.',
      'invitation_required');
  end if;
  if new.email_confirmed_at is not null then
    perform app.create_signup_record(new);
  end if;
  return new;
end
$$;

-- A confirmed e-mail (latest: 20261126060000) links the account to the invitation it signed up
-- through; an account that signed up openly gets its own record now. The address alone never
-- takes over a record.
create or replace function app.handle_user_confirmed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_advisory_xact_lock(hashtext('pointage.signup'));
  if app.link_invitation(new.id, new.email) then
    return new;
  end if;
  -- Signed up through an invitation that was revoked or used meanwhile: no record of its own.
  if exists (select 1 from public.account_invitations i where i.claimed_by_user_id = new.id) then
    return new;
  end if;
  perform app.create_signup_record(new);
  return new;
end
$$;

-- A record registered with an address that an unconfirmed account holds (and that account has no
-- record): the account goes, so that the person can sign up (through their invitation) with it.
create function app.free_email_from_unconfirmed_accounts() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_advisory_xact_lock(hashtext('pointage.signup'));
  delete from auth.users u
  where lower(u.email) = lower(new.email) and u.email_confirmed_at is null
    and not exists (select 1 from public.employees e where e.user_id = u.id);
  return null;
end
$$;
create trigger employees_free_email_insert after insert on public.employees
  for each row when (new.user_id is null)
  execute function app.free_email_from_unconfirmed_accounts();
create trigger employees_free_email_update after update of email on public.employees
  for each row when (new.user_id is null and lower(old.email) is distinct from lower(new.email))
  execute function app.free_email_from_unconfirmed_accounts();
