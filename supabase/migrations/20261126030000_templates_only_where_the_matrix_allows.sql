-- Issue 23 §5: fingerprint templates reach only admins, the kiosks of the person's site, and the
-- server (service role). Every path a template could take to a client, and what this file does:
--   * table biometric_enrolments: RLS lets admins select; no insert/update grant (unchanged); not in
--     the realtime publication (unchanged: a test keeps it so).
--   * kiosk_roster(): templates for admins and for kiosks of the person's site (where the site
--     identifies, app.site_identifies below); an employee or a manager gets their own row WITHOUT the
--     template: the portal's own-finger check now runs on the server (fingerprint-enrol, 'verify').
--   * fingerprint_duplicate_gallery(): dropped. It gave HR and every manager every template of the
--     company; staff duplicate checks now run on the server (fingerprint-enrol, 'check'), which
--     reads staff_duplicate_gallery() below with the service role and answers only the outcome.
--   * self_enrolment_gallery(), own_enrolment_templates(): service role only.
--   * export_company_data() and the backups leave templates out / stay on the server; audit rows
--     carry the finger, quality and consent, never the template (tests check both).

-- The seam for the per-site biometric policy (PRODUCT.md: 'identify' or 'verify'): whether a kiosk
-- of this site may hold its people's templates for 1:N identification. Every site identifies until
-- the policy exists; then this answers from the site's policy, and kiosk_roster() follows.
create or replace function app.site_identifies(p_site_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select p_site_id is not null
$$;
revoke execute on function app.site_identifies(uuid) from public;
grant execute on function app.site_identifies(uuid) to authenticated, service_role;

create or replace function public.kiosk_roster()
returns table (employee_id uuid, name text, site_id uuid, finger public.finger, template bytea, template_format text)
language sql stable security definer set search_path = '' as $$
  with me as materialized (
    select app.my_role() as role, app.my_site_id() as site, app.my_employee_id() as id,
      app.site_identifies(app.my_site_id()) as identifies
  )
  select e.id, btrim(e.first_name || ' ' || e.last_name), e.site_id, b.finger,
    case when me.role = 'admin' or (me.role = 'kiosk' and me.identifies) then b.template end,
    case when me.role = 'admin' or (me.role = 'kiosk' and me.identifies) then b.template_format end
  from me
  join public.employees e on e.status = 'active' and e.role <> 'kiosk'
    and (me.role = 'admin'
      or (me.role = 'kiosk' and e.site_id = me.site)
      or (me.role in ('employee', 'manager') and e.id = me.id))
  left join public.biometric_enrolments b on b.employee_id = e.id
  order by e.first_name, e.last_name, e.id, b.finger
$$;

drop function if exists public.fingerprint_duplicate_gallery(uuid);

-- The staff duplicate check's gallery (registration, the employee card, /scanner): every active
-- enrolment, with its employee id, for the fingerprint-enrol endpoint to search inside the server.
-- p_user_id is the signed-in staff member the endpoint verified; they must be allowed to enrol for
-- p_employee_id (admin, HR, a manager for their team; null = a new registration, which a manager may
-- also do for their departments). Budgeted (60 searches an hour per staff member) and audited as a
-- 1:N search with the number of templates searched. Answers {version, rows}, rows null when the
-- caller already holds that version (the endpoint caches the built gallery).
create or replace function public.staff_duplicate_gallery(
  p_user_id uuid,
  p_employee_id uuid default null,
  p_known_version text default null
) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  staff public.employees;
  searched integer;
  current_version text;
  gallery jsonb;
begin
  if not app.is_trusted() then
    perform app.forbid('Only the fingerprint service may search every enrolled finger');
  end if;
  select * into staff from public.employees where user_id = p_user_id and status = 'active';
  if not found or not (
    staff.role in ('admin', 'hr')
    or (staff.role = 'manager' and (
      p_employee_id is null
      or exists (
        select 1 from public.employees e
        join public.department_managers dm on dm.department_id = e.department_id
        where e.id = p_employee_id and dm.employee_id = staff.id)))
  ) then
    perform app.forbid('You cannot enrol fingerprints for this employee');
  end if;
  if p_employee_id is not null
     and not exists (select 1 from public.employees where id = p_employee_id and status = 'active') then
    perform app.refuse('Employee not found', 'employee_not_found');
  end if;
  -- One count at a time per staff member, so parallel requests cannot all pass the budget.
  perform pg_advisory_xact_lock(hashtext('pointage.staff-duplicate-search:' || staff.id::text));
  if (select count(*) from public.audit_logs a
      where a.entity = 'biometric_enrolments' and a.action = 'duplicate_search' and a.actor = p_user_id
        and a.created_at > now() - interval '1 hour') >= 60 then
    perform app.refuse('Too many fingerprint checks', 'fingerprint_search_budget');
  end if;
  select count(*) filter (where b.employee_id is distinct from p_employee_id), app.enrolment_gallery_version()
    into searched, current_version
  from public.biometric_enrolments b join public.employees e on e.id = b.employee_id
  where e.status = 'active';
  if p_known_version is distinct from current_version then
    select coalesce(jsonb_agg(jsonb_build_object('e', b.employee_id, 't', encode(b.template, 'base64'),
        'f', b.template_format) order by b.id), '[]'::jsonb)
      into gallery
    from public.biometric_enrolments b join public.employees e on e.id = b.employee_id
    where e.status = 'active';
  end if;
  insert into public.audit_logs (entity, entity_id, action, diff, actor, actor_employee_id)
  values ('biometric_enrolments', coalesce(p_employee_id::text, 'new'), 'duplicate_search',
    jsonb_build_object('templates', searched), p_user_id, staff.id);
  return jsonb_build_object('version', current_version, 'rows', gallery);
end
$$;

-- What the endpoint answers a staff member when the finger is someone's: that person's id and name
-- (staff may read every employee's name), recorded in the audit log with who asked.
create or replace function public.staff_duplicate_found(p_user_id uuid, p_employee_id uuid, p_duplicate_of uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  owner public.employees;
begin
  if not app.is_trusted() then
    perform app.forbid('Only the fingerprint service may name a duplicate');
  end if;
  select * into owner from public.employees where id = p_duplicate_of;
  if not found then
    perform app.refuse('Employee not found', 'employee_not_found');
  end if;
  insert into public.audit_logs (entity, entity_id, action, diff, actor, actor_employee_id)
  values ('biometric_enrolments', coalesce(p_employee_id::text, 'new'), 'duplicate_found',
    jsonb_build_object('duplicate_of', owner.id), p_user_id,
    (select e.id from public.employees e where e.user_id = p_user_id));
  return jsonb_build_object('id', owner.id, 'name', btrim(owner.first_name || ' ' || owner.last_name));
end
$$;

-- The employee portal's own-finger check (fingerprint-enrol, 'verify'): the person's own active
-- enrolment, for a 1:1 comparison inside the server. Not a 1:N search, so not budgeted.
create or replace function public.own_enrolment_templates(p_user_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  me public.employees;
begin
  if not app.is_trusted() then
    perform app.forbid('Only the fingerprint service may read enrolled fingers');
  end if;
  select * into me from public.employees where user_id = p_user_id and status = 'active';
  if not found or me.role = 'kiosk' then
    perform app.forbid('This account has no active employee record');
  end if;
  return jsonb_build_object('employee_id', me.id, 'name', btrim(me.first_name || ' ' || me.last_name),
    'rows', (select coalesce(jsonb_agg(jsonb_build_object('t', encode(b.template, 'base64'), 'f', b.template_format)
        order by b.id), '[]'::jsonb)
      from public.biometric_enrolments b where b.employee_id = me.id));
end
$$;

-- Issue 28 §5: the self-enrolment budget counts per client IP too (30 searches an hour), so signing
-- up new accounts does not buy fresh searches. The endpoint passes the request's IP (see
-- src/fingerprint/server/client-ip.ts for whom it trusts); each search's audit row keeps it.
drop function if exists public.self_enrolment_gallery(uuid, text);

create function public.self_enrolment_gallery(p_user_id uuid, p_known_version text, p_client_ip text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  me public.employees;
  ip text := coalesce(nullif(btrim(p_client_ip), ''), 'unknown');
  searched integer;
  current_version text;
  gallery jsonb;
begin
  if not app.is_trusted() then
    perform app.forbid('Only the fingerprint service may search every enrolled finger');
  end if;
  if length(ip) > 64 then
    perform app.refuse('Invalid client address', 'invalid_client_ip');
  end if;
  select * into me from public.employees where user_id = p_user_id;
  if not found or me.status <> 'active' or me.role = 'kiosk' then
    perform app.forbid('This account has no active employee record');
  end if;
  -- One count at a time per address, so parallel sign-ups cannot all pass the budget.
  perform pg_advisory_xact_lock(hashtext('pointage.self-duplicate-search:' || ip));
  if (select count(*) from public.audit_logs a
      where a.entity = 'biometric_enrolments' and a.entity_id = me.id::text and a.action = 'self_duplicate_search'
        and a.created_at > now() - interval '1 hour') >= 10 then
    perform app.refuse('Too many fingerprint checks', 'fingerprint_search_budget');
  end if;
  if (select count(*) from public.audit_logs a
      where a.action = 'self_duplicate_search' and a.diff ->> 'ip' = ip
        and a.created_at > now() - interval '1 hour') >= 30 then
    perform app.refuse('Too many fingerprint checks from this network', 'fingerprint_ip_budget');
  end if;
  select count(*) filter (where b.employee_id <> me.id), app.enrolment_gallery_version()
    into searched, current_version
  from public.biometric_enrolments b join public.employees e on e.id = b.employee_id
  where e.status = 'active';
  if p_known_version is distinct from current_version then
    select coalesce(jsonb_agg(jsonb_build_object('e', b.employee_id, 't', encode(b.template, 'base64'),
        'f', b.template_format) order by b.id), '[]'::jsonb)
      into gallery
    from public.biometric_enrolments b join public.employees e on e.id = b.employee_id
    where e.status = 'active';
  end if;
  insert into public.audit_logs (entity, entity_id, action, diff, actor, actor_employee_id)
  values ('biometric_enrolments', me.id::text, 'self_duplicate_search',
    jsonb_build_object('templates', searched, 'ip', ip), p_user_id, me.id);
  return jsonb_build_object('version', current_version, 'employee_id', me.id, 'rows', gallery);
end
$$;

-- The per-address count reads the last hour's searches of one address.
create index if not exists audit_logs_self_search_ip_idx on public.audit_logs ((diff ->> 'ip'), created_at)
  where action = 'self_duplicate_search';

revoke execute on function public.staff_duplicate_gallery(uuid, uuid, text),
  public.staff_duplicate_found(uuid, uuid, uuid), public.own_enrolment_templates(uuid),
  public.self_enrolment_gallery(uuid, text, text) from public, anon, authenticated;
grant execute on function public.staff_duplicate_gallery(uuid, uuid, text),
  public.staff_duplicate_found(uuid, uuid, uuid), public.own_enrolment_templates(uuid),
  public.self_enrolment_gallery(uuid, text, text) to service_role;
