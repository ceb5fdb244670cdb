-- Issue 25 item 8 ("workflows that forgive") and issue 24's "params without English words":
-- 1. a manager edits or withdraws their own pending salary proposal (audited by the table's
--    triggers; refused for someone else's proposal and for a decided one);
-- 2. one pending structure per person and effective date: a partial unique index (holds under
--    concurrency) and a refusal with a clear code before it;
-- 3. a notification written by a person goes to one person, a team or a department, with a title,
--    and carries its sender's name (readers may not read the sender's employee row);
-- 4. refusal parameters are values the client translates: the payment that already paid a period
--    is named by its parts (not an English sentence), a W-4 field by its key (not its English label).

-- 2. One pending structure per person and effective date -----------------------------------------

create or replace function app.refuse_second_pending()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.approval_status = 'pending' and exists (
    select 1 from public.salary_structures s
    where s.employee_id = new.employee_id and s.effective_date = new.effective_date
      and s.approval_status = 'pending' and s.id <> new.id
  ) then
    perform app.refuse('salary.pending_exists', jsonb_build_object(
      'employee', (select btrim(e.first_name || ' ' || e.last_name) from public.employees e where e.id = new.employee_id),
      'effective', new.effective_date), 'salary_pending_exists');
  end if;
  return new;
end
$$;

revoke all on function app.refuse_second_pending() from public;

create trigger salary_structures_one_pending
  before insert or update of employee_id, effective_date, approval_status on public.salary_structures
  for each row execute function app.refuse_second_pending();

-- The guarantee: two sessions proposing at once cannot both pass the trigger's check.
create unique index salary_structures_one_pending_idx on public.salary_structures (employee_id, effective_date)
  where approval_status = 'pending';

-- 1. A manager's own pending proposal: edit, withdraw ------------------------------------------------

-- The caller's own pending proposal, locked; refused otherwise.
create or replace function app.own_pending_proposal(p_id uuid)
returns public.salary_structures
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.salary_structures;
begin
  select * into s from public.salary_structures where id = p_id for update;
  if not found then
    perform app.refuse('salary.not_found');
  end if;
  if app.my_employee_id() is null or s.created_by is distinct from app.my_employee_id() then
    perform app.forbid('salary.proposal_not_yours');
  end if;
  if not (app.has_role('admin', 'hr') or app.manages_employee(s.employee_id)) then
    perform app.forbid('salary.propose_team_only');
  end if;
  if s.approval_status <> 'pending' then
    perform app.refuse('salary.already_decided', jsonb_build_object('status', s.approval_status));
  end if;
  return s;
end
$$;

revoke all on function app.own_pending_proposal(uuid) from public;

create or replace function public.update_salary_proposal(p_id uuid, p_fields jsonb)
returns public.salary_structures
language plpgsql
security definer
set search_path = ''
as $$
declare
  current public.salary_structures := app.own_pending_proposal(p_id);
  updated public.salary_structures;
begin
  if p_fields is null or jsonb_typeof(p_fields) <> 'object' then
    perform app.refuse('salary.save_failed');
  end if;
  -- The person a proposal is for stays; the terms change (the triggers recompute, check and audit).
  update public.salary_structures set
    rule_set = coalesce(p_fields ->> 'rule_set', current.rule_set),
    country = coalesce((p_fields ->> 'country')::public.country_code, current.country),
    pay_basis = coalesce((p_fields ->> 'pay_basis')::public.pay_basis, current.pay_basis),
    frequency = coalesce((p_fields ->> 'frequency')::public.pay_frequency, current.frequency),
    basic_salary = case when p_fields ? 'basic_salary' then payroll.num(p_fields -> 'basic_salary') else current.basic_salary end,
    hours_worked = case when p_fields ? 'hours_worked' then payroll.num(p_fields -> 'hours_worked') else current.hours_worked end,
    hourly_rate = case when p_fields ? 'hourly_rate' then payroll.num(p_fields -> 'hourly_rate') else current.hourly_rate end,
    overtime_hours = case when p_fields ? 'overtime_hours' then payroll.num(p_fields -> 'overtime_hours') else current.overtime_hours end,
    overtime_rate = coalesce(nullif(p_fields ->> 'overtime_rate', '')::numeric, current.overtime_rate),
    allowances = coalesce(p_fields -> 'allowances', current.allowances),
    other_deductions = case when p_fields ? 'other_deductions' then payroll.num(p_fields -> 'other_deductions') else current.other_deductions end,
    effective_date = coalesce((p_fields ->> 'effective_date')::date, current.effective_date),
    delay_buffer = least(greatest(coalesce((p_fields ->> 'delay_buffer')::integer, current.delay_buffer), 0), 5)
  where id = current.id
  returning * into updated;
  return updated;
exception
  when invalid_text_representation or datetime_field_overflow or invalid_datetime_format then
    perform app.refuse('salary.save_failed', '{}'::jsonb, sqlerrm);
end
$$;

revoke all on function public.update_salary_proposal(uuid, jsonb) from public;
grant execute on function public.update_salary_proposal(uuid, jsonb) to authenticated, service_role;

create or replace function public.withdraw_salary_proposal(p_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  current public.salary_structures := app.own_pending_proposal(p_id);
begin
  -- The delete trigger writes the audit row (who, whose structure, its figures).
  delete from public.salary_structures where id = current.id;
end
$$;

revoke all on function public.withdraw_salary_proposal(uuid) from public;
grant execute on function public.withdraw_salary_proposal(uuid) to authenticated, service_role;

-- 3. Notifications written by people: to a person, a team or a department; title and sender ------

alter table public.notifications add column sender_name text;
alter table public.notifications add constraint notifications_sender_name_length check (char_length(sender_name) <= 201);

create or replace function app.stamp_notification_sender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.sender_name := (select nullif(btrim(e.first_name || ' ' || e.last_name), '') from public.employees e where e.id = new.created_by);
  return new;
end
$$;

revoke all on function app.stamp_notification_sender() from public;

-- After notifications_stamp (triggers fire by name), which sets created_by for a person's insert.
create trigger notifications_stamp_sender
  before insert on public.notifications
  for each row execute function app.stamp_notification_sender();

-- Security invoker: each row is inserted under the sender's own row-level security (admins and HR:
-- anyone; a manager: their team), as a notification typed in a dialog always was.
create or replace function public.send_notification(p_audience text, p_title text, p_message text, p_target uuid default null)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  title text := nullif(btrim(coalesce(p_title, '')), '');
  message text := nullif(btrim(coalesce(p_message, '')), '');
  me uuid := app.my_employee_id();
  recipients uuid[];
begin
  if me is null or not app.has_role('admin', 'hr', 'manager') then
    perform app.forbid('notification.send_denied');
  end if;
  if title is null or message is null then
    perform app.refuse('notification.title_and_message_required');
  end if;
  if char_length(title) > 200 or char_length(message) > 2000 then
    perform app.refuse('notification.too_long', jsonb_build_object('title', 200, 'message', 2000));
  end if;
  case p_audience
    when 'person' then
      if p_target is null or not (app.has_role('admin', 'hr') or app.manages_employee(p_target)) then
        perform app.forbid('notification.audience_denied');
      end if;
      select array_agg(e.id) into recipients from public.employees e where e.id = p_target and e.status = 'active';
    when 'team' then
      select array_agg(distinct t.id) into recipients
      from app.my_team_ids() as t(id) join public.employees e on e.id = t.id
      where e.status = 'active' and e.role <> 'kiosk' and e.id <> me;
    when 'department' then
      if p_target is null or not (app.has_role('admin', 'hr') or app.manages_department(p_target)) then
        perform app.forbid('notification.audience_denied');
      end if;
      select array_agg(e.id) into recipients from public.employees e
      where e.department_id = p_target and e.status = 'active' and e.role <> 'kiosk' and e.id <> me;
    else
      perform app.refuse('notification.audience_unknown');
  end case;
  if coalesce(cardinality(recipients), 0) = 0 then
    perform app.refuse('notification.no_recipients');
  end if;
  insert into public.notifications (employee_id, title, message)
  select r, title, message from unnest(recipients) as r;
  return cardinality(recipients);
end
$$;

revoke all on function public.send_notification(text, text, text, uuid) from public;
grant execute on function public.send_notification(text, text, text, uuid) to authenticated, service_role;

-- 4. Parameters that are values, not English ------------------------------------------------------

-- The payment that already pays a period, by its parts: a structure (id, version, effective date,
-- state: processing | paid) or a payroll run's record (run id, period, status); two codes.
create or replace function app.refuse_paid_for(p_employee_id uuid, p_period daterange, p_except_structure uuid, p_with_runs boolean)
returns void
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  who text;
  structure_id uuid;
  structure_version integer;
  structure_effective date;
  structure_state text;
  paid_run uuid;
  run_from date;
  run_to date;
  run_status public.payroll_status;
begin
  select ss.id, ss.version, ss.effective_date,
         case ss.payment_status when 'processing' then 'processing' else 'paid' end
    into structure_id, structure_version, structure_effective, structure_state
  from public.salary_structures ss
  where ss.employee_id = p_employee_id and ss.id is distinct from p_except_structure
    and (ss.payment_status = 'processing'
         or exists (select 1 from public.paystubs ps where ps.salary_structure_id = ss.id))
    and app.structure_pay_period(ss.frequency, ss.effective_date) && p_period
  order by ss.effective_date limit 1;
  if structure_id is null and p_with_runs then
    select r.run_id, r.pay_period_start, r.pay_period_end, r.status
      into paid_run, run_from, run_to, run_status
    from public.payroll_records r
    where r.employee_id = p_employee_id and r.status <> 'cancelled'
      and daterange(r.pay_period_start, r.pay_period_end, '[]') && p_period
    order by r.pay_period_start limit 1;
  end if;
  if structure_id is null and paid_run is null then
    return;
  end if;
  select btrim(e.first_name || ' ' || e.last_name) into who from public.employees e where e.id = p_employee_id;
  if structure_id is not null then
    perform app.refuse('salary.period_paid', jsonb_build_object('employee', who, 'from', lower(p_period),
      'to', upper(p_period) - 1, 'structure', structure_id, 'version', structure_version,
      'effective', structure_effective, 'state', structure_state), 'payroll_period_overlap');
  end if;
  perform app.refuse('salary.period_paid_by_run', jsonb_build_object('employee', who, 'from', lower(p_period),
    'to', upper(p_period) - 1, 'run', paid_run, 'run_from', run_from, 'run_to', run_to, 'run_status', run_status),
    'payroll_period_overlap');
end
$$;

revoke all on function app.refuse_paid_for(uuid, daterange, uuid, boolean) from public;

-- A W-4 amount field is named by its key (w4_step3...); the client shows its label in the reader's language.
CREATE OR REPLACE FUNCTION public.save_pay_profile(p_employee_id uuid, p_profile jsonb)
 RETURNS public.employee_pay_profiles
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  allowed constant text[] := array['filing_status', 'w4_step2', 'w4_step3', 'w4_step4a', 'w4_step4b', 'w4_step4c',
    'flsa_exempt', 'state_allowances', 'dependants', 'abatement_rate', 'cnss_number'];
  key text;
  value jsonb;
  merged jsonb;
  result public.employee_pay_profiles;
begin
  if not (app.is_trusted() or app.has_role('admin', 'hr')) then
    perform app.forbid('pay_profile.staff_only');
  end if;
  if not exists (select 1 from public.employees where id = p_employee_id) then
    perform app.refuse('employee.not_found');
  end if;
  if p_profile is null or jsonb_typeof(p_profile) <> 'object' then
    perform app.refuse('pay_profile.not_object');
  end if;
  for key, value in select * from jsonb_each(p_profile) loop
    if not key = any (allowed) then
      perform app.refuse('pay_profile.unknown_field', jsonb_build_object('field', key));
    end if;
    case
      when key = 'filing_status' then
        if jsonb_typeof(value) <> 'string' or not (value #>> '{}') = any (enum_range(null::public.filing_status)::text[]) then
          perform app.refuse('pay_profile.filing_status');
        end if;
      when key = 'flsa_exempt' then
        -- true exempt, false non-exempt, null: by the salary test (29 CFR 541.600).
        if jsonb_typeof(value) not in ('boolean', 'null') then
          perform app.refuse('pay_profile.not_boolean', jsonb_build_object('field', key));
        end if;
      when key = 'state_allowances' then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^\d{1,2}$' then
          perform app.refuse('pay_profile.state_allowances');
        end if;
      when key = 'w4_step2' then
        if jsonb_typeof(value) <> 'boolean' then
          perform app.refuse('pay_profile.not_boolean', jsonb_build_object('field', key));
        end if;
      when key in ('w4_step3', 'w4_step4a', 'w4_step4b', 'w4_step4c') then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^\d{1,10}(\.\d{1,2})?$' then
          perform app.refuse('pay_profile.not_amount', jsonb_build_object('field', key));
        end if;
      when key = 'dependants' then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^\d{1,2}$'
           or (value #>> '{}')::integer > 20 then
          perform app.refuse('pay_profile.dependants');
        end if;
      when key = 'abatement_rate' then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^0?\.\d{1,2}$'
           or (value #>> '{}')::numeric not in (0.20, 0.25) then
          perform app.refuse('pay_profile.abatement');
        end if;
      when key = 'cnss_number' then
        if jsonb_typeof(value) not in ('null', 'string')
           or (jsonb_typeof(value) = 'string' and btrim(value #>> '{}') <> ''
               and btrim(value #>> '{}') !~ '^[0-9A-Za-z][0-9A-Za-z /-]{0,29}$') then
          perform app.refuse('pay_profile.cnss_number');
        end if;
    end case;
  end loop;
  -- An empty CNSS number is no number.
  if p_profile ? 'cnss_number' then
    p_profile := p_profile || jsonb_build_object('cnss_number', nullif(btrim(p_profile ->> 'cnss_number'), ''));
  end if;

  select coalesce((select to_jsonb(p) from public.employee_pay_profiles p where p.employee_id = p_employee_id),
                  to_jsonb(jsonb_populate_record(null::public.employee_pay_profiles, '{}'))
                    || jsonb_build_object('filing_status', 'single', 'w4_step2', false, 'w4_step3', 0, 'w4_step4a', 0,
                         'w4_step4b', 0, 'w4_step4c', 0, 'flsa_exempt', null, 'state_allowances', 0, 'dependants', 0,
                         'abatement_rate', 0.20))
         || p_profile || jsonb_build_object('employee_id', p_employee_id, 'updated_at', app.now())
    into merged;
  insert into public.employee_pay_profiles
  select * from jsonb_populate_record(null::public.employee_pay_profiles, merged)
  on conflict (employee_id) do update set filing_status = excluded.filing_status, w4_step2 = excluded.w4_step2,
    w4_step3 = excluded.w4_step3, w4_step4a = excluded.w4_step4a, w4_step4b = excluded.w4_step4b,
    w4_step4c = excluded.w4_step4c, flsa_exempt = excluded.flsa_exempt, state_allowances = excluded.state_allowances, dependants = excluded.dependants,
    abatement_rate = excluded.abatement_rate, cnss_number = excluded.cnss_number
  returning * into result;
  return result;
end
$function$;
