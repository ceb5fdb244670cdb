-- The offline kiosk: punches queued on a tablet while the network or the backend was down are
-- replayed later with their original time. One set of rules for live and replayed punches:
-- check_in/check_out and replay_punch all go through app.record_check_in/app.record_check_out.

-- A check-in at `moment` (the live RPC passes the clock, a replay the original time).
create function app.record_check_in(
  target public.employees,
  p_source public.attendance_source,
  p_device text,
  moment timestamptz
) returns public.attendances
language plpgsql security definer set search_path = '' as $$
declare
  tz text;
  created public.attendances;
begin
  -- Lock the employee so concurrent punches of one person queue up behind each other.
  perform 1 from public.employees where id = target.id for update;
  if exists (select 1 from public.attendances where employee_id = target.id and check_out is null) then
    perform app.refuse('Already Checked In', 'Employee must check out before checking in again.');
  end if;
  select time_zone into tz from public.sites where id = target.site_id;
  begin
    insert into public.attendances (employee_id, site_id, date, check_in, punctuality, source, device, kiosk_id, created_by)
    values (
      target.id, target.site_id, (moment at time zone tz)::date, moment,
      app.punctuality_at(target.id, tz, moment), p_source, nullif(btrim(p_device), ''),
      case when app.my_role() = 'kiosk' then app.my_employee_id() end,
      app.my_employee_id()
    )
    returning * into created;
  exception
    when unique_violation then
      perform app.refuse('Already Checked In', 'Employee must check out before checking in again.');
    when exclusion_violation then
      -- Only a punch in the past can fall inside a closed record (a replayed one).
      perform app.refuse('Overlaps another attendance record',
        'The employee already has a record covering this time.');
  end;
  return created;
end
$$;

-- A check-out at `moment` of the employee's open record.
create function app.record_check_out(target public.employees, moment timestamptz) returns public.attendances
language plpgsql security definer set search_path = '' as $$
declare
  open_record public.attendances;
  tz text;
  updated public.attendances;
begin
  perform 1 from public.employees where id = target.id for update;
  select * into open_record from public.attendances
  where employee_id = target.id and check_out is null
  for update;
  if not found then
    select time_zone into tz from public.sites where id = target.site_id;
    if exists (
      select 1 from public.attendances
      where employee_id = target.id and date = (moment at time zone tz)::date and check_out is not null
    ) then
      perform app.refuse('Already checked out');
    end if;
    perform app.refuse('No Active Check-In', 'No active check-in found');
  end if;
  if moment <= open_record.check_in then
    perform app.refuse('Check-out must be after check-in');
  end if;
  update public.attendances set check_out = moment, status = 'checked_out'
  where id = open_record.id
  returning * into updated;
  return updated;
end
$$;

create or replace function public.check_in(
  p_employee_id uuid,
  p_source public.attendance_source default 'manual',
  p_device text default null
) returns public.attendances
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees := app.active_employee(p_employee_id);
begin
  if p_source = 'correction' then
    perform app.refuse('Use correct_attendance to record a correction');
  end if;
  perform app.assert_may_punch(target, p_source);
  return app.record_check_in(target, p_source, p_device, clock_timestamp());
end
$$;

create or replace function public.check_out(p_employee_id uuid) returns public.attendances
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees := app.active_employee(p_employee_id);
begin
  perform app.assert_may_punch(target, case when app.my_role() = 'kiosk' then 'fingerprint' else 'manual' end::public.attendance_source);
  return app.record_check_out(target, clock_timestamp());
end
$$;

-- The ledger of replayed punches: one row per idempotency key, with the outcome the first replay
-- got, so a repeat (a retry after a lost answer, a second replay of the same queue) returns it again.
create table public.punch_replays (
  idempotency_key uuid primary key,
  kiosk_id uuid not null references public.employees (id),
  employee_id uuid not null,
  action text not null check (action in ('check_in', 'check_out')),
  punched_at timestamptz not null,
  device text,
  outcome text not null check (outcome in ('accepted', 'rejected')),
  reason text,
  hint text,
  attendance_id uuid references public.attendances (id) on delete set null,
  replayed_at timestamptz not null default now()
);
create index punch_replays_kiosk_idx on public.punch_replays (kiosk_id, replayed_at desc);
alter table public.punch_replays enable row level security;
create policy punch_replays_read on public.punch_replays for select to authenticated using (
  app.has_role('admin', 'hr') or kiosk_id = (select app.my_employee_id())
);
revoke insert, update, delete, truncate on public.punch_replays from anon, authenticated;
grant select on public.punch_replays to authenticated;

-- How long a tablet may stay offline, and how far ahead of the server its clock may run.
create function app.replay_window() returns interval language sql immutable as $$ select interval '72 hours' $$;
create function app.replay_clock_skew() returns interval language sql immutable as $$ select interval '2 minutes' $$;

-- Replays one queued punch. Returns {key, outcome: accepted|duplicate|rejected, first_outcome,
-- reason, hint, attendance_id}. A rule refusal (window, future, other site, Already Checked In, …)
-- is an answer, not an error, and is kept: the tablet drops the punch and shows why.
-- Only kiosk accounts may replay; anyone else is refused with an error.
create function public.replay_punch(
  p_idempotency_key uuid,
  p_action text,
  p_employee_id uuid,
  p_punched_at timestamptz,
  p_device text default null
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  kiosk uuid := app.my_employee_id();
  now_ts timestamptz := clock_timestamp();
  moment timestamptz;
  target public.employees;
  ledger public.punch_replays;
  inserted boolean;
  record_row public.attendances;
  refusal text;
  refusal_hint text;
begin
  if app.my_role() is distinct from 'kiosk' then
    perform app.forbid('Only a kiosk can replay queued punches');
  end if;
  if p_idempotency_key is null or p_action is null or p_punched_at is null then
    perform app.refuse('A replayed punch needs a key, an action and its time');
  end if;
  if p_action not in ('check_in', 'check_out') then
    perform app.refuse('Unknown punch action');
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
      perform app.refuse('This punch key was already used for another punch');
    end if;
    return jsonb_build_object('key', p_idempotency_key, 'outcome', 'duplicate', 'first_outcome', ledger.outcome,
      'reason', ledger.reason, 'hint', ledger.hint, 'attendance_id', ledger.attendance_id);
  end if;

  begin
    if p_punched_at > now_ts + app.replay_clock_skew() then
      perform app.refuse('Punch time is in the future', 'The kiosk''s clock is ahead of the server''s.');
    end if;
    if p_punched_at < now_ts - app.replay_window() then
      perform app.refuse('Punch is too old to replay', 'Queued punches are accepted for 72 hours; ask a manager to correct the record.');
    end if;
    -- A kiosk clock a little ahead of the server: the punch happened now.
    moment := least(p_punched_at, now_ts);
    target := app.active_employee(p_employee_id);
    if target.site_id is distinct from app.my_site_id() then
      perform app.refuse('Employee of another site', 'This kiosk cannot record attendance for employees of another site');
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

revoke execute on function public.replay_punch(uuid, text, uuid, timestamptz, text) from anon, public;
grant execute on function public.replay_punch(uuid, text, uuid, timestamptz, text) to authenticated, service_role;
revoke execute on function app.record_check_in(public.employees, public.attendance_source, text, timestamptz),
  app.record_check_out(public.employees, timestamptz) from anon, authenticated, public;
