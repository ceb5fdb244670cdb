-- Hostile review L3 (issue 26). A consent withdrawal racing an enrolment could leave a template
-- stored after the withdrawal: the withdrawal deleted the templates it saw, the enrolment's insert
-- (not yet committed) was not among them, and it committed after. Now the withdrawal and every
-- enrolment path lock the person's row first, so they take turns: an enrolment that committed first
-- is destroyed by the withdrawal; an enrolment that waited behind a withdrawal sees it under the lock
-- and is refused (`fingerprint.consent_withdrawn`). A withdrawal recorded before the enrolment began
-- is ended by it, as before (the enrolment is a new consent). And the retention job destroys any
-- template of a person whose consent is withdrawn (audited, reason 'consent_withdrawn').

create or replace function public.withdraw_biometric_consent(p_employee_id uuid default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
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
  -- The enrolment paths take this lock too: an enrolment in flight commits first and is destroyed here.
  perform 1 from public.employees where id = me for update;
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

revoke all on function public.withdraw_biometric_consent(uuid) from public;
grant execute on function public.withdraw_biometric_consent(uuid) to authenticated, service_role;

create or replace function public.enrol_fingerprint(p_employee_id uuid, p_finger public.finger, p_template bytea,
  p_quality integer, p_consent_text_version text, p_template_format text default 'pointage-v1')
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.employees;
  enrolment_id uuid;
  withdrawal_before timestamptz;
  withdrawal_now timestamptz;
begin
  -- The withdrawal as it stood when this enrolment began, then the person's row locked: a withdrawal
  -- that committed while this waited for the lock is seen below and wins.
  select w.withdrawn_at into withdrawal_before from public.biometric_consent_withdrawals w
  where w.employee_id = p_employee_id;
  select * into target from public.employees where id = p_employee_id for update;
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
  select w.withdrawn_at into withdrawal_now from public.biometric_consent_withdrawals w
  where w.employee_id = target.id;
  if withdrawal_now is not null and withdrawal_now is distinct from withdrawal_before then
    perform app.refuse('fingerprint.consent_withdrawn');
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
$$;

revoke all on function public.enrol_fingerprint(uuid, public.finger, bytea, integer, text, text) from public;
grant execute on function public.enrol_fingerprint(uuid, public.finger, bytea, integer, text, text) to authenticated, service_role;

create or replace function public.self_enrol_fingerprint(p_user_id uuid, p_finger public.finger, p_template bytea,
  p_quality integer, p_consent_text_version text, p_template_format text, p_gallery_version text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.employees;
  enrolment_id uuid;
  withdrawal_before timestamptz;
  withdrawal_now timestamptz;
begin
  if not app.is_trusted() then
    perform app.forbid('access.fingerprint_service_store');
  end if;
  select w.withdrawn_at into withdrawal_before from public.biometric_consent_withdrawals w
  join public.employees e on e.id = w.employee_id where e.user_id = p_user_id;
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
  select w.withdrawn_at into withdrawal_now from public.biometric_consent_withdrawals w where w.employee_id = me.id;
  if withdrawal_now is not null and withdrawal_now is distinct from withdrawal_before then
    perform app.refuse('fingerprint.consent_withdrawn');
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
$$;

revoke all on function public.self_enrol_fingerprint(uuid, public.finger, bytea, integer, text, text, text) from public;
grant execute on function public.self_enrol_fingerprint(uuid, public.finger, bytea, integer, text, text, text) to service_role;

create or replace function app.destroy_stale_templates()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  keep_days integer := coalesce((select s.biometric_retention_days from public.system_settings s where s.id = 'default'), 365);
  cutoff timestamptz := app.now() - make_interval(days => keep_days);
  stale record;
  destroyed integer := 0;
begin
  for stale in
    select b.id, b.employee_id, b.finger, e.status::text as status, last.punched_at,
      case when e.status <> 'active' then 'archived'
        when w.employee_id is not null then 'consent_withdrawn'
        else 'no_punch' end as reason
    from public.biometric_enrolments b
    join public.employees e on e.id = b.employee_id
    left join public.biometric_consent_withdrawals w on w.employee_id = b.employee_id
    left join lateral (select max(a.check_in) as punched_at from public.attendances a where a.employee_id = e.id) last on true
    where e.status <> 'active' or w.employee_id is not null or greatest(last.punched_at, b.created_at) < cutoff
    for update of b skip locked
  loop
    delete from public.biometric_enrolments where id = stale.id;
    perform app.write_audit('biometric_enrolments', stale.employee_id::text, 'retention_destroyed',
      jsonb_build_object('finger', stale.finger, 'reason', stale.reason, 'last_punch', stale.punched_at,
        'retention_days', keep_days));
    destroyed := destroyed + 1;
  end loop;
  return destroyed;
end
$$;

revoke all on function app.destroy_stale_templates() from public;
