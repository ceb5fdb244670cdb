-- The fingerprint-enrol endpoint keeps the gallery it built (building 3,000 templates' edge tables
-- takes seconds) and asks again only when the enrolments changed: self_enrolment_gallery now answers
-- {version, employee_id, rows}, with rows null when the caller already holds that version. Rows carry
-- the employee id (inside the server only: the endpoint answers the browser 'duplicate' and nothing
-- more), so one cached gallery serves everyone: a person's own fingers are not their duplicates.
drop function if exists public.self_enrolment_gallery(uuid);

create function public.self_enrolment_gallery(p_user_id uuid, p_known_version text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  me public.employees;
  searched integer;
  current_version text;
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
  select count(*) filter (where b.employee_id <> me.id),
         md5(coalesce(string_agg(b.id::text || ':' || b.employee_id::text, ',' order by b.id), ''))
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
  values ('biometric_enrolments', me.id::text, 'self_duplicate_search', jsonb_build_object('templates', searched),
    p_user_id, me.id);
  return jsonb_build_object('version', current_version, 'employee_id', me.id, 'rows', gallery);
end
$$;

revoke execute on function public.self_enrolment_gallery(uuid, text) from public, anon, authenticated;
grant execute on function public.self_enrolment_gallery(uuid, text) to service_role;
