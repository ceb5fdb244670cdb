-- Linking a sign-in account to an employee record needs proof (issue 28 §1).
-- Before: whoever signed up first with the e-mail of a record HR had prepared (a manager, a kiosk,
-- an invited person) was linked to it and inherited its role. Now:
-- * an invitation carries a random single-use token, valid 7 days, stored only as its SHA-256;
--   the e-mail links to /signup?invitation=<token>&email=<address>;
-- * sign-up through it, with the record's current e-mail, links the account (at once when the
--   address is confirmed, else when it is: app.handle_user_confirmed) and so grants the record's role;
-- * an open sign-up with the e-mail of a record is refused with a message to ask for an invitation,
--   by Supabase's 'Before User Created' hook (public.hook_before_user_created) and, as the last line
--   of defence where the hook is not enabled, by the trigger on auth.users itself;
-- * only admins change the e-mail of an admin, HR or kiosk record; a changed e-mail revokes the
--   record's pending invitations.

-- Invitations -------------------------------------------------------------------------------------

alter table public.account_invitations
  add column token_hash bytea,
  add column expires_at timestamptz,
  add column used_at timestamptz,
  add column revoked_at timestamptz,
  -- The account that signed up through it and waits for its e-mail confirmation to be linked.
  -- No foreign key: the claim is written just before that account's row exists (BEFORE INSERT).
  add column claimed_by_user_id uuid,
  add column claimed_at timestamptz;

-- Earlier invitations carried no proof: their links link nothing any more.
update public.account_invitations
set expires_at = created_at + interval '7 days', revoked_at = coalesce(revoked_at, now())
where token_hash is null;

alter table public.account_invitations
  alter column expires_at set not null,
  add constraint account_invitations_token_hash_sha256 check (token_hash is null or octet_length(token_hash) = 32),
  add constraint account_invitations_live_has_token check (token_hash is not null or revoked_at is not null),
  add constraint account_invitations_expires_after_creation check (expires_at > created_at),
  add constraint account_invitations_used_or_revoked check (used_at is null or revoked_at is null),
  add constraint account_invitations_used_by_claimant check (used_at is null or claimed_by_user_id is not null);
create unique index account_invitations_token_hash_key on public.account_invitations (token_hash)
  where token_hash is not null;
-- One pending invitation per person, whatever the concurrency: a new one revokes the earlier ones.
create unique index account_invitations_one_pending on public.account_invitations (employee_id)
  where used_at is null and revoked_at is null;
create index account_invitations_claimant_idx on public.account_invitations (claimed_by_user_id)
  where claimed_by_user_id is not null;

-- Percent-encoding for a query-string value (RFC 3986 unreserved characters kept).
create function app.url_encode(value text) returns text
language sql immutable set search_path = '' as $$
  select coalesce(string_agg(
    case when c ~ '^[A-Za-z0-9._~-]$' then c
    else (
      select string_agg('%' || upper(lpad(to_hex(get_byte(convert_to(c, 'UTF8'), n)), 2, '0')), '' order by n)
      from generate_series(0, octet_length(convert_to(c, 'UTF8')) - 1) as n
    ) end, '' order by i), '')
  from unnest(string_to_array(value, null)) with ordinality as t(c, i)
$$;

-- Invite a person without an account: a new single-use token (the earlier pending invitations of
-- the person are revoked), its hash stored, the link handed to the mailer (NOTIFY pointage_mail; the
-- local stack writes it to its log). The token itself is never stored nor returned.
create or replace function public.invite_employee(p_employee_id uuid) returns public.account_invitations
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees;
  invitation public.account_invitations;
  token text := translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');
  stale_claimants uuid[];
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
  -- A sign-up through an earlier link that never confirmed its e-mail would hold the address:
  -- it goes with that link, so that the new one can be used.
  select array_agg(i.claimed_by_user_id) into stale_claimants
  from public.account_invitations i
  where i.employee_id = target.id and i.used_at is null and i.claimed_by_user_id is not null;
  update public.account_invitations set revoked_at = now()
  where employee_id = target.id and used_at is null and revoked_at is null;
  delete from auth.users u
  where u.id = any (coalesce(stale_claimants, '{}')) and u.email_confirmed_at is null
    and not exists (select 1 from public.employees e where e.user_id = u.id);

  insert into public.account_invitations (employee_id, email, invited_by, token_hash, expires_at)
  values (target.id, target.email, app.my_employee_id(), extensions.digest(token, 'sha256'), now() + interval '7 days')
  returning * into invitation;
  perform pg_notify('pointage_mail', jsonb_build_object(
    'kind', 'invitation', 'email', target.email,
    'name', btrim(target.first_name || ' ' || target.last_name),
    'expires_at', invitation.expires_at,
    'path', '/signup?invitation=' || token || '&email=' || app.url_encode(target.email))::text);
  perform app.write_audit('accounts', target.id::text, 'invite',
    jsonb_build_object('email', target.email, 'expires_at', invitation.expires_at));
  invitation.token_hash := null;
  return invitation;
end
$$;

-- Sign-up's verdict --------------------------------------------------------------------------------

-- May an account with this e-mail (and this invitation token, if any) be created? Null code: yes,
-- with invitation_id set when it is to be linked to that invitation's record. Shared by the
-- 'Before User Created' hook (refusal before anything is written) and the trigger on auth.users.
create function app.signup_verdict(p_email text, p_token text)
returns table (code text, message text, invitation_id uuid)
language plpgsql stable security definer set search_path = '' as $$
declare
  record public.employees;
  invitation public.account_invitations;
  invalid constant text := 'This invitation link is no longer valid (already used, expired or replaced): ask your company for a new one.';
begin
  if p_token is null then
    select * into record from public.employees e where lower(e.email) = lower(btrim(p_email));
    if not found then
      return query select null::text, null::text, null::uuid;
    elsif record.user_id is not null then
      return query select 'employee_has_account', 'This employee already has an account', null::uuid;
    else
      return query select 'invitation_required',
        'An account for this e-mail was prepared by your company: use the invitation link you received, or ask for a new one.',
        null::uuid;
    end if;
    return;
  end if;

  select * into invitation from public.account_invitations i
  where i.token_hash = extensions.digest(p_token, 'sha256');
  if not found or invitation.used_at is not null or invitation.revoked_at is not null
    or invitation.expires_at <= now()
    or exists (select 1 from auth.users u where u.id = invitation.claimed_by_user_id) then
    return query select 'invitation_invalid', invalid, null::uuid;
    return;
  end if;
  select * into record from public.employees e where e.id = invitation.employee_id;
  if record.user_id is not null or record.status <> 'active' then
    return query select 'invitation_invalid', invalid, null::uuid;
    return;
  end if;
  if lower(btrim(p_email)) <> lower(invitation.email) or lower(btrim(p_email)) <> lower(record.email) then
    return query select 'invitation_other_email',
      'This invitation was sent to another e-mail address: sign up with the address it was sent to.',
      null::uuid;
    return;
  end if;
  return query select null::text, null::text, invitation.id;
end
$$;
revoke execute on function app.signup_verdict(text, text) from public, anon, authenticated;

-- Supabase Auth's 'Before User Created' hook (enable it in Authentication > Hooks): refuses an
-- open sign-up with the e-mail of a prepared record, and an invitation that is not valid for it,
-- before the account is created. Returns {} to allow, {"error": {...}} to refuse.
create function public.hook_before_user_created(event jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  verdict record;
begin
  select * into verdict from app.signup_verdict(
    event -> 'user' ->> 'email',
    nullif(btrim(coalesce(event -> 'user' -> 'user_metadata' ->> 'invitation_token', '')), ''));
  if verdict.code is null then
    return '{}'::jsonb;
  end if;
  return jsonb_build_object('error', jsonb_build_object(
    'http_code', case when verdict.code = 'employee_has_account' then 422 else 403 end,
    'message', verdict.message));
end
$$;
revoke execute on function public.hook_before_user_created(jsonb) from public, anon, authenticated;
grant execute on function public.hook_before_user_created(jsonb) to supabase_auth_admin;

-- Triggers on auth.users -------------------------------------------------------------------------

-- Before the account's row is written: the invitation token leaves the metadata (it is never
-- stored), is checked, and its invitation is claimed by this account. A refusal here is the last
-- line of defence where the hook is not enabled (the auth server answers a database error).
create function app.claim_invitation() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  token text := nullif(btrim(coalesce(meta ->> 'invitation_token', '')), '');
  verdict record;
begin
  new.raw_user_meta_data := meta - 'invitation_token';
  -- A taken address: the insert itself fails on the unique e-mail ('User already registered').
  if exists (select 1 from auth.users u where lower(u.email) = lower(new.email)) then
    return new;
  end if;
  -- Serialise sign-ups: one token, one account; two first accounts cannot both become admin.
  perform pg_advisory_xact_lock(hashtext('pointage.signup'));
  select * into verdict from app.signup_verdict(new.email, token);
  if verdict.code is not null then
    perform app.refuse(verdict.message, verdict.code);
  end if;
  if verdict.invitation_id is not null then
    update public.account_invitations set claimed_by_user_id = new.id, claimed_at = now()
    where id = verdict.invitation_id;
  end if;
  return new;
end
$$;
create trigger on_auth_user_claim_invitation before insert on auth.users
  for each row execute function app.claim_invitation();

-- A token written into an existing account's metadata (a repeated sign-up of an unconfirmed
-- address, an updateUser) proves nothing and is not kept either.
create function app.strip_invitation_token() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.raw_user_meta_data := new.raw_user_meta_data - 'invitation_token';
  return new;
end
$$;
create trigger on_auth_user_strip_invitation_token before update of raw_user_meta_data on auth.users
  for each row when (new.raw_user_meta_data ? 'invitation_token')
  execute function app.strip_invitation_token();

-- Links the account to its invitation's record and consumes the invitation, if the invitation is
-- still pending and the record still has that e-mail and no account. Answers whether it linked.
create function app.link_invitation(p_user_id uuid, p_email text) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  invitation public.account_invitations;
begin
  select * into invitation from public.account_invitations i
  where i.claimed_by_user_id = p_user_id and i.used_at is null and i.revoked_at is null
  for update;
  if not found then
    return false;
  end if;
  update public.employees set user_id = p_user_id
  where id = invitation.employee_id and user_id is null and lower(email) = lower(p_email);
  if not found then
    return false;
  end if;
  update public.account_invitations set used_at = now() where id = invitation.id;
  perform app.write_audit('accounts', invitation.employee_id::text, 'link_account',
    jsonb_build_object('email', p_email, 'invitation_id', invitation.id));
  return true;
end
$$;
revoke execute on function app.link_invitation(uuid, text) from public, anon, authenticated;

-- After the row is written: an invited account is linked (once its e-mail is confirmed); any other
-- account gets its own employee record. The metadata never grants anything: the first account of
-- an empty system becomes admin; any other is an employee, and a requested manager, HR or admin
-- role becomes a pending request for an admin to decide.
create or replace function app.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  employee_id uuid;
  requested text := lower(btrim(coalesce(meta ->> 'role', '')));
  first_account boolean;
  salary_text text := nullif(btrim(coalesce(meta ->> 'salary', '')), '');
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

-- A confirmed e-mail links the account to the invitation it signed up through, and nothing else:
-- the address alone never takes over a record.
create or replace function app.handle_user_confirmed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_advisory_xact_lock(hashtext('pointage.signup'));
  perform app.link_invitation(new.id, new.email);
  return new;
end
$$;

-- Employees ----------------------------------------------------------------------------------------

-- A changed e-mail ends the record's pending invitations: the links were sent to the old address.
create function app.revoke_invitations_on_email_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.account_invitations set revoked_at = now()
  where employee_id = new.id and used_at is null and revoked_at is null;
  return null;
end
$$;
create trigger employees_email_revokes_invitations after update of email on public.employees
  for each row when (lower(old.email) is distinct from lower(new.email))
  execute function app.revoke_invitations_on_email_change();

-- The employees write guard (latest: 20261123009000), plus: only an admin changes the e-mail of an
-- admin, HR or kiosk record (HR changing an unlinked admin record's address, then signing up with
-- it, was a way to an admin account).
create or replace function app.guard_employee_write() returns trigger
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
  if lower(new.email) is distinct from lower(old.email)
    and (old.role in ('admin', 'hr', 'kiosk') or new.role in ('admin', 'hr', 'kiosk'))
    and caller_role is distinct from 'admin' then
    raise exception using errcode = '42501',
      message = 'Only an admin can change the e-mail of an admin, HR or kiosk account',
      hint = 'privileged_email_admin_only';
  end if;
  -- Everyone but admins and HR: on their own row, contact details only.
  contact_only := coalesce(caller_role::text, '') not in ('admin', 'hr') and old.id = caller;
  if contact_only and (
    (to_jsonb(new) - array['phone', 'address', 'emergency_contact', 'emergency_phone', 'locale', 'updated_at', 'search'])
    is distinct from (to_jsonb(old) - array['phone', 'address', 'emergency_contact', 'emergency_phone', 'locale', 'updated_at', 'search'])
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
