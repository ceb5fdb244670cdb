-- Issue 27 items 2 and 3: the workflow of a leave request as RPCs (request, approve, reject,
-- cancel, HR recording on someone's behalf, also after the fact), HR's balance adjustments, and the
-- reads of balances and ledgers. Each step is refused with a code, notifies the other side and is
-- audited.

-- What a request costs in its policy's unit: the person's scheduled days (app.attendance_days_live,
-- the one definition of who is expected: holidays and other leave are not counted), every calendar
-- day of employment, or the scheduled hours; half for a half day.
create function app.leave_cost(p_employee uuid, p_policy public.leave_policies, p_from date, p_to date, p_half text)
returns numeric
language sql stable security definer set search_path = '' as $$
  select coalesce(case
      when p_policy.counts = 'calendar_days' then count(*) filter (where d.employed and not d.holiday)
      when p_policy.unit = 'hours' then sum(d.scheduled_hours) filter (where d.expected)
      else count(*) filter (where d.expected) end, 0)::numeric
    * case when p_half is null then 1 else 0.5 end
  from app.attendance_days_live(p_from, p_to, null, null, array[p_employee], true) d
$$;
revoke all on function app.leave_cost(uuid, public.leave_policies, date, date, text) from public;

-- What can still be taken at a request's start: the ledger's balance that day, less what other
-- pending requests and later approved ones already hold.
create function app.leave_available(p_employee uuid, p_type text, p_start date, p_except uuid)
returns numeric
language sql stable security definer set search_path = '' as $$
  select app.leave_balance(p_employee, p_type, p_start) - coalesce((
    select sum(lr.amount) from public.leave_requests lr
    where lr.employee_id = p_employee and lr.leave_type = p_type and lr.id is distinct from p_except
      and (lr.status = 'pending' or (lr.status = 'approved' and lr.start_date > p_start))), 0)
$$;
revoke all on function app.leave_available(uuid, text, date, uuid) from public;

-- Every check a request must pass (asked for, recorded by HR, or approved): returns its policy and
-- cost, or refuses.
create function app.check_leave(p_employee uuid, p_type text, p_start date, p_end date, p_half text,
  p_except uuid, out policy public.leave_policies, out cost numeric)
language plpgsql stable security definer set search_path = '' as $$
declare
  who record;
  clash record;
  available numeric;
begin
  if p_type is null or p_start is null or p_end is null then
    perform app.refuse('leave.fields_required');
  end if;
  if p_start not between date '2000-01-01' and date '2100-12-31' or p_end not between date '2000-01-01' and date '2100-12-31'
     or p_end < p_start or p_end - p_start > 366 then
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
$$;
revoke all on function app.check_leave(uuid, text, date, date, text, uuid) from public;

-- The people who decide a request: the person's department managers when the policy lets
-- managers approve, else (and when there is none) HR and admins.
create function app.leave_deciders(p_employee uuid, p_approver text) returns setof uuid
language sql stable security definer set search_path = '' as $$
  with managers as (
    select dm.employee_id from public.department_managers dm
    join public.employees e on e.department_id = dm.department_id
    join public.employees m on m.id = dm.employee_id and m.status = 'active' and m.role = 'manager'
    where e.id = p_employee and p_approver = 'manager' and dm.employee_id <> p_employee
  )
  select employee_id from managers
  union
  select e.id from public.employees e
  where e.status = 'active' and e.role in ('hr', 'admin') and e.id <> p_employee
    and not exists (select 1 from managers)
$$;
revoke all on function app.leave_deciders(uuid, text) from public;

-- An employee asks for leave for themselves (from today on); HR or an admin records leave on
-- someone's behalf, also after the fact: it is approved at once.
create function public.request_leave(p_leave_type text, p_start date, p_end date, p_half_day text default null,
  p_note text default null, p_employee_id uuid default null)
returns public.leave_requests
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := app.my_employee_id();
  target uuid := coalesce(p_employee_id, me);
  on_behalf boolean;
  chk record;
  who record;
  created public.leave_requests;
  d uuid;
begin
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
$$;
revoke all on function public.request_leave(text, date, date, text, text, uuid) from public;
grant execute on function public.request_leave(text, date, date, text, text, uuid) to authenticated, service_role;

-- Approve or reject a pending request: the person's manager (when the policy lets managers
-- approve), HR or an admin; never one's own. A rejection needs a reason.
create function public.decide_leave(p_request_id uuid, p_approve boolean, p_reason text default null)
returns public.leave_requests
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := app.my_employee_id();
  req public.leave_requests;
  chk record;
  who record;
  pol public.leave_policies;
  reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
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
$$;
revoke all on function public.decide_leave(uuid, boolean, text) from public;
grant execute on function public.decide_leave(uuid, boolean, text) to authenticated, service_role;

-- Cancel: the person themselves before the leave starts (pending or approved); HR or an admin at
-- any time (a recording made by mistake).
create function public.cancel_leave(p_request_id uuid)
returns public.leave_requests
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := app.my_employee_id();
  req public.leave_requests;
  who record;
  staff boolean := app.has_role('admin', 'hr');
  was public.leave_status;
  d uuid;
begin
  select * into req from public.leave_requests where id = p_request_id for update;
  if req.id is null or not app.may_see_leave(req.employee_id) then
    perform app.refuse('leave.request_not_found');
  end if;
  if req.employee_id <> me and not staff then
    perform app.forbid('leave.not_yours');
  end if;
  if req.status not in ('pending', 'approved') then
    perform app.refuse('leave.not_cancellable');
  end if;
  select * into who from app.leave_person(req.employee_id);
  if not staff and req.start_date <= who.today then
    perform app.refuse('leave.already_started', jsonb_build_object('date', req.start_date));
  end if;
  was := req.status;
  update public.leave_requests set status = 'cancelled', decided_by = me, decided_at = app.now()
  where id = req.id returning * into req;
  perform app.write_audit('leave_requests', req.id::text, 'cancel',
    jsonb_build_object('employee_id', req.employee_id, 'was', was));
  if req.employee_id = me then
    for d in select app.leave_deciders(req.employee_id,
        coalesce((app.leave_policy(who.country, req.leave_type, req.start_date)).approver, 'hr')) loop
      perform app.notify(d, 'leave.cancelled', jsonb_build_object('request_id', req.id, 'employee_id', req.employee_id,
        'name', (select btrim(e.first_name || ' ' || e.last_name) from public.employees e where e.id = req.employee_id),
        'leave_type', req.leave_type, 'from', req.start_date, 'to', req.end_date));
    end loop;
  else
    perform app.notify(req.employee_id, 'leave.cancelled_for_you', jsonb_build_object('request_id', req.id,
      'leave_type', req.leave_type, 'from', req.start_date, 'to', req.end_date));
  end if;
  return req;
end
$$;
revoke all on function public.cancel_leave(uuid) from public;
grant execute on function public.cancel_leave(uuid) to authenticated, service_role;

-- HR's adjustment of a balance (a correction, a transfer from a previous system): a ledger row
-- with its reason, audited, and the person told.
create function public.adjust_leave_balance(p_employee_id uuid, p_leave_type text, p_amount numeric, p_reason text,
  p_day date default null)
returns public.leave_adjustments
language plpgsql security definer set search_path = '' as $$
declare
  created public.leave_adjustments;
  who record;
  reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  if not app.has_role('admin', 'hr') then
    perform app.forbid('leave.adjust_denied');
  end if;
  if p_employee_id is null or p_leave_type is null or p_amount is null then
    perform app.refuse('leave.fields_required');
  end if;
  if p_amount = 0 or p_amount::text in ('NaN', 'Infinity', '-Infinity') or abs(p_amount) > 1000 then
    perform app.refuse('leave.adjustment_out_of_range', jsonb_build_object('max', 1000));
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
$$;
revoke all on function public.adjust_leave_balance(uuid, text, numeric, text, date) from public;
grant execute on function public.adjust_leave_balance(uuid, text, numeric, text, date) to authenticated, service_role;

-- A person's balances on a day (today at their site by default): per type offered at their site,
-- the ledger's sum less approved leave booked after that day (what is left to take), what pending
-- requests hold, and the policy that applies.
create function public.leave_balances(p_employee_id uuid default null, p_as_of date default null)
returns table (leave_type text, name_en text, name_fr text, paid boolean, unit text, accrual text, tracked boolean,
  balance numeric, pending numeric, half_days boolean, allows_negative boolean, approver text,
  max_per_request numeric, source text, effective_from date)
language plpgsql stable security definer set search_path = '' as $$
declare
  target uuid := coalesce(p_employee_id, app.my_employee_id());
  who record;
  day date;
begin
  if target is null or not app.may_see_leave(target) then
    perform app.refuse('leave.request_not_found');
  end if;
  select * into who from app.leave_person(target);
  day := coalesce(p_as_of, who.today);
  if day not between date '2000-01-01' and date '2100-12-31' then
    perform app.refuse('leave.dates_out_of_range', jsonb_build_object('days', 366));
  end if;
  return query
  select t.code, t.name_en, t.name_fr, p.paid, p.unit, p.accrual, p.accrual <> 'none',
    case when p.accrual <> 'none' then app.leave_balance(target, t.code, day) - coalesce((
      select sum(lr.amount) from public.leave_requests lr
      where lr.employee_id = target and lr.leave_type = t.code and lr.status = 'approved' and lr.start_date > day), 0)
    else 0 end,
    coalesce((select sum(lr.amount) from public.leave_requests lr
      where lr.employee_id = target and lr.leave_type = t.code and lr.status = 'pending'), 0),
    p.half_days, p.allows_negative, p.approver, p.max_per_request, p.source, p.effective_from
  from public.leave_types t
  cross join lateral app.leave_policy(who.country, t.code, day) p
  where t.active and p.id is not null
  order by t.builtin desc, t.code;
end
$$;
revoke all on function public.leave_balances(uuid, date) from public;
grant execute on function public.leave_balances(uuid, date) to authenticated, service_role;

-- The ledger behind a balance, row by row with the running balance.
create function public.leave_ledger(p_employee_id uuid, p_leave_type text, p_as_of date default null)
returns table (day date, kind text, amount numeric, balance numeric, request_id uuid, adjustment_id uuid, reason text)
language plpgsql stable security definer set search_path = '' as $$
declare
  who record;
begin
  if p_employee_id is null or not app.may_see_leave(p_employee_id) then
    perform app.refuse('leave.request_not_found');
  end if;
  select * into who from app.leave_person(p_employee_id);
  if p_as_of is not null and p_as_of not between date '2000-01-01' and date '2100-12-31' then
    perform app.refuse('leave.dates_out_of_range', jsonb_build_object('days', 366));
  end if;
  return query
  select l.day, l.kind, l.amount, sum(l.amount) over (order by l.day, l.seq, l.kind rows unbounded preceding),
    l.request_id, l.adjustment_id, l.reason
  from app.leave_ledger(p_employee_id, p_leave_type, coalesce(p_as_of, who.today)) l
  order by l.day, l.seq, l.kind;
end
$$;
revoke all on function public.leave_ledger(uuid, text, date) from public;
grant execute on function public.leave_ledger(uuid, text, date) to authenticated, service_role;

-- The portal's preview: what a request would cost and what is available, before sending it.
create function public.leave_quote(p_leave_type text, p_start date, p_end date, p_half_day text default null,
  p_employee_id uuid default null)
returns table (amount numeric, unit text, available numeric, tracked boolean, allows_negative boolean)
language plpgsql stable security definer set search_path = '' as $$
declare
  target uuid := coalesce(p_employee_id, app.my_employee_id());
  who record;
  pol public.leave_policies;
begin
  if target is null or not app.may_see_leave(target) then
    perform app.refuse('leave.request_not_found');
  end if;
  if p_leave_type is null or p_start is null or p_end is null or p_end < p_start or p_end - p_start > 366
     or p_start < date '2000-01-01' or p_end > date '2100-12-31' then
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
$$;
revoke all on function public.leave_quote(text, date, date, text, uuid) from public;
grant execute on function public.leave_quote(text, date, date, text, uuid) to authenticated, service_role;
