-- Issue 26 item 3: the public biometric policy (/biometric-policy) is versioned; an enrolment records
-- the version the person agreed to and is refused without a published one; a person may withdraw
-- their consent (templates destroyed at once, audited) and then punches with a PIN; the retention
-- period (no punch for N days) is set by an admin within BIPA's 3 years.

-- The published texts of the policy. The words live in the app (src/i18n/features/biometricPolicy.ts,
-- under text_key); a change of words is a new row, never an edit.
create table public.biometric_policy_versions (
  version text primary key
    constraint biometric_policy_versions_version_format check (version ~ '^[a-z0-9][a-z0-9.-]{1,99}$'),
  published_on date not null
    constraint biometric_policy_versions_published_plausible check (published_on between date '2020-01-01' and date '2100-01-01'),
  text_key text not null
    constraint biometric_policy_versions_text_key_format check (text_key ~ '^[a-zA-Z][a-zA-Z0-9]{0,59}$'),
  created_at timestamptz not null default app.now()
);
alter table public.biometric_policy_versions enable row level security;
create policy biometric_policy_versions_read on public.biometric_policy_versions
  for select to authenticated using (true);
create policy session_assured on public.biometric_policy_versions
  as restrictive to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));
revoke all on public.biometric_policy_versions from anon, authenticated;
grant select on public.biometric_policy_versions to authenticated;
grant all on public.biometric_policy_versions to service_role;

-- The text the scanner page showed until now, and the first text of the public page (it names the
-- page, the readers of templates, the retention schedule and how to withdraw).
insert into public.biometric_policy_versions (version, published_on, text_key) values
  ('biometric-consent-2026-11-v1', date '2026-11-21', 'v1'),
  ('biometric-policy-2026-11-v2', date '2026-11-27', 'v2');

-- The people who withdrew their consent: no template may be kept for them, and they punch with their
-- PIN (the "pin" work reads this table). A new enrolment (a new consent) removes the row.
create table public.biometric_consent_withdrawals (
  employee_id uuid primary key references public.employees (id) on delete cascade,
  withdrawn_at timestamptz not null default app.now()
    constraint biometric_consent_withdrawals_plausible check (withdrawn_at > timestamptz '2020-01-01'),
  templates_destroyed integer not null default 0
    constraint biometric_consent_withdrawals_count check (templates_destroyed between 0 and 10)
);
alter table public.biometric_consent_withdrawals enable row level security;
create policy biometric_consent_withdrawals_read on public.biometric_consent_withdrawals
  for select to authenticated
  using ((select app.has_role('admin', 'hr')) or employee_id = (select app.my_employee_id()));
create policy session_assured on public.biometric_consent_withdrawals
  as restrictive to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));
revoke all on public.biometric_consent_withdrawals from anon, authenticated;
grant select on public.biometric_consent_withdrawals to authenticated;
grant all on public.biometric_consent_withdrawals to service_role;

-- Is this a published version of the policy (a text a person may have agreed to)?
create function app.consent_version_published(p_version text)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.biometric_policy_versions v where v.version = btrim(coalesce(p_version, '')))
$$;
revoke all on function app.consent_version_published(text) from public, anon;
grant execute on function app.consent_version_published(text) to authenticated, service_role;

-- enrol_fingerprint (body from supabase/schema): the version must be a published one; enrolling is
-- a new consent, so a withdrawal on record ends.
CREATE OR REPLACE FUNCTION public.enrol_fingerprint(p_employee_id uuid, p_finger public.finger, p_template bytea, p_quality integer, p_consent_text_version text, p_template_format text DEFAULT 'pointage-v1'::text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target public.employees;
  enrolment_id uuid;
begin
  select * into target from public.employees where id = p_employee_id;
  if not found or target.status <> 'active' then
    perform app.refuse('employee.not_found');
  end if;
  if not (app.is_trusted() or app.has_role('admin', 'hr') or app.manages_employee(target.id)) then
    perform app.forbid('fingerprint.enrol_denied');
  end if;
  if btrim(coalesce(p_consent_text_version, '')) = '' then
    perform app.refuse('fingerprint.consent_required');
  end if;
  if not app.consent_version_published(p_consent_text_version) then
    perform app.refuse('fingerprint.consent_version_unknown');
  end if;
  delete from public.biometric_enrolments where employee_id = target.id and finger = p_finger;
  insert into public.biometric_enrolments (employee_id, finger, template, template_format, quality,
    consent_text_version, consent_at, enrolled_by)
  values (target.id, p_finger, p_template, p_template_format, p_quality, btrim(p_consent_text_version), app.now(),
    app.my_employee_id())
  returning id into enrolment_id;
  delete from public.biometric_consent_withdrawals where employee_id = target.id;
  return enrolment_id;
exception
  when check_violation then
    perform app.refuse('fingerprint.invalid_template', '{}'::jsonb, sqlerrm);
end
$function$;

-- self_enrol_fingerprint (body from supabase/schema): the same rule for sign-up's self-enrolment.
CREATE OR REPLACE FUNCTION public.self_enrol_fingerprint(p_user_id uuid, p_finger public.finger, p_template bytea, p_quality integer, p_consent_text_version text, p_template_format text, p_gallery_version text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me public.employees;
  enrolment_id uuid;
begin
  if not app.is_trusted() then
    perform app.forbid('access.fingerprint_service_store');
  end if;
  -- One self-enrolment at a time: the version checked below is still the version when this commits.
  perform pg_advisory_xact_lock(hashtext('pointage.self-enrolment'));
  select * into me from public.employees where user_id = p_user_id for update;
  if not found or me.status <> 'active' or me.role = 'kiosk' then
    perform app.forbid('access.no_employee_record');
  end if;
  if btrim(coalesce(p_consent_text_version, '')) = '' then
    perform app.refuse('fingerprint.consent_required');
  end if;
  if not app.consent_version_published(p_consent_text_version) then
    perform app.refuse('fingerprint.consent_version_unknown');
  end if;
  if exists (select 1 from public.biometric_enrolments where employee_id = me.id) then
    perform app.refuse('fingerprint.already_enrolled');
  end if;
  if p_gallery_version is distinct from app.enrolment_gallery_version() then
    perform app.refuse('fingerprint.fingers_changed');
  end if;
  insert into public.biometric_enrolments (employee_id, finger, template, template_format, quality,
    consent_text_version, consent_at, enrolled_by)
  values (me.id, p_finger, p_template, p_template_format, p_quality, btrim(p_consent_text_version), app.now(), me.id)
  returning id into enrolment_id;
  delete from public.biometric_consent_withdrawals where employee_id = me.id;
  insert into public.audit_logs (entity, entity_id, action, diff, actor, actor_employee_id)
  values ('biometric_enrolments', me.id::text, 'self_enrol',
    jsonb_build_object('finger', p_finger, 'quality', p_quality, 'consent_text_version', btrim(p_consent_text_version),
      'template_format', p_template_format), p_user_id, me.id);
  return enrolment_id;
exception
  when check_violation then
    perform app.refuse('fingerprint.invalid_template', '{}'::jsonb, sqlerrm);
end
$function$;

-- The public page's facts, for anyone (no sign-in): the current version and the retention period.
create function public.biometric_policy_public()
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'version', v.version,
    'text_key', v.text_key,
    'published_on', v.published_on,
    'retention_days', coalesce((select s.biometric_retention_days from public.system_settings s where s.id = 'default'), 365))
  from public.biometric_policy_versions v
  order by v.published_on desc, v.version desc
  limit 1
$$;
revoke all on function public.biometric_policy_public() from public, anon;
grant execute on function public.biometric_policy_public() to anon, authenticated, service_role;

-- The signed-in person's own consent, for their portal (they cannot read biometric_enrolments).
create function public.my_biometric_consent()
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  me uuid := app.my_employee_id();
begin
  perform app.require_assured_session();
  if me is null then
    perform app.forbid('access.no_employee_record');
  end if;
  return jsonb_build_object(
    'fingers', (select count(*) from public.biometric_enrolments b where b.employee_id = me),
    'consent_text_version', (select b.consent_text_version from public.biometric_enrolments b
      where b.employee_id = me order by b.consent_at desc limit 1),
    'consent_at', (select max(b.consent_at) from public.biometric_enrolments b where b.employee_id = me),
    'withdrawn_at', (select w.withdrawn_at from public.biometric_consent_withdrawals w where w.employee_id = me));
end
$$;
revoke all on function public.my_biometric_consent() from public, anon;
grant execute on function public.my_biometric_consent() to authenticated;

-- Withdrawal: only by the person themselves (their portal). Every template is destroyed now (each
-- deletion audited by biometric_audit), the withdrawal itself is audited, and recorded for the PIN.
create function public.withdraw_biometric_consent(p_employee_id uuid default null)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := app.my_employee_id();
  destroyed integer;
begin
  perform app.require_assured_session();
  if me is null then
    perform app.forbid('access.no_employee_record');
  end if;
  if p_employee_id is not null and p_employee_id <> me then
    perform app.forbid('biometric.withdraw_own_only');
  end if;
  delete from public.biometric_enrolments where employee_id = me;
  get diagnostics destroyed = row_count;
  insert into public.biometric_consent_withdrawals (employee_id, withdrawn_at, templates_destroyed)
  values (me, app.now(), destroyed)
  on conflict (employee_id) do update set withdrawn_at = excluded.withdrawn_at,
    templates_destroyed = excluded.templates_destroyed;
  perform app.write_audit('biometric_enrolments', me::text, 'consent_withdrawn',
    jsonb_build_object('templates_destroyed', destroyed));
  return destroyed;
end
$$;
revoke all on function public.withdraw_biometric_consent(uuid) from public, anon;
grant execute on function public.withdraw_biometric_consent(uuid) to authenticated;

-- Settings → retention: the no-punch period after which templates are destroyed (30 days to 3 years).
-- Audited as the settings' other fields are (their trigger lists its own fields only).
create function public.set_biometric_retention_days(p_days numeric)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  before integer;
begin
  perform app.require_assured_session();
  if not app.has_role('admin') then
    perform app.forbid('biometric.retention_setting_admin_only');
  end if;
  if p_days is null or p_days = 'NaN'::numeric or p_days <> trunc(p_days) or p_days < 30 or p_days > 1095 then
    perform app.refuse('biometric.retention_out_of_range', jsonb_build_object('min', 30, 'max', 1095));
  end if;
  select biometric_retention_days into before from public.system_settings where id = 'default' for update;
  update public.system_settings set biometric_retention_days = p_days::integer where id = 'default';
  if before is distinct from p_days::integer then
    perform app.write_audit('system_settings', 'default', 'update',
      jsonb_build_object('biometric_retention_days', jsonb_build_object('old', before, 'new', p_days::integer)));
  end if;
  return p_days::integer;
end
$$;
revoke all on function public.set_biometric_retention_days(numeric) from public, anon;
grant execute on function public.set_biometric_retention_days(numeric) to authenticated;

-- The portal's consent card follows a withdrawal live (the person's other devices too).
alter publication supabase_realtime add table public.biometric_consent_withdrawals;
