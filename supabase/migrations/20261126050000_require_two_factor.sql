-- Two-factor sign-in for the people who move money or power (issue 28 §4).
-- 1. A setting 'Require two-factor sign-in for admins and HR' (off by default and in the demo data,
--    so the demo accounts work without a phone).
-- 2. app.require_aal2() also refuses an admin or HR person without a verified factor while the
--    setting is on (hint 'mfa_enrolment_required'); with a factor it asks for aal2 as before
--    (hint 'mfa_required', which the app answers by asking for the code and retrying).
-- 3. The sensitive RPCs owned here call it first: change_role, decide_role_request,
--    set_account_active, restore_backup, export_company_data, and the new remove_two_factor.
--    Roles also change through a direct update of employees (the edit form): a trigger asks the same
--    there, and when an admin, HR or kiosk record is created. The payroll RPCs are guarded by their
--    own migrations. No restrictive RLS policies are added: every write these guard goes through a
--    security definer RPC or the employees trigger, which see the same JWT.

alter table public.system_settings
  add column require_mfa_for_admins_hr boolean not null default false;

create or replace function app.require_aal2() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  -- Trusted server code (service role, migrations, sign-up's own trigger) has no second factor to give.
  if auth.uid() is null then
    return;
  end if;
  if app.has_verified_factor() then
    if coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
      raise exception using errcode = '42501',
        message = 'Confirm this action with your two-factor code',
        hint = 'mfa_required';
    end if;
    return;
  end if;
  if app.has_role('admin', 'hr')
    and coalesce((select s.require_mfa_for_admins_hr from public.system_settings s where s.id = 'default'), false) then
    raise exception using errcode = '42501',
      message = 'Two-factor sign-in is required for your role: set it up in your account menu',
      hint = 'mfa_enrolment_required';
  end if;
end
$$;

-- Turning the requirement on or off is itself a sensitive change: aal2 when the admin has a factor
-- (or when the requirement is on), and audited.
create function app.guard_two_factor_setting() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.require_mfa_for_admins_hr is distinct from old.require_mfa_for_admins_hr then
    perform app.require_aal2();
    perform app.write_audit('system_settings', new.id, 'update',
      app.changed(to_jsonb(old), to_jsonb(new), array['require_mfa_for_admins_hr']));
  end if;
  return new;
end
$$;
create trigger system_settings_two_factor before update of require_mfa_for_admins_hr on public.system_settings
  for each row execute function app.guard_two_factor_setting();

-- A role granted or changed outside the RPCs (the employee edit form) needs the same step-up.
create function app.guard_role_aal2() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.require_aal2();
  return new;
end
$$;
create trigger employees_role_aal2 before update of role on public.employees
  for each row when (new.role is distinct from old.role) execute function app.guard_role_aal2();
create trigger employees_privileged_insert_aal2 before insert on public.employees
  for each row when (new.role in ('admin', 'hr', 'kiosk')) execute function app.guard_role_aal2();

-- An admin removes another person's factors (a lost phone): the person signs in with their
-- password again and may enrol a new factor. Their sessions fall back to aal1. Audited.
create function public.remove_two_factor(p_employee_id uuid) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees;
  removed integer;
begin
  perform app.require_aal2();
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can remove two-factor sign-in');
  end if;
  select * into target from public.employees where id = p_employee_id for update;
  if not found then
    perform app.refuse('Employee not found', 'employee_not_found');
  end if;
  if target.id = app.my_employee_id() then
    perform app.refuse('Remove your own two-factor sign-in from your account menu', 'two_factor_remove_own');
  end if;
  if target.user_id is null then
    perform app.refuse('This person has no account yet', 'two_factor_no_account');
  end if;
  with gone as (
    delete from auth.mfa_factors f where f.user_id = target.user_id returning f.id
  )
  select count(*) into removed from gone;
  if removed = 0 then
    perform app.refuse('This person has no two-factor sign-in', 'two_factor_not_enrolled');
  end if;
  update auth.sessions set aal = 'aal1' where user_id = target.user_id;
  delete from auth.mfa_amr_claims c using auth.sessions s
  where c.session_id = s.id and s.user_id = target.user_id and c.authentication_method = 'totp';
  perform app.write_audit('accounts', target.id::text, 'remove_two_factor',
    jsonb_build_object('email', target.email, 'factors', removed));
  return removed;
end
$$;

-- Which accounts have a verified factor (users management shows it and offers the removal).
create function public.two_factor_accounts() returns setof uuid
language plpgsql stable security definer set search_path = '' as $$
begin
  if not app.has_role('admin', 'hr') then
    perform app.forbid('Only admins and HR manage accounts');
  end if;
  return query
  select e.id from public.employees e
  where e.user_id is not null
    and exists (select 1 from auth.mfa_factors f where f.user_id = e.user_id and f.status = 'verified');
end
$$;

revoke execute on function public.remove_two_factor(uuid), public.two_factor_accounts() from anon, public;
grant execute on function public.remove_two_factor(uuid), public.two_factor_accounts() to authenticated, service_role;
