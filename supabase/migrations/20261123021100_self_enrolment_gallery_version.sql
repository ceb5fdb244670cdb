-- Two sign-ups enrolling the same finger at the same moment could both pass the duplicate search:
-- each endpoint searched the gallery as it was before the other's finger was stored. The store now
-- says which gallery it searched (the version self_enrolment_gallery answered) and is refused when
-- the enrolled fingers changed since, under a lock that makes version check and insert one step; the
-- endpoint then searches again (only the new rows are fetched) and stores, or answers 'duplicate'.

create or replace function app.enrolment_gallery_version() returns text
language sql stable security definer set search_path = '' as $$
  select md5(coalesce(string_agg(b.id::text || ':' || b.employee_id::text, ',' order by b.id), ''))
  from public.biometric_enrolments b join public.employees e on e.id = b.employee_id
  where e.status = 'active'
$$;
revoke execute on function app.enrolment_gallery_version() from public;

drop function if exists public.self_enrol_fingerprint(uuid, public.finger, bytea, integer, text, text);

create function public.self_enrol_fingerprint(
  p_user_id uuid,
  p_finger public.finger,
  p_template bytea,
  p_quality integer,
  p_consent_text_version text,
  p_template_format text,
  p_gallery_version text
) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  me public.employees;
  enrolment_id uuid;
begin
  if not app.is_trusted() then
    perform app.forbid('Only the fingerprint service may store a self-enrolment');
  end if;
  -- One self-enrolment at a time: the version checked below is still the version when this commits.
  perform pg_advisory_xact_lock(hashtext('pointage.self-enrolment'));
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
  if p_gallery_version is distinct from app.enrolment_gallery_version() then
    perform app.refuse('The enrolled fingers changed during the check', 'Search the gallery again.');
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

revoke execute on function public.self_enrol_fingerprint(uuid, public.finger, bytea, integer, text, text, text)
  from public, anon, authenticated;
grant execute on function public.self_enrol_fingerprint(uuid, public.finger, bytea, integer, text, text, text)
  to service_role;
