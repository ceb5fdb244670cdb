-- One pay period is paid once whichever path pays it (review of issue 23 §1).
-- A salary-structure payment (set_salary_payment / release_due_payments) and a payroll run both
-- write paystubs, but only payroll records were kept from overlapping: a month could be paid by a
-- structure, again by a run, and again by a revision of the structure with the same effective date.
-- * A structure payment covers the pay period of its frequency that holds its effective date (a
--   calendar month, a half month, or 7 / 14 days from the effective date); its paystub now says so
--   (period_start, period_end), also for paystubs written before.
-- * No two paystubs of one person overlap: an exclusion constraint, the root of the rule.
-- * set_salary_payment, generate_payroll_run and paying a run or record refuse first, naming what
--   already pays the period (hint 'payroll_period_overlap'); a queued structure payment counts.
-- * set_salary_approval refuses a status it does not know instead of putting the structure back to
--   pending (hint 'salary_status_unknown').

-- The pay period a structure payment covers.
create function app.structure_pay_period(frequency public.pay_frequency, effective date) returns daterange
language sql immutable set search_path = '' as $$
  select case frequency
    when 'weekly' then daterange(effective, effective + 6, '[]')
    when 'biweekly' then daterange(effective, effective + 13, '[]')
    when 'semimonthly' then case when extract(day from effective) <= 15
      then daterange(date_trunc('month', effective::timestamp)::date, date_trunc('month', effective::timestamp)::date + 14, '[]')
      else daterange(date_trunc('month', effective::timestamp)::date + 15,
                     (date_trunc('month', effective::timestamp) + interval '1 month')::date - 1, '[]') end
    else daterange(date_trunc('month', effective::timestamp)::date, (date_trunc('month', effective::timestamp) + interval '1 month')::date - 1, '[]')
  end
$$;

-- Paystubs of structure payments written before this rule cover their period too.
update public.paystubs ps set period_start = lower(p.r), period_end = upper(p.r) - 1
from public.salary_structures ss, lateral (select app.structure_pay_period(ss.frequency, ss.effective_date) as r) p
where ps.salary_structure_id = ss.id;

do $$
declare
  clash record;
begin
  select a.id as a_id, b.id as b_id, a.employee_id into clash
  from public.paystubs a join public.paystubs b on b.employee_id = a.employee_id and b.id > a.id
   and daterange(coalesce(a.period_start, a.period_end), a.period_end, '[]')
       && daterange(coalesce(b.period_start, b.period_end), b.period_end, '[]')
  limit 1;
  if found then
    raise exception 'Paystubs % and % of employee % pay overlapping periods: settle one (a pay period is paid once) before this migration',
      clash.a_id, clash.b_id, clash.employee_id;
  end if;
end
$$;

alter table public.paystubs add constraint paystubs_period_paid_once
  exclude using gist (employee_id with =,
    daterange(coalesce(period_start, period_end), period_end, '[]') with &&);

-- Refuses a period of a person that a structure payment (paid or queued) or, when p_with_runs, a
-- payroll record (not cancelled) already pays, naming it. p_except_structure: the one being paid.
create function app.refuse_paid_for(p_employee_id uuid, p_period daterange, p_except_structure uuid,
  p_with_runs boolean) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  who text;
  what text;
begin
  select format('salary structure %s (version %s, effective %s, %s)', ss.id, ss.version, ss.effective_date,
           case ss.payment_status when 'processing' then 'payment queued' else 'paid' end)
    into what
  from public.salary_structures ss
  where ss.employee_id = p_employee_id and ss.id is distinct from p_except_structure
    and (ss.payment_status = 'processing'
         or exists (select 1 from public.paystubs ps where ps.salary_structure_id = ss.id))
    and app.structure_pay_period(ss.frequency, ss.effective_date) && p_period
  order by ss.effective_date limit 1;
  if what is null and p_with_runs then
    select format('payroll run %s (%s to %s, %s)', r.run_id, r.pay_period_start, r.pay_period_end, r.status)
      into what
    from public.payroll_records r
    where r.employee_id = p_employee_id and r.status <> 'cancelled'
      and daterange(r.pay_period_start, r.pay_period_end, '[]') && p_period
    order by r.pay_period_start limit 1;
  end if;
  if what is not null then
    select btrim(e.first_name || ' ' || e.last_name) into who from public.employees e where e.id = p_employee_id;
    perform app.refuse(format('%s is already paid for %s to %s by %s: a pay period is paid once.',
      who, lower(p_period), upper(p_period) - 1, what), 'payroll_period_overlap');
  end if;
end
$$;

-- The run-side check (body of 20261126010000_pay_each_period_once.sql) now also sees structure
-- payments of the people the run would pay.
create or replace function app.refuse_paid_period(p_site_id uuid, p_period_start date, p_period_end date,
  p_frequency public.pay_frequency, p_except_run uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  clash record;
  payee uuid;
begin
  select r.employee_name, r.pay_period_start, r.pay_period_end, pr.id as run_id, pr.status,
         pr.period_start, pr.period_end, si.name as site
    into clash
  from public.payroll_records r
  join public.payroll_runs pr on pr.id = r.run_id
  join public.sites si on si.id = pr.site_id
  where r.status <> 'cancelled' and r.run_id is distinct from p_except_run
    and r.employee_id in (select p.employee_id from app.payroll_payees(p_site_id, p_period_end, p_frequency) p)
    and daterange(r.pay_period_start, r.pay_period_end, '[]') && daterange(p_period_start, p_period_end, '[]')
  order by pr.period_start, r.employee_name
  limit 1;
  if found then
    perform app.refuse(format(
      '%s is already paid for %s to %s by payroll run %s (%s, %s to %s, %s): a pay period is paid once. '
      'Cancel that run or that record first.',
      clash.employee_name, clash.pay_period_start, clash.pay_period_end, clash.run_id, clash.site,
      clash.period_start, clash.period_end, clash.status), 'payroll_period_overlap');
  end if;
  -- Structure payments only: the runs were checked above (with their own exception).
  for payee in select p.employee_id from app.payroll_payees(p_site_id, p_period_end, p_frequency) p loop
    perform app.refuse_paid_for(payee, daterange(p_period_start, p_period_end, '[]'), null, false);
  end loop;
end
$$;

-- A structure payment's paystub covers its period; a period another paystub already covers
-- (written at the same moment, past the checks) gets the same refusal, and nothing is written.
create or replace function app.release_payment(s public.salary_structures, reference text, note text)
returns public.salary_structures
language plpgsql security definer set search_path = '' as $$
declare
  result public.salary_structures;
  covered daterange := app.structure_pay_period(s.frequency, s.effective_date);
begin
  perform app.salary_workflow_on();
  update public.salary_structures set payment_status = 'paid', payment_processed_at = now(),
    payment_reference = coalesce(nullif(btrim(coalesce(reference, '')), ''), payment_reference),
    payment_notes = app.append_note(payment_notes, coalesce(nullif(btrim(coalesce(note, '')), ''), format('Released on %s', current_date)))
  where id = s.id returning * into result;
  begin
    insert into public.paystubs (salary_structure_id, employee_id, period_start, period_end, gross, net, currency, lines)
    values (s.id, s.employee_id, lower(covered), upper(covered) - 1, s.gross_salary, s.net_salary, s.currency, s.computation)
    on conflict (salary_structure_id) where salary_structure_id is not null do nothing;
  exception when exclusion_violation then
    perform app.refuse_paid_for(s.employee_id, covered, s.id, true);
    perform app.refuse('This period is already paid by another payment made at the same moment: a pay period is paid once',
      'payroll_period_overlap');
  end;
  perform app.notify(s.employee_id, 'Salary released', format('Your salary for period %s was released.', s.effective_date));
  perform app.write_audit('salary_structures', s.id::text, 'payment_released',
    jsonb_build_object('reference', result.payment_reference, 'net_salary', s.net_salary));
  return result;
end
$$;

-- A paid payroll record's paystub (body of 20261123011000_payroll_record_steps.sql); a period a
-- structure payment already covers is refused by name, and the whole step is undone.
create or replace function app.pay_payroll_record(r public.payroll_records) returns void
language plpgsql security definer set search_path = '' as $$
begin
  begin
    insert into public.paystubs (payroll_record_id, employee_id, period_start, period_end, gross, net, currency, lines)
    values (r.id, r.employee_id, r.pay_period_start, r.pay_period_end, r.gross_pay, r.net_pay, r.currency, r.computation)
    on conflict (payroll_record_id) where payroll_record_id is not null do nothing;
  exception when exclusion_violation then
    perform app.refuse_paid_for(r.employee_id, daterange(r.pay_period_start, r.pay_period_end, '[]'), null, false);
    perform app.refuse(format('%s is already paid for part of %s to %s: a pay period is paid once',
      r.employee_name, r.pay_period_start, r.pay_period_end), 'payroll_period_overlap');
  end;
  perform app.notify(r.employee_id, 'Payslip available',
    format('Your pay for %s to %s was paid: your payslip is available.', r.pay_period_start, r.pay_period_end));
end
$$;

-- The payment dialog (body of 20261126010000_pay_each_period_once.sql): paying or queueing a period
-- that another structure payment or a payroll run already pays is refused, naming it.
create or replace function public.set_salary_payment(p_id uuid, p_status text, p_reference text default null, p_note text default null)
returns public.salary_structures
language plpgsql security definer set search_path = '' as $$
declare
  s public.salary_structures;
  same_day boolean;
begin
  perform app.require_aal2();
  if not (app.is_trusted() or app.has_role('admin', 'hr')) then
    perform app.forbid('Only admins and HR process salary payments');
  end if;
  select * into s from public.salary_structures where id = p_id for update;
  if not found then
    perform app.refuse('Salary not found');
  end if;
  if s.approval_status <> 'approved' then
    perform app.refuse('Approval Required', 'Salary must be approved before payment processing');
  end if;
  if p_status not in ('paid', 'failed') or p_status is null then
    perform app.refuse('Failed to update status', 'Choose paid or failed.');
  end if;
  if s.payment_status = 'paid' then
    if p_status = 'paid' then
      return s;
    end if;
    perform app.refuse('This salary has already been paid', 'salary_already_paid');
  end if;
  select e.same_day_enabled into same_day from public.employees e where e.id = s.employee_id;
  if p_status = 'paid' then
    if s.payment_status <> 'processing' then
      perform app.refuse_paid_for(s.employee_id, app.structure_pay_period(s.frequency, s.effective_date), s.id, true);
    end if;
    if current_date < s.scheduled_release_date and not same_day then
      if s.payment_status = 'processing' then
        return s;
      end if;
      perform app.salary_workflow_on();
      update public.salary_structures set payment_status = 'processing', payment_processed_at = now(),
        payment_reference = nullif(btrim(coalesce(p_reference, '')), ''),
        payment_notes = app.append_note(payment_notes, format('Queued until scheduled release %s', s.scheduled_release_date))
      where id = s.id returning * into s;
      perform app.write_audit('salary_structures', s.id::text, 'payment_queued', jsonb_build_object('release', s.scheduled_release_date));
      return s;
    end if;
    return app.release_payment(s, p_reference, p_note);
  end if;
  if s.payment_status = 'failed' then
    return s;
  end if;
  perform app.salary_workflow_on();
  update public.salary_structures set payment_status = 'failed',
    payment_notes = app.append_note(payment_notes, coalesce(nullif(btrim(coalesce(p_note, '')), ''), format('Payment failed on %s', current_date)))
  where id = s.id returning * into s;
  perform app.write_audit('salary_structures', s.id::text, 'payment_failed', jsonb_build_object('reference', p_reference));
  perform app.notify(s.employee_id, 'Salary payment failed',
    format('The payment of your salary for period %s failed and will be retried.', s.effective_date));
  return s;
end
$$;

-- Approval (body of 20261126011000_separate_salary_duties.sql): only 'approved', 'rejected' and 'pending'
-- exactly; any other spelling was taken for 'pending' and reset the structure.
create or replace function public.set_salary_approval(p_id uuid, p_status text, p_reason text default null)
returns public.salary_structures
language plpgsql security definer set search_path = '' as $$
declare
  s public.salary_structures;
begin
  perform app.require_aal2();
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can approve or reject salary structures');
  end if;
  select * into s from public.salary_structures where id = p_id for update;
  if not found then
    perform app.refuse('Salary not found');
  end if;
  if p_status is null or p_status not in ('approved', 'rejected', 'pending') then
    perform app.refuse(format('Unknown approval status %s: choose approved, rejected or pending', coalesce(quote_literal(p_status), 'null')),
      'salary_status_unknown');
  end if;
  if p_status in ('approved', 'rejected') then
    return app.approve_one(s, p_status = 'approved', p_reason);
  end if;
  if s.payment_status <> 'pending' then
    perform app.refuse('Failed to update status', 'A structure with a payment in progress cannot go back to pending.');
  end if;
  perform app.salary_workflow_on();
  update public.salary_structures set approval_status = 'pending', approved_at = null, approved_by = null,
    rejection_reason = null, scheduled_release_date = null
  where id = s.id returning * into s;
  return s;
end
$$;

revoke execute on function app.structure_pay_period(public.pay_frequency, date),
  app.refuse_paid_for(uuid, daterange, uuid, boolean) from anon, authenticated, public;
