-- Hostile review of session 5 (tests/integration/product/attacks-session5.test.ts): once a person
-- has a verified factor, an aal1 session (a stolen password) reads and writes none of the
-- company's data through REST or realtime (20261126100000); the security-definer RPCs this session
-- added bypass that restrictive policy, so an aal1 session of HR downloaded every bank account
-- number of a run (payment_file_content), adjusted balances and decided leave, and an aal1 manager
-- edited their salary proposals. Each now starts by asking for an assured session, with the code
-- the two-factor step-up already shows (access.mfa_required). Unlike app.require_aal2 it does not
-- apply the 'two-factor for admins and HR' setting: people without a factor keep working.
--
-- Also: HR's balance adjustment dated outside 2000-2100 is refused with a code (not the table's
-- CHECK), and a notification's sender (created_by, sender_name) is fixed once written: not even
-- an admin rewrites who sent it.

create function app.require_assured_session()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not app.session_assured() then
    raise exception using errcode = '42501', message = 'access.mfa_required', hint = 'mfa_required';
  end if;
end
$$;
revoke all on function app.require_assured_session() from public;
grant execute on function app.require_assured_session() to anon, authenticated, service_role;

create or replace function public.payment_file_content(p_file_id uuid)
 RETURNS TABLE(file_name text, kind public.payment_file_kind, content text, sha256 text, currency text, total numeric, entry_count integer, generated_at timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.require_assured_session();
  perform app.assert_payroll_staff();
  return query select f.file_name, f.kind, f.content, f.sha256, f.currency, f.total, f.entry_count, f.created_at
               from public.payment_files f where f.id = p_file_id;
  if not found then
    perform app.refuse('payment.file_not_found');
  end if;
  perform app.write_audit('payment_files', p_file_id::text, 'download', '{}'::jsonb);
end
$function$;

create or replace function public.payment_file_plan(p_run_id uuid)
 RETURNS TABLE(kind public.payment_file_kind, entry_count integer, total numeric, currency text, file_id uuid, file_name text, sha256 text, generated_at timestamp with time zone, paid_count integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.require_assured_session();
  perform app.assert_payroll_staff();
  return query
    with planned as (
      select p.kind, count(*)::int as n, sum(p.amount) as total from app.run_payees(p_run_id) p
      where p.kind is not null
        and not exists (select 1 from public.payment_file_entries fe where fe.payroll_record_id = p.record_id)
      group by p.kind
    )
    select coalesce(f.kind, pl.kind), coalesce(f.entry_count, pl.n), coalesce(f.total, pl.total), r.currency,
           f.id, f.file_name, f.sha256, f.created_at,
           (select count(*)::int from public.payment_file_entries fe where fe.file_id = f.id and fe.paid_at is not null)
    from (select * from public.payment_files where run_id = p_run_id) f
    full join planned pl on pl.kind = f.kind
    cross join (select pr.currency from public.payroll_runs pr where pr.id = p_run_id) r
    order by 1;
end
$function$;

create or replace function public.payment_accounts_missing(p_run_id uuid)
 RETURNS TABLE(employee_id uuid, employee_name text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.require_assured_session();
  perform app.assert_payroll_staff();
  return query select p.employee_id, p.employee_name from app.run_payees(p_run_id) p
               where p.kind is null order by p.employee_name;
end
$function$;

create or replace function public.payment_account_summary(p_employee_id uuid)
 RETURNS TABLE(employee_id uuid, method public.payment_method, country public.country_code, account_type public.bank_account_type, bank_name text, operator public.mobile_operator, routing_number text, last4 text, since timestamp with time zone, site_country public.country_code)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.require_assured_session();
  if not (app.has_role('admin', 'hr') or p_employee_id = app.my_employee_id()) then
    perform app.forbid('payment.account_private');
  end if;
  return query
    select e.id, a.method, a.country, a.account_type, a.bank_name, a.operator,
           -- A routing number names a bank, not a person: shown whole, as on a cheque.
           a.routing_number, app.payment_account_last4(a), a.created_at, s.country
    from public.employees e
    left join public.sites s on s.id = e.site_id
    left join public.payment_accounts a on a.employee_id = e.id and a.replaced_at is null
    where e.id = p_employee_id;
end
$function$;

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

create or replace function public.cancel_leave(p_request_id uuid)
 RETURNS public.leave_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := app.my_employee_id();
  req public.leave_requests;
  who record;
  staff boolean := app.has_role('admin', 'hr');
  was public.leave_status;
  d uuid;
begin
  perform app.require_assured_session();
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

create or replace function public.leave_balances(p_employee_id uuid DEFAULT NULL::uuid, p_as_of date DEFAULT NULL::date)
 RETURNS TABLE(leave_type text, name_en text, name_fr text, paid boolean, unit text, accrual text, tracked boolean, balance numeric, pending numeric, half_days boolean, allows_negative boolean, approver text, max_per_request numeric, source text, effective_from date)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target uuid := coalesce(p_employee_id, app.my_employee_id());
  who record;
  day date;
begin
  perform app.require_assured_session();
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
$function$;

create or replace function public.leave_ledger(p_employee_id uuid, p_leave_type text, p_as_of date DEFAULT NULL::date)
 RETURNS TABLE(day date, kind text, amount numeric, balance numeric, request_id uuid, adjustment_id uuid, reason text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  who record;
begin
  perform app.require_assured_session();
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
$function$;

create or replace function app.own_pending_proposal(p_id uuid)
 RETURNS public.salary_structures
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.salary_structures;
begin
  perform app.require_assured_session();
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
$function$;

create or replace function public.expected_presence(p_from date, p_to date, p_employee_ids uuid[] DEFAULT NULL::uuid[])
 RETURNS TABLE(employee_id uuid, day date, status text, holiday_name text, leave_type text, half_day text, present boolean, absent boolean, late boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ids uuid[];
begin
  perform app.require_assured_session();
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 62 then
    perform app.refuse('date.range_too_long', jsonb_build_object('days', 62));
  end if;
  select array_agg(s.id) into ids from app.attendance_staff(p_from, null, null, p_employee_ids) s;
  if ids is null then return; end if;
  return query select * from app.expected_between(ids, p_from, p_to);
end
$function$;

create or replace function app.guard_notification_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- Who sent a notification is fixed once written, for admins too: a reader trusts that line.
  -- (created_by may still become null: the sender's row deleted; the name stays.)
  if not app.is_trusted() and (new.sender_name is distinct from old.sender_name
      or (new.created_by is not null and new.created_by is distinct from old.created_by)) then
    perform app.forbid('notification.sender_fixed');
  end if;
  if app.is_trusted() or app.has_role('admin') then
    return new;
  end if;
  if (to_jsonb(new) - array['read', 'read_at']) is distinct from (to_jsonb(old) - array['read', 'read_at']) then
    perform app.forbid('notification.mark_read_only');
  end if;
  new.read_at := case when new.read then coalesce(old.read_at, app.now()) end;
  return new;
end
$function$;
