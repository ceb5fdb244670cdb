-- Sign-up's 'Scan Fingerprint': a person who signed themselves up enrols their own finger through
-- the fingerprint-enrol function endpoint (src/fingerprint/server/enrol-endpoint.ts: the local
-- stack's gateway, or a Supabase Edge Function). The endpoint runs the matcher; these functions are
-- its database side. Only the service role may call them: the gallery of every enrolled finger
-- never reaches a browser (unlike fingerprint_duplicate_gallery, which staff enrolment still uses).

-- Whether the scanner page may offer its simulator, for a visitor who is not signed in yet (the
-- sign-up page's scanner). A yes/no about the demo mode; nothing else of the settings.
create or replace function public.scanner_simulator_enabled()
returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select s.scanner_simulator from public.system_settings s where s.id = 'default'), false)
$$;
revoke execute on function public.scanner_simulator_enabled() from public;
grant execute on function public.scanner_simulator_enabled() to anon, authenticated, service_role;

-- Every active enrolment except the caller's own, for the endpoint's duplicate search, as one JSON
-- array ([{"t": base64 template, "f": format}]: one value, so PostgREST's row cap does not apply).
-- Audited as a 1:N search with the account that asked and the number of templates searched. A
-- person may search at most 10 times an hour: a duplicate answer stores nothing, so without a cap the
-- endpoint would be a free "is this finger enrolled here?" oracle.
create or replace function public.self_enrolment_gallery(p_user_id uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  me public.employees;
  searched integer;
  gallery jsonb;
begin
  if not app.is_trusted() then
    perform app.forbid('Only the fingerprint service may search every enrolled finger');
  end if;
  select * into me from public.employees where user_id = p_user_id;
  if not found or me.status <> 'active' or me.role = 'kiosk' then
    perform app.forbid('This account has no active employee record');
  end if;
  if (select count(*) from public.audit_logs a
      where a.entity = 'biometric_enrolments' and a.entity_id = me.id::text and a.action = 'self_duplicate_search'
        and a.created_at > now() - interval '1 hour') >= 10 then
    perform app.refuse('Too many fingerprint checks', 'Try again in an hour, or ask HR to enrol your finger.');
  end if;
  select count(*), coalesce(jsonb_agg(jsonb_build_object('t', encode(b.template, 'base64'), 'f', b.template_format)), '[]'::jsonb)
    into searched, gallery
  from public.biometric_enrolments b join public.employees e on e.id = b.employee_id
  where e.status = 'active' and b.employee_id <> me.id;
  insert into public.audit_logs (entity, entity_id, action, diff, actor, actor_employee_id)
  values ('biometric_enrolments', me.id::text, 'self_duplicate_search', jsonb_build_object('templates', searched),
    p_user_id, me.id);
  return gallery;
end
$$;

-- Stores a self-enrolment the endpoint checked (consistent impressions, no duplicate): the person's
-- first finger only (a later change goes through staff, who may remove and enrol again), with the
-- consent version. The insert is audited by the biometric_audit trigger; this adds who asked.
create or replace function public.self_enrol_fingerprint(
  p_user_id uuid,
  p_finger public.finger,
  p_template bytea,
  p_quality integer,
  p_consent_text_version text,
  p_template_format text
) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  me public.employees;
  enrolment_id uuid;
begin
  if not app.is_trusted() then
    perform app.forbid('Only the fingerprint service may store a self-enrolment');
  end if;
  select * into me from public.employees where user_id = p_user_id for update;
  if not found or me.status <> 'active' or me.role = 'kiosk' then
    perform app.forbid('This account has no active employee record');
  end if;
  if btrim(coalesce(p_consent_text_version, '')) = '' then
    perform app.refuse('Consent is required', 'The employee must agree to the biometric consent text.');
  end if;
  if exists (select 1 from public.biometric_enrolments where employee_id = me.id) then
    perform app.refuse('Fingerprint already enrolled', 'Ask HR to change an enrolled fingerprint.');
  end if;
  insert into public.biometric_enrolments (employee_id, finger, template, template_format, quality,
    consent_text_version, consent_at, enrolled_by)
  values (me.id, p_finger, p_template, p_template_format, p_quality, btrim(p_consent_text_version), now(), me.id)
  returning id into enrolment_id;
  insert into public.audit_logs (entity, entity_id, action, diff, actor, actor_employee_id)
  values ('biometric_enrolments', me.id::text, 'self_enrol',
    jsonb_build_object('finger', p_finger, 'quality', p_quality, 'consent_text_version', btrim(p_consent_text_version),
      'template_format', p_template_format), p_user_id, me.id);
  return enrolment_id;
exception
  when check_violation then
    perform app.refuse('Invalid fingerprint template', sqlerrm);
end
$$;

revoke execute on function public.self_enrolment_gallery(uuid),
  public.self_enrol_fingerprint(uuid, public.finger, bytea, integer, text, text) from public, anon, authenticated;
grant execute on function public.self_enrolment_gallery(uuid),
  public.self_enrol_fingerprint(uuid, public.finger, bytea, integer, text, text) to service_role;
