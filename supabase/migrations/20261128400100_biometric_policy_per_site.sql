-- Issue 26 item 1: a biometric policy per site. 'identify' (one press searched against the site's
-- enrolled people, on the kiosk) or 'verify' (the person types their personal number, then one press
-- is compared on the server with that person's templates only). Burkina Faso's CIL asks biometrics to
-- authenticate, not identify: a site in BF is 'verify' unless an admin says otherwise; a US site
-- 'identify'. A verify site's kiosk holds no template (kiosk_roster follows app.site_identifies) and
-- its fingerprint punches need the server's verification, consumed by check_in / check_out.

-- The policy ---------------------------------------------------------------------------------------

alter table public.sites add column biometric_policy text;
update public.sites set biometric_policy = case when country = 'BF' then 'verify' else 'identify' end;
alter table public.sites alter column biometric_policy set not null,
  add constraint site_biometric_policy_known check (biometric_policy in ('identify', 'verify'));

-- A new site takes its country's default when none is given.
create function app.site_policy_default() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.biometric_policy := coalesce(new.biometric_policy,
    case when new.country = 'BF' then 'verify' else 'identify' end);
  return new;
end
$$;
create trigger site_policy_default before insert on public.sites
  for each row execute function app.site_policy_default();

create or replace function app.site_identifies(p_site_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select s.biometric_policy = 'identify' from public.sites s where s.id = p_site_id), false)
$$;

-- Admins choose it in Settings; audited. A site switched to 'verify' stops handing templates to its
-- kiosks at their next roster poll (kiosk_roster_version changes with the policy).
create function public.set_site_biometric_policy(p_site_id uuid, p_policy text)
returns public.sites
language plpgsql security definer set search_path = '' as $$
declare
  before_row public.sites;
  after_row public.sites;
begin
  if not app.has_role('admin') then
    perform app.forbid('biometric.policy_admin_only');
  end if;
  if p_policy is null or p_policy not in ('identify', 'verify') then
    perform app.refuse('biometric.unknown_policy');
  end if;
  select * into before_row from public.sites where id = p_site_id for update;
  if not found then
    perform app.refuse('site.not_found');
  end if;
  update public.sites set biometric_policy = p_policy where id = p_site_id returning * into after_row;
  if before_row.biometric_policy <> p_policy then
    perform app.write_audit('sites', p_site_id::text, 'biometric_policy',
      jsonb_build_object('from', before_row.biometric_policy, 'to', p_policy));
  end if;
  return after_row;
end
$$;
revoke all on function public.set_site_biometric_policy(uuid, text) from public;
grant execute on function public.set_site_biometric_policy(uuid, text) to authenticated, service_role;

-- The caller's site policy (a kiosk asks it to show the keypad; null when the caller has no site).
create function public.my_site_biometric_policy()
returns text
language sql stable security definer set search_path = '' as $$
  select s.biometric_policy from public.sites s where s.id = app.my_site_id()
$$;
revoke all on function public.my_site_biometric_policy() from public;
grant execute on function public.my_site_biometric_policy() to authenticated, service_role;

-- The personal number ------------------------------------------------------------------------------

alter table public.employees add column personal_number text
  constraint employee_personal_number_format check (personal_number ~ '^[1-9][0-9]{3,5}$');
create unique index employees_site_personal_number on public.employees (site_id, personal_number);

-- A number free within the site: 4 digits while they are not crowded, then 5, then 6.
create function app.new_personal_number(p_site_id uuid, p_self uuid)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  digits int;
  candidate text;
begin
  for digits in 4..6 loop
    for attempt in 1..30 loop
      candidate := (floor(power(10, digits - 1) + random() * 9 * power(10, digits - 1)))::bigint::text;
      if not exists (select 1 from public.employees e
          where e.site_id is not distinct from p_site_id and e.personal_number = candidate
            and e.id is distinct from p_self) then
        return candidate;
      end if;
    end loop;
  end loop;
  perform app.refuse('biometric.personal_numbers_exhausted');
end
$$;

create function app.assign_personal_number() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.role = 'kiosk' then
    new.personal_number := null;
  elsif new.personal_number is null
    or (tg_op = 'UPDATE' and new.site_id is distinct from old.site_id and exists (
      select 1 from public.employees e where e.site_id = new.site_id and e.personal_number = new.personal_number
        and e.id <> new.id)) then
    new.personal_number := app.new_personal_number(new.site_id, new.id);
  end if;
  return new;
end
$$;
create trigger assign_personal_number before insert or update of site_id, role, personal_number
  on public.employees for each row execute function app.assign_personal_number();

update public.employees set personal_number = null where personal_number is null and role <> 'kiosk';

-- The verify kiosk ---------------------------------------------------------------------------------

-- What a verify kiosk shows once a number is typed: the first name, nothing else (empty: nobody).
create function public.kiosk_person(p_number text)
returns table (first_name text)
language plpgsql stable security definer set search_path = '' as $$
begin
  if app.my_role() is distinct from 'kiosk' then
    perform app.forbid('biometric.kiosk_only');
  end if;
  if p_number is null or p_number !~ '^[0-9]{1,8}$' then
    return;
  end if;
  return query
    select e.first_name from public.employees e
    where e.site_id = app.my_site_id() and e.personal_number = p_number and e.status = 'active'
      and e.role <> 'kiosk';
end
$$;
revoke all on function public.kiosk_person(text) from public;
grant execute on function public.kiosk_person(text) to authenticated, service_role;

-- The server's verifications, each good for one punch of that person at that kiosk for 2 minutes.
create table public.kiosk_verifications (
  id uuid primary key default gen_random_uuid(),
  kiosk_user uuid not null,
  employee_id uuid not null references public.employees (id) on delete cascade,
  method text not null check (method in ('finger', 'pin')),
  score numeric check (score is null or (score >= 0 and score < 1000)),
  verified_at timestamptz not null default app.now(),
  consumed_at timestamptz
);
create index kiosk_verifications_open on public.kiosk_verifications (kiosk_user, employee_id)
  where consumed_at is null;
alter table public.kiosk_verifications enable row level security;
create policy session_assured on public.kiosk_verifications as restrictive for all to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));
revoke all on table public.kiosk_verifications from anon, authenticated;
grant all on table public.kiosk_verifications to service_role;

/** How long a verification stays good for its punch. */
create function app.verification_lifetime() returns interval
language sql immutable set search_path = '' as $$ select interval '2 minutes' $$;

-- The fingerprint service's question: the templates of the person with this number at the kiosk's
-- site, for the kiosk signed in as p_user_id (a kiosk of a verify site). One person, never a list.
create function public.kiosk_verification_templates(p_user_id uuid, p_number text)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  kiosk public.employees;
  person public.employees;
begin
  if not app.is_trusted() then
    perform app.forbid('access.fingerprint_service_only');
  end if;
  select * into kiosk from public.employees where user_id = p_user_id and status = 'active' and role = 'kiosk';
  if not found then
    perform app.forbid('biometric.kiosk_only');
  end if;
  if app.site_identifies(kiosk.site_id) then
    perform app.forbid('biometric.site_identifies');
  end if;
  if p_number is null or p_number !~ '^[0-9]{1,8}$' then
    return jsonb_build_object('employee_id', null);
  end if;
  select * into person from public.employees e
  where e.site_id = kiosk.site_id and e.personal_number = p_number and e.status = 'active' and e.role <> 'kiosk';
  if not found then
    return jsonb_build_object('employee_id', null);
  end if;
  return jsonb_build_object('employee_id', person.id, 'first_name', person.first_name,
    'rows', (select coalesce(jsonb_agg(jsonb_build_object('t', encode(b.template, 'base64'), 'f', b.template_format)
        order by b.id), '[]'::jsonb)
      from public.biometric_enrolments b where b.employee_id = person.id));
end
$$;
revoke all on function public.kiosk_verification_templates(uuid, text) from public;
grant execute on function public.kiosk_verification_templates(uuid, text) to service_role;

-- The fingerprint service records a match; the kiosk's check_in / check_out then consumes it.
create function public.record_kiosk_verification(p_user_id uuid, p_employee_id uuid, p_method text, p_score numeric)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not app.is_trusted() then
    perform app.forbid('access.fingerprint_service_only');
  end if;
  insert into public.kiosk_verifications (kiosk_user, employee_id, method, score)
  values (p_user_id, p_employee_id, p_method, p_score);
end
$$;
revoke all on function public.record_kiosk_verification(uuid, uuid, text, numeric) from public;
grant execute on function public.record_kiosk_verification(uuid, uuid, text, numeric) to service_role;

-- A kiosk punch at a verify site needs a fresh verification of that person by this kiosk.
create function app.consume_kiosk_verification(target public.employees, p_source public.attendance_source)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  ticket uuid;
begin
  if app.is_trusted() or app.my_role() is distinct from 'kiosk' or app.site_identifies(target.site_id) then
    return;
  end if;
  select v.id into ticket from public.kiosk_verifications v
  where v.kiosk_user = auth.uid() and v.employee_id = target.id and v.consumed_at is null
    and v.method = case when p_source = 'kiosk_pin' then 'pin' else 'finger' end
    and v.verified_at between app.now() - app.verification_lifetime() and app.now() + interval '5 seconds'
  order by v.verified_at desc limit 1
  for update skip locked;
  if ticket is null then
    perform app.forbid('punch.verification_required');
  end if;
  update public.kiosk_verifications set consumed_at = app.now() where id = ticket;
end
$$;

create or replace function public.check_in(p_employee_id uuid, p_source public.attendance_source default 'manual'::public.attendance_source, p_device text default null::text)
returns public.attendances
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees := app.active_employee(p_employee_id);
begin
  if p_source = 'correction' then
    perform app.refuse('punch.use_correction');
  end if;
  perform app.assert_may_punch(target, p_source);
  perform app.consume_kiosk_verification(target, p_source);
  return app.record_check_in(target, p_source, p_device, app.now());
end
$$;

create or replace function public.check_out(p_employee_id uuid)
returns public.attendances
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees := app.active_employee(p_employee_id);
  source public.attendance_source := case when app.my_role() = 'kiosk' then 'fingerprint' else 'manual' end;
begin
  perform app.assert_may_punch(target, source);
  perform app.consume_kiosk_verification(target, source);
  return app.record_check_out(target, app.now());
end
$$;

-- The roster's version changes with the site's policy: a kiosk whose site turns to 'verify' drops
-- the templates it holds at its next poll.
create or replace function public.kiosk_roster_version()
returns text
language sql stable security definer set search_path = '' as $$
  with me as materialized (select app.my_role() as role, app.my_site_id() as site, app.my_employee_id() as id)
  select md5((select case when app.site_identifies(me.site) then 'identify' else 'verify' end from me) || ';' ||
    coalesce(string_agg(e.id::text || ':' || coalesce(b.id::text, '-') || ':' || e.first_name || ' ' || e.last_name,
    ',' order by e.id, b.id), ''))
  from me
  join public.employees e on e.status = 'active' and e.role <> 'kiosk'
    and (me.role = 'admin'
      or (me.role = 'kiosk' and e.site_id = me.site)
      or (me.role in ('employee', 'manager') and e.id = me.id))
  left join public.biometric_enrolments b on b.employee_id = e.id
$$;
