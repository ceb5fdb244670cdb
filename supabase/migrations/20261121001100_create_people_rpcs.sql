-- Workflows on people: archive, role requests, fingerprint enrolment, the kiosk roster.

-- Archive instead of deleting: status terminated, out of active lists, templates destroyed.
create function public.archive_employee(p_employee_id uuid) returns public.employees
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees;
begin
  select * into target from public.employees where id = p_employee_id for update;
  if not found then
    perform app.refuse('Employee not found');
  end if;
  if not (app.is_trusted() or app.has_role('admin', 'hr') or app.manages_employee(target.id)) then
    perform app.forbid('You cannot archive this employee');
  end if;
  if target.id = app.my_employee_id() then
    perform app.refuse('You cannot archive yourself');
  end if;
  if target.role in ('admin', 'hr') and not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can archive admin or HR accounts');
  end if;
  if target.status = 'terminated' then
    perform app.refuse('Employee is already archived');
  end if;
  delete from public.biometric_enrolments where employee_id = target.id;
  delete from public.shift_assignments where employee_id = target.id;
  delete from public.department_managers where employee_id = target.id;
  update public.attendances set check_out = clock_timestamp(), status = 'checked_out',
    correction_reason = 'Closed at archive', corrected_by = app.my_employee_id(), corrected_at = now()
  where employee_id = target.id and check_out is null;
  update public.employees set status = 'terminated', terminated_at = now()
  where id = target.id returning * into target;
  return target;
end
$$;

create function public.decide_role_request(p_request_id uuid, p_approve boolean) returns public.role_requests
language plpgsql security definer set search_path = '' as $$
declare
  request public.role_requests;
begin
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can decide role requests');
  end if;
  select * into request from public.role_requests where id = p_request_id for update;
  if not found then
    perform app.refuse('Role request not found');
  end if;
  if request.status <> 'pending' then
    perform app.refuse('This request has already been decided');
  end if;
  update public.role_requests set status = case when p_approve then 'approved' else 'rejected' end::public.request_status,
    decided_by = app.my_employee_id(), decided_at = now()
  where id = request.id returning * into request;
  if p_approve then
    update public.employees set role = request.requested_role where id = request.employee_id;
  end if;
  insert into public.notifications (employee_id, title, message, created_by)
  values (request.employee_id, 'Role request',
    format('Your request for the %s role was %s.', request.requested_role, case when p_approve then 'approved' else 'rejected' end),
    app.my_employee_id());
  perform app.write_audit('role_requests', request.id::text, case when p_approve then 'approve' else 'reject' end,
    jsonb_build_object('employee_id', request.employee_id, 'requested_role', request.requested_role));
  return request;
end
$$;

-- Enrolment with recorded consent. Matching and duplicate detection happen in the
-- fingerprint engine before this call; the database keeps templates, never images.
create function public.enrol_fingerprint(
  p_employee_id uuid,
  p_finger public.finger,
  p_template bytea,
  p_quality integer,
  p_consent_text_version text,
  p_template_format text default 'pointage-v1'
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees;
  enrolment_id uuid;
begin
  select * into target from public.employees where id = p_employee_id;
  if not found or target.status <> 'active' then
    perform app.refuse('Employee not found');
  end if;
  if not (app.is_trusted() or app.has_role('admin', 'hr') or app.manages_employee(target.id)) then
    perform app.forbid('You cannot enrol fingerprints for this employee');
  end if;
  if btrim(coalesce(p_consent_text_version, '')) = '' then
    perform app.refuse('Consent is required', 'The employee must agree to the biometric consent text.');
  end if;
  delete from public.biometric_enrolments where employee_id = target.id and finger = p_finger;
  insert into public.biometric_enrolments (employee_id, finger, template, template_format, quality,
    consent_text_version, consent_at, enrolled_by)
  values (target.id, p_finger, p_template, p_template_format, p_quality, btrim(p_consent_text_version), now(),
    app.my_employee_id())
  returning id into enrolment_id;
  return enrolment_id;
exception
  when check_violation then
    perform app.refuse('Invalid fingerprint template', sqlerrm);
end
$$;

-- Which fingers an employee has enrolled (no template bytes): for the employee view.
create function public.enrolled_fingers(p_employee_id uuid)
returns table (finger public.finger, quality smallint, consent_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select b.finger, b.quality, b.consent_at from public.biometric_enrolments b
  where b.employee_id = p_employee_id
    and (app.has_role('admin', 'hr', 'manager') or p_employee_id = app.my_employee_id())
  order by b.finger
$$;

-- A kiosk's roster: the active employees of its site with their templates. Nothing else.
create function public.kiosk_roster()
returns table (employee_id uuid, name text, site_id uuid, finger public.finger, template bytea, template_format text)
language sql stable security definer set search_path = '' as $$
  select e.id, btrim(e.first_name || ' ' || e.last_name), e.site_id, b.finger, b.template, b.template_format
  from public.employees e
  left join public.biometric_enrolments b on b.employee_id = e.id
  where app.has_role('kiosk', 'admin')
    and e.status = 'active' and e.role <> 'kiosk'
    and e.site_id = coalesce(case when app.has_role('kiosk') then app.my_site_id() end, e.site_id)
  order by e.first_name, e.last_name, b.finger
$$;

revoke execute on function public.archive_employee(uuid), public.decide_role_request(uuid, boolean),
  public.enrol_fingerprint(uuid, public.finger, bytea, integer, text, text), public.enrolled_fingers(uuid),
  public.kiosk_roster() from anon, public;
grant execute on function public.archive_employee(uuid), public.decide_role_request(uuid, boolean),
  public.enrol_fingerprint(uuid, public.finger, bytea, integer, text, text), public.enrolled_fingers(uuid),
  public.kiosk_roster() to authenticated, service_role;
