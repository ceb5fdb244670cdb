-- Hostile review L7 (issue 26). Offline replay (replay_punch) skipped the repeat-press rule
-- (`repeat_press_seconds`): a queued second press a few seconds after the first became a check-out of a
-- record seconds long. Now a replayed press within the interval after the person's previous punch (the
-- last check-in or check-out at or before the press, whichever kiosk or replay recorded it) is
-- 'already recorded' (`punch.already_recorded`, in the ledger as a rejection with that reason), as online.

create or replace function app.refuse_replayed_repeat_press(target public.employees, moment timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  seconds integer := app.repeat_press_seconds();
  last_punch timestamptz;
begin
  perform 1 from public.employees where id = target.id for update;
  select max(p.at) into last_punch
  from public.attendances a
  cross join lateral (values (a.check_in), (a.check_out)) p(at)
  where a.employee_id = target.id and p.at is not null and p.at <= moment
    and a.check_in > moment - interval '2 days';
  if last_punch is not null and moment < last_punch + make_interval(secs => seconds) then
    perform app.refuse('punch.already_recorded', jsonb_build_object('seconds', seconds, 'at', last_punch));
  end if;
end
$$;

revoke all on function app.refuse_replayed_repeat_press(public.employees, timestamptz) from public;

create or replace function public.replay_punch(p_idempotency_key uuid, p_action text, p_employee_id uuid, p_punched_at timestamp with time zone, p_device text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  kiosk uuid := app.my_employee_id();
  now_ts timestamptz := app.now();
  moment timestamptz;
  target public.employees;
  ledger public.punch_replays;
  inserted boolean;
  record_row public.attendances;
  refusal text;
  refusal_hint text;
begin
  if app.my_role() is distinct from 'kiosk' then
    perform app.forbid('punch.replay_kiosk_only');
  end if;
  if p_idempotency_key is null or p_action is null or p_punched_at is null then
    perform app.refuse('punch.replay_incomplete');
  end if;
  if p_action not in ('check_in', 'check_out') then
    perform app.refuse('punch.replay_unknown_action');
  end if;

  -- Claim the key. A concurrent replay of the same key waits here until the first one commits,
  -- then finds the row and answers "duplicate".
  insert into public.punch_replays (idempotency_key, kiosk_id, employee_id, action, punched_at, device, outcome)
  values (p_idempotency_key, kiosk, coalesce(p_employee_id, '00000000-0000-0000-0000-000000000000'), p_action,
    p_punched_at, nullif(btrim(p_device), ''), 'rejected')
  on conflict (idempotency_key) do nothing;
  get diagnostics inserted = row_count;
  if not inserted then
    select * into ledger from public.punch_replays where idempotency_key = p_idempotency_key;
    if ledger.kiosk_id is distinct from kiosk or ledger.employee_id is distinct from p_employee_id
      or ledger.action <> p_action or ledger.punched_at <> p_punched_at then
      perform app.refuse('punch.replay_key_reused');
    end if;
    return jsonb_build_object('key', p_idempotency_key, 'outcome', 'duplicate', 'first_outcome', ledger.outcome,
      'reason', ledger.reason, 'hint', ledger.hint, 'attendance_id', ledger.attendance_id);
  end if;

  begin
    if p_punched_at > now_ts + app.replay_clock_skew() then
      perform app.refuse('punch.replay_in_future');
    end if;
    if p_punched_at < now_ts - app.replay_window() then
      perform app.refuse('punch.replay_too_old');
    end if;
    -- A kiosk clock a little ahead of the server: the punch happened now.
    moment := least(p_punched_at, now_ts);
    target := app.active_employee(p_employee_id);
    if target.site_id is distinct from app.my_site_id() then
      perform app.refuse('punch.replay_other_site');
    end if;
    -- A second press within the kiosk's interval of the person's previous one is 'already recorded',
    -- as it is online.
    perform app.refuse_replayed_repeat_press(target, moment);
    -- A verify site: the punch replays the server's 1:1 verification of that person by this kiosk
    -- around the punch's time (the live punch failed on the network after the match), spent here.
    if not app.site_identifies(target.site_id) then
      update public.kiosk_verifications set consumed_at = now_ts
      where id = (select v.id from public.kiosk_verifications v
        where v.kiosk_user = auth.uid() and v.employee_id = target.id and v.consumed_at is null
          and v.method = 'finger'
          and v.verified_at between p_punched_at - app.verification_lifetime() and p_punched_at + app.verification_lifetime()
        order by v.verified_at desc limit 1 for update skip locked);
      if not found then
        perform app.forbid('punch.verification_required');
      end if;
    end if;
    if p_action = 'check_in' then
      record_row := app.record_check_in(target, 'fingerprint', p_device, moment);
    else
      record_row := app.record_check_out(target, moment);
    end if;
  exception
    when sqlstate 'P0001' or sqlstate '42501' then
      get stacked diagnostics refusal = message_text, refusal_hint = pg_exception_hint;
  end;

  update public.punch_replays set
    outcome = case when refusal is null then 'accepted' else 'rejected' end,
    reason = refusal,
    hint = nullif(refusal_hint, ''),
    attendance_id = record_row.id
  where idempotency_key = p_idempotency_key
  returning * into ledger;

  perform app.write_audit('attendances', coalesce(record_row.id::text, p_idempotency_key::text), 'replay',
    jsonb_build_object('key', p_idempotency_key, 'action', p_action, 'employee_id', p_employee_id,
      'punched_at', p_punched_at, 'device', p_device, 'outcome', ledger.outcome, 'reason', refusal));

  return jsonb_build_object('key', p_idempotency_key, 'outcome', ledger.outcome, 'first_outcome', ledger.outcome,
    'reason', ledger.reason, 'hint', ledger.hint, 'attendance_id', ledger.attendance_id);
end
$$;

revoke all on function public.replay_punch(uuid, text, uuid, timestamptz, text) from public;
grant execute on function public.replay_punch(uuid, text, uuid, timestamptz, text) to authenticated, service_role;
