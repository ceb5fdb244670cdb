-- Issue 26 item 2: a verify site's kiosk offline keeps the extracted press (never an image) with the
-- typed number; at replay the fingerprint endpoint compares it 1:1 with that person's templates.
-- A match is recorded as a verification dated at the press, which the kiosk's replay_punch then
-- spends (as for a live match whose punch failed on the network). A press that does not verify is
-- no punch: it is listed here for HR (time, number, site) to dismiss, or to record as a punch of the
-- person with that number once they have checked.

create table public.unverified_presses (
  id uuid primary key default gen_random_uuid(),
  -- The queued punch's idempotency key: a press replayed twice is listed once.
  idempotency_key uuid not null unique,
  site_id uuid not null references public.sites (id),
  kiosk_user uuid not null,
  personal_number text not null constraint unverified_presses_number_format check (personal_number ~ '^[0-9]{1,8}$'),
  action text not null constraint unverified_presses_action_known check (action in ('check_in', 'check_out')),
  pressed_at timestamptz not null
    constraint unverified_presses_pressed_plausible check (pressed_at > timestamptz '2020-01-01'),
  device text constraint unverified_presses_device_length check (char_length(device) <= 100),
  -- 'no_match': the press is not that person's finger (or the number is nobody's); 'retry': too poor to compare.
  reason text not null constraint unverified_presses_reason_known check (reason in ('no_match', 'retry')),
  received_at timestamptz not null default app.now(),
  resolution text constraint unverified_presses_resolution_known check (resolution in ('dismissed', 'recorded')),
  resolved_at timestamptz,
  resolved_by uuid references public.employees (id),
  attendance_id uuid references public.attendances (id) on delete set null,
  constraint unverified_presses_resolution_complete check ((resolution is null) = (resolved_at is null))
);
create index unverified_presses_open on public.unverified_presses (received_at) where resolution is null;

alter table public.unverified_presses enable row level security;
create policy unverified_presses_hr_read on public.unverified_presses
  for select to authenticated using ((select app.has_role('admin', 'hr')));
create policy session_assured on public.unverified_presses
  as restrictive to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));
revoke all on public.unverified_presses from anon, authenticated;
grant select on public.unverified_presses to authenticated;
grant all on public.unverified_presses to service_role;

-- The kiosk account of a fingerprint-service call, at a verify site; refuses anything else.
create function app.verify_kiosk_of(p_user_id uuid)
returns public.employees
language plpgsql stable security definer set search_path = '' as $$
declare
  kiosk public.employees;
begin
  select * into kiosk from public.employees where user_id = p_user_id and status = 'active' and role = 'kiosk';
  if not found then
    perform app.forbid('biometric.kiosk_only');
  end if;
  if app.site_identifies(kiosk.site_id) then
    perform app.forbid('biometric.site_identifies');
  end if;
  return kiosk;
end
$$;
revoke all on function app.verify_kiosk_of(uuid) from public, anon;

-- A press replayed from the queue must be from the replay window, not from the future.
create function app.check_replayed_press(p_pressed_at timestamptz)
returns void
language plpgsql stable set search_path = '' as $$
begin
  if p_pressed_at is null then
    perform app.refuse('punch.replay_incomplete');
  end if;
  if p_pressed_at > app.now() + app.replay_clock_skew() then
    perform app.refuse('punch.replay_in_future');
  end if;
  if p_pressed_at < app.now() - app.replay_window() then
    perform app.refuse('punch.replay_too_old');
  end if;
end
$$;
revoke all on function app.check_replayed_press(timestamptz) from public, anon;

-- A queued press matched at replay: the verification is dated at the press, so replay_punch (which
-- looks for one around the punch's time, by this kiosk, for this person) spends it.
create function public.record_replayed_verification(p_user_id uuid, p_employee_id uuid, p_score numeric, p_pressed_at timestamptz)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  kiosk public.employees;
begin
  if not app.is_trusted() then
    perform app.forbid('access.fingerprint_service_only');
  end if;
  kiosk := app.verify_kiosk_of(p_user_id);
  perform app.check_replayed_press(p_pressed_at);
  if not exists (select 1 from public.employees e where e.id = p_employee_id and e.site_id = kiosk.site_id) then
    perform app.refuse('punch.replay_other_site');
  end if;
  insert into public.kiosk_verifications (kiosk_user, employee_id, method, score, verified_at)
  values (p_user_id, p_employee_id, 'finger', p_score, least(p_pressed_at, app.now()));
end
$$;
revoke all on function public.record_replayed_verification(uuid, uuid, numeric, timestamptz) from public, anon, authenticated;
grant execute on function public.record_replayed_verification(uuid, uuid, numeric, timestamptz) to service_role;

-- A queued press that did not verify at replay: no punch, one row for HR (audited).
create function public.record_unverified_press(p_user_id uuid, p_key uuid, p_action text, p_number text,
  p_pressed_at timestamptz, p_device text, p_reason text)
returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  kiosk public.employees;
  listed uuid;
begin
  if not app.is_trusted() then
    perform app.forbid('access.fingerprint_service_only');
  end if;
  kiosk := app.verify_kiosk_of(p_user_id);
  if p_key is null or p_number is null or p_number !~ '^[0-9]{1,8}$' then
    perform app.refuse('punch.replay_incomplete');
  end if;
  if p_action not in ('check_in', 'check_out') then
    perform app.refuse('punch.replay_unknown_action');
  end if;
  perform app.check_replayed_press(p_pressed_at);
  insert into public.unverified_presses (idempotency_key, site_id, kiosk_user, personal_number, action,
    pressed_at, device, reason)
  values (p_key, kiosk.site_id, p_user_id, p_number, p_action, least(p_pressed_at, app.now()),
    nullif(left(btrim(coalesce(p_device, '')), 100), ''), case when p_reason = 'retry' then 'retry' else 'no_match' end)
  on conflict (idempotency_key) do nothing
  returning id into listed;
  if listed is null then
    select id into listed from public.unverified_presses where idempotency_key = p_key;
  else
    insert into public.audit_logs (entity, entity_id, action, diff, actor, actor_employee_id)
    values ('unverified_presses', listed::text, 'listed',
      jsonb_build_object('personal_number', p_number, 'action', p_action, 'pressed_at', p_pressed_at,
        'reason', p_reason, 'site_id', kiosk.site_id), p_user_id, kiosk.id);
  end if;
  return listed;
end
$$;
revoke all on function public.record_unverified_press(uuid, uuid, text, text, timestamptz, text, text) from public, anon, authenticated;
grant execute on function public.record_unverified_press(uuid, uuid, text, text, timestamptz, text, text) to service_role;

-- HR's answer: 'dismissed' (not a punch) or 'recorded' (the punch of the person with that number at
-- the press's time, as a manual entry by HR). Once only; audited.
create function public.resolve_unverified_press(p_id uuid, p_resolution text)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  press public.unverified_presses;
  target public.employees;
  record_row public.attendances;
begin
  perform app.require_assured_session();
  if not app.has_role('admin', 'hr') then
    perform app.forbid('biometric.press_review_hr_only');
  end if;
  if p_resolution is null or p_resolution not in ('dismissed', 'recorded') then
    perform app.refuse('biometric.press_resolution_unknown');
  end if;
  select * into press from public.unverified_presses where id = p_id for update;
  if not found then
    perform app.refuse('biometric.press_not_found');
  end if;
  if press.resolution is not null then
    perform app.refuse('biometric.press_already_resolved');
  end if;
  if p_resolution = 'recorded' then
    select * into target from public.employees e
    where e.site_id = press.site_id and e.personal_number = press.personal_number and e.status = 'active'
      and e.role <> 'kiosk';
    if not found then
      perform app.refuse('biometric.press_person_unknown', jsonb_build_object('number', press.personal_number));
    end if;
    if press.action = 'check_in' then
      record_row := app.record_check_in(target, 'manual', press.device, press.pressed_at);
    else
      record_row := app.record_check_out(target, press.pressed_at);
    end if;
  end if;
  update public.unverified_presses set resolution = p_resolution, resolved_at = app.now(),
    resolved_by = app.my_employee_id(), attendance_id = record_row.id
  where id = press.id;
  perform app.write_audit('unverified_presses', press.id::text, p_resolution,
    jsonb_build_object('personal_number', press.personal_number, 'action', press.action,
      'pressed_at', press.pressed_at, 'employee_id', target.id, 'attendance_id', record_row.id));
  return jsonb_build_object('id', press.id, 'resolution', p_resolution, 'attendance_id', record_row.id);
end
$$;
revoke all on function public.resolve_unverified_press(uuid, text) from public, anon;
grant execute on function public.resolve_unverified_press(uuid, text) to authenticated;

-- HR's list follows new presses as kiosks replay them.
alter publication supabase_realtime add table public.unverified_presses;
