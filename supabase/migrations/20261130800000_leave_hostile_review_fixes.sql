-- Hostile review of session 7 (tests/integration/attacks/session7.test.ts), leave findings:
-- S7-1  HR adjusted their own balance: adjust_leave_balance forbids `leave.own_adjustment`.
-- S7-3  a policy version's seniority steps were unchecked JSON (NaN made balances NaN, a string broke
--       every balance with a raw cast error): each step is {years: integer 1..60, amount: 0..60},
--       refused `leave.seniority_invalid` by the insert trigger and held by a CHECK.
-- S7-2  leave recorded or approved inside a payroll period already processed or paid, at the
--       person's site: refused `leave.period_paid` with the run's dates (what was paid stays true).
-- S7-4  a built-in (statutory) leave type cannot be switched off: `leave.builtin_always_offered`.
-- S7-8  leave_quote (and check_leave) test the dates' window before measuring the length, so
--       'infinity' is `leave.dates_out_of_range`, not a raw 22008.

-- S7-3: one validating function, used by the CHECK and by the trigger (which gives the code).
-- CASE keeps each cast behind its type test.
create or replace function app.leave_seniority_valid(p_steps jsonb)
 returns boolean
 language sql
 immutable
 set search_path to ''
as $function$
  select p_steps is not null and jsonb_typeof(p_steps) = 'array' and not exists (
    select 1 from jsonb_array_elements(p_steps) s(step)
    where not case
      when jsonb_typeof(step) <> 'object'
        or jsonb_typeof(step -> 'years') is distinct from 'number'
        or jsonb_typeof(step -> 'amount') is distinct from 'number' then false
      else (step ->> 'years')::numeric between 1 and 60
        and (step ->> 'years')::numeric = trunc((step ->> 'years')::numeric)
        and (step ->> 'amount')::numeric between 0 and 60
    end)
$function$;
revoke all on function app.leave_seniority_valid(jsonb) from public;
grant execute on function app.leave_seniority_valid(jsonb) to authenticated, service_role;

alter table public.leave_policies
  add constraint leave_policies_seniority_steps check (app.leave_seniority_valid(seniority));

create or replace function app.stamp_leave_policy()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if app.my_employee_id() is not null and new.effective_from <= app.today() then
    perform app.refuse('leave.policy_not_future', jsonb_build_object('date', new.effective_from));
  end if;
  if not app.leave_seniority_valid(new.seniority) then
    perform app.refuse('leave.seniority_invalid', jsonb_build_object('max_years', 60, 'max_amount', 60));
  end if;
  new.updated_by := app.my_employee_id();
  new.created_at := app.now();
  return new;
end
$function$;

create or replace function app.guard_leave_type()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if old.builtin and (new.code <> old.code or not new.builtin) then
    perform app.refuse('leave.builtin_type');
  end if;
  -- Requests, policies and stored payslips name the type by its code: it never changes.
  if new.code <> old.code then
    perform app.refuse('leave.code_immutable');
  end if;
  -- A built-in type is statutory (Chicago paid sick leave, BF annual leave): the law grants it, it stays offered.
  if old.builtin and new.builtin and not new.active then
    perform app.refuse('leave.builtin_always_offered');
  end if;
  if not old.builtin and new.builtin and not app.is_trusted() then
    perform app.refuse('leave.builtin_type');
  end if;
  return new;
end
$function$;

create or replace function public.adjust_leave_balance(p_employee_id uuid, p_leave_type text, p_amount numeric, p_reason text, p_day date DEFAULT NULL::date)
 RETURNS public.leave_adjustments
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  created public.leave_adjustments;
  who record;
  reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  perform app.require_assured_session();
  if not app.has_role('admin', 'hr') then
    perform app.forbid('leave.adjust_denied');
  end if;
  -- Another HR or an admin adjusts a person's balance, never the person themselves (as with decide_leave).
  if p_employee_id = app.my_employee_id() then
    perform app.forbid('leave.own_adjustment');
  end if;
  if p_employee_id is null or p_leave_type is null or p_amount is null then
    perform app.refuse('leave.fields_required');
  end if;
  if p_amount = 0 or p_amount::text in ('NaN', 'Infinity', '-Infinity') or abs(p_amount) > 1000 then
    perform app.refuse('leave.adjustment_out_of_range', jsonb_build_object('max', 1000));
  end if;
  if p_day is not null and p_day not between date '2000-01-01' and date '2100-12-31' then
    perform app.refuse('leave.dates_out_of_range', jsonb_build_object('days', 366));
  end if;
  if reason is null then
    perform app.refuse('leave.reason_required');
  end if;
  if not exists (select 1 from public.employees e where e.id = p_employee_id and e.role <> 'kiosk') then
    perform app.refuse('leave.employee_not_found');
  end if;
  select * into who from app.leave_person(p_employee_id);
  if (app.leave_policy(who.country, p_leave_type, coalesce(p_day, who.today))).id is null then
    perform app.refuse('leave.type_not_offered');
  end if;
  insert into public.leave_adjustments (employee_id, leave_type, day, amount, reason, created_by)
  values (p_employee_id, p_leave_type, coalesce(p_day, who.today), p_amount, reason, app.my_employee_id())
  returning * into created;
  perform app.write_audit('leave_adjustments', created.id::text, 'create', to_jsonb(created));
  perform app.notify(p_employee_id, 'leave.adjusted', jsonb_build_object('leave_type', p_leave_type,
    'amount', p_amount, 'day', created.day, 'reason', reason));
  return created;
end
$function$;

create or replace function public.leave_quote(p_leave_type text, p_start date, p_end date, p_half_day text DEFAULT NULL::text, p_employee_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(amount numeric, unit text, available numeric, tracked boolean, allows_negative boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target uuid := coalesce(p_employee_id, app.my_employee_id());
  who record;
  pol public.leave_policies;
begin
  perform app.require_assured_session();
  if target is null or not app.may_see_leave(target) then
    perform app.refuse('leave.request_not_found');
  end if;
  -- The window first: 'infinity' cannot be subtracted (a raw 22008), so the length is measured after.
  if p_leave_type is null or p_start is null or p_end is null
     or p_start not between date '2000-01-01' and date '2100-12-31'
     or p_end not between date '2000-01-01' and date '2100-12-31' then
    perform app.refuse('leave.dates_out_of_range', jsonb_build_object('days', 366));
  end if;
  if p_end < p_start or p_end - p_start > 366 then
    perform app.refuse('leave.dates_out_of_range', jsonb_build_object('days', 366));
  end if;
  select * into who from app.leave_person(target);
  pol := app.leave_policy(who.country, p_leave_type, p_start);
  if pol.id is null then
    perform app.refuse('leave.type_not_offered');
  end if;
  return query select app.leave_cost(target, pol, p_start, p_end, p_half_day), pol.unit,
    case when pol.accrual <> 'none' then app.leave_available(target, p_leave_type, p_start, null) end,
    pol.accrual <> 'none', pol.allows_negative;
end
$function$;

create or replace function app.check_leave(p_employee uuid, p_type text, p_start date, p_end date, p_half text, p_except uuid, OUT policy public.leave_policies, OUT cost numeric)
 RETURNS record
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  who record;
  clash record;
  available numeric;
begin
  if p_type is null or p_start is null or p_end is null then
    perform app.refuse('leave.fields_required');
  end if;
  if p_start not between date '2000-01-01' and date '2100-12-31' or p_end not between date '2000-01-01' and date '2100-12-31' then
    perform app.refuse('leave.dates_out_of_range', jsonb_build_object('days', 366));
  end if;
  if p_end < p_start or p_end - p_start > 366 then
    perform app.refuse('leave.dates_out_of_range', jsonb_build_object('days', 366));
  end if;
  if p_half is not null and (p_half not in ('am', 'pm') or p_start <> p_end) then
    perform app.refuse('leave.half_day_single_day');
  end if;
  select * into who from app.leave_person(p_employee);
  if not exists (select 1 from public.leave_types t where t.code = p_type and t.active) then
    perform app.refuse('leave.type_not_offered');
  end if;
  policy := app.leave_policy(who.country, p_type, p_start);
  if policy.id is null then
    perform app.refuse('leave.type_not_offered');
  end if;
  if p_half is not null and not policy.half_days then
    perform app.refuse('leave.half_day_not_allowed');
  end if;
  if who.first_day is null or p_start < who.first_day then
    perform app.refuse('leave.before_joining', jsonb_build_object('date', who.first_day));
  end if;
  -- Overlaps, even one day: two half days of the same day overlap only when they are the same half.
  select lr.start_date, lr.end_date into clash from public.leave_requests lr
  where lr.employee_id = p_employee and lr.status in ('pending', 'approved') and lr.id is distinct from p_except
    and lr.start_date <= p_end and lr.end_date >= p_start
    and not (lr.half_day is not null and p_half is not null and lr.half_day <> p_half)
  limit 1;
  if found then
    perform app.refuse('leave.overlaps', jsonb_build_object('from', clash.start_date, 'to', clash.end_date));
  end if;
  cost := app.leave_cost(p_employee, policy, p_start, p_end, p_half);
  if cost <= 0 then
    perform app.refuse('leave.no_working_day');
  end if;
  if policy.max_per_request is not null and cost > policy.max_per_request then
    if policy.unit = 'hours' then
      perform app.refuse('leave.too_long_hours', jsonb_build_object('max', policy.max_per_request));
    end if;
    perform app.refuse('leave.too_long_days', jsonb_build_object('max', policy.max_per_request));
  end if;
  if policy.accrual <> 'none' and not policy.allows_negative then
    available := app.leave_available(p_employee, p_type, p_start, p_except);
    if cost > available then
      if policy.unit = 'hours' then
        perform app.refuse('leave.over_balance_hours',
          jsonb_build_object('available', greatest(available, 0), 'requested', cost));
      end if;
      perform app.refuse('leave.over_balance_days',
        jsonb_build_object('available', greatest(available, 0), 'requested', cost));
    end if;
  end if;
end
$function$;

-- S7-2: a processed or paid run of the person's site covering any of these days.
create or replace function app.refuse_leave_in_paid_period(p_employee uuid, p_start date, p_end date)
 returns void
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  run record;
begin
  -- A run of the person's site, or one that holds a record of theirs (they may have moved since).
  select r.period_start, r.period_end into run
  from public.payroll_runs r
  where r.status in ('processed', 'paid')
    and r.period_start <= p_end and r.period_end >= p_start
    and (r.site_id = (select e.site_id from public.employees e where e.id = p_employee)
         or exists (select 1 from public.payroll_records pr
                    where pr.run_id = r.id and pr.employee_id = p_employee and pr.status <> 'cancelled'))
  order by r.period_start
  limit 1;
  if found then
    perform app.refuse('leave.period_paid', jsonb_build_object('from', run.period_start, 'to', run.period_end));
  end if;
end
$function$;
revoke all on function app.refuse_leave_in_paid_period(uuid, date, date) from public;

create or replace function public.request_leave(p_leave_type text, p_start date, p_end date, p_half_day text DEFAULT NULL::text, p_note text DEFAULT NULL::text, p_employee_id uuid DEFAULT NULL::uuid)
 RETURNS public.leave_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := app.my_employee_id();
  target uuid := coalesce(p_employee_id, me);
  on_behalf boolean;
  chk record;
  who record;
  created public.leave_requests;
  d uuid;
begin
  perform app.require_assured_session();
  if me is null or app.my_role() = 'kiosk' then
    perform app.forbid('leave.not_yours');
  end if;
  on_behalf := target <> me;
  if on_behalf and not app.has_role('admin', 'hr') then
    perform app.forbid('leave.not_yours');
  end if;
  if not exists (select 1 from public.employees e where e.id = target and e.status = 'active' and e.role <> 'kiosk') then
    perform app.refuse('leave.employee_not_found');
  end if;
  if p_note is not null and char_length(p_note) > 500 then
    perform app.refuse('leave.note_too_long', jsonb_build_object('max', 500));
  end if;
  -- One request at a time per person: the overlap and balance checks hold under concurrency.
  perform 1 from public.employees e where e.id = target for update;
  select * into who from app.leave_person(target);
  if not on_behalf and p_start < who.today then
    perform app.refuse('leave.in_the_past');
  end if;
  select * into chk from app.check_leave(target, p_leave_type, p_start, p_end, p_half_day, null);
  if on_behalf then
    perform app.refuse_leave_in_paid_period(target, p_start, p_end);
  end if;

  insert into public.leave_requests (employee_id, leave_type, start_date, end_date, half_day, amount, unit,
    status, note, requested_by, decided_by, decided_at)
  values (target, p_leave_type, p_start, p_end, p_half_day, chk.cost, (chk.policy).unit,
    case when on_behalf then 'approved'::public.leave_status else 'pending'::public.leave_status end,
    nullif(btrim(coalesce(p_note, '')), ''), me,
    case when on_behalf then me end, case when on_behalf then app.now() end)
  returning * into created;

  perform app.write_audit('leave_requests', created.id::text, case when on_behalf then 'record' else 'request' end,
    jsonb_build_object('employee_id', target, 'leave_type', p_leave_type, 'start_date', p_start, 'end_date', p_end,
      'half_day', p_half_day, 'amount', chk.cost, 'unit', (chk.policy).unit, 'status', created.status));
  if on_behalf then
    perform app.notify(target, 'leave.recorded', jsonb_build_object('request_id', created.id,
      'leave_type', p_leave_type, 'from', p_start, 'to', p_end, 'amount', chk.cost, 'unit', (chk.policy).unit));
  else
    for d in select app.leave_deciders(target, (chk.policy).approver) loop
      perform app.notify(d, 'leave.requested', jsonb_build_object('request_id', created.id, 'employee_id', target,
        'name', (select btrim(e.first_name || ' ' || e.last_name) from public.employees e where e.id = target),
        'leave_type', p_leave_type, 'from', p_start, 'to', p_end, 'amount', chk.cost, 'unit', (chk.policy).unit));
    end loop;
  end if;
  return created;
end
$function$;

create or replace function public.decide_leave(p_request_id uuid, p_approve boolean, p_reason text DEFAULT NULL::text)
 RETURNS public.leave_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := app.my_employee_id();
  req public.leave_requests;
  chk record;
  who record;
  pol public.leave_policies;
  reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  perform app.require_assured_session();
  if p_request_id is null or p_approve is null then
    perform app.refuse('leave.fields_required');
  end if;
  select * into req from public.leave_requests where id = p_request_id;
  if req.id is null or not app.may_see_leave(req.employee_id) then
    perform app.refuse('leave.request_not_found');
  end if;
  perform 1 from public.employees e where e.id = req.employee_id for update;
  select * into req from public.leave_requests where id = p_request_id for update;
  if req.employee_id = me then
    perform app.forbid('leave.own_request');
  end if;
  select * into who from app.leave_person(req.employee_id);
  pol := app.leave_policy(who.country, req.leave_type, req.start_date);
  if not (app.has_role('admin', 'hr') or (app.manages_employee(req.employee_id) and coalesce(pol.approver, 'hr') = 'manager')) then
    perform app.forbid('leave.decide_denied');
  end if;
  if req.status <> 'pending' then
    perform app.refuse('leave.not_pending');
  end if;
  if not p_approve and reason is null then
    perform app.refuse('leave.reason_required');
  end if;
  if reason is not null and char_length(reason) > 500 then
    perform app.refuse('leave.note_too_long', jsonb_build_object('max', 500));
  end if;
  if p_approve then
    -- The schedule or the balance may have changed since the request: check again, cost again.
    select * into chk from app.check_leave(req.employee_id, req.leave_type, req.start_date, req.end_date, req.half_day, req.id);
    perform app.refuse_leave_in_paid_period(req.employee_id, req.start_date, req.end_date);
    update public.leave_requests set status = 'approved', amount = chk.cost, decided_by = me, decided_at = app.now(),
      decision_reason = reason
    where id = req.id returning * into req;
  else
    update public.leave_requests set status = 'rejected', decided_by = me, decided_at = app.now(), decision_reason = reason
    where id = req.id returning * into req;
  end if;
  perform app.write_audit('leave_requests', req.id::text, case when p_approve then 'approve' else 'reject' end,
    jsonb_build_object('employee_id', req.employee_id, 'status', req.status, 'amount', req.amount, 'reason', reason));
  if p_approve then
    perform app.notify(req.employee_id, 'leave.approved', jsonb_build_object('request_id', req.id,
      'leave_type', req.leave_type, 'from', req.start_date, 'to', req.end_date));
  else
    perform app.notify(req.employee_id, 'leave.rejected', jsonb_build_object('request_id', req.id,
      'leave_type', req.leave_type, 'from', req.start_date, 'to', req.end_date, 'reason', reason));
  end if;
  return req;
end
$function$;
