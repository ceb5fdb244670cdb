-- One pay period is paid once (issue 23 §1).
-- * No two payroll records of one employee that are not cancelled overlap in time: an exclusion
--   constraint, so it holds when two runs are generated at the same moment, not only in the RPC.
-- * generate_payroll_run refuses a period that does not fit its frequency (a weekly run is 7 days,
--   bi-weekly 14, semi-monthly the 1st–15th or the 16th–last day, monthly a calendar month) and a
--   period that overlaps a record of someone it would pay, naming the run that already pays them;
--   the constraint's violation under concurrency gets the same refusal.
-- * Marking a payroll record or run paid, paying a salary or queueing its payment a second time
--   changes nothing: no second paystub, audit row or notification.
-- * Paying (salary payments, marking payroll paid) needs a two-factor session once the person has a
--   verified factor (app.require_aal2, issue 28).

create extension if not exists btree_gist with schema extensions;

-- Periods ---------------------------------------------------------------------------------------

-- Refuses a pay period that is not one period of its frequency, with the rule in the message.
create function app.assert_pay_period(frequency public.pay_frequency, period_start date, period_end date)
returns void
language plpgsql set search_path = '' as $$
declare
  month_end date;
begin
  if period_start is null or period_end is null or period_end < period_start then
    perform app.refuse('Choose a period whose end is not before its start', 'payroll_period_order');
  end if;
  if not (isfinite(period_start) and isfinite(period_end))
     or period_start < date '2000-01-01' or period_end > date '2100-12-31' then
    perform app.refuse('Choose a pay period between the years 2000 and 2100', 'payroll_period_out_of_range');
  end if;
  if frequency is null then
    perform app.refuse('Choose a pay frequency', 'payroll_frequency_required');
  end if;
  month_end := (date_trunc('month', period_start::timestamp) + interval '1 month')::date - 1;
  if frequency = 'weekly' and period_end <> period_start + 6 then
    perform app.refuse(format('A weekly pay period is 7 days: from %s it ends on %s', period_start, period_start + 6),
      'payroll_period_frequency_mismatch');
  elsif frequency = 'biweekly' and period_end <> period_start + 13 then
    perform app.refuse(format('A bi-weekly pay period is 14 days: from %s it ends on %s', period_start, period_start + 13),
      'payroll_period_frequency_mismatch');
  elsif frequency = 'semimonthly'
        and not ((extract(day from period_start) = 1 and period_end = period_start + 14)
                 or (extract(day from period_start) = 16 and period_end = month_end)) then
    perform app.refuse('A semi-monthly pay period runs from the 1st to the 15th, or from the 16th to the last day of a month',
      'payroll_period_frequency_mismatch');
  elsif frequency = 'monthly' and not (extract(day from period_start) = 1 and period_end = month_end) then
    perform app.refuse('A monthly pay period is one calendar month, from its first to its last day',
      'payroll_period_frequency_mismatch');
  end if;
end
$$;

-- A new or re-dated run fits its frequency whoever writes it. Runs written before this rule keep
-- their periods and can still be processed or paid (the trigger watches only the period columns).
create function app.payroll_run_period_fits() returns trigger
language plpgsql set search_path = '' as $$
begin
  perform app.assert_pay_period(new.frequency, new.period_start, new.period_end);
  return new;
end
$$;
create trigger payroll_runs_period_fits before insert or update of period_start, period_end, frequency
  on public.payroll_runs for each row execute function app.payroll_run_period_fits();

-- One payment per period -------------------------------------------------------------------------

-- Records written before this rule that already overlap: a draft that overlaps a settled record or
-- an earlier draft was never paid, so it is cancelled (audited); two settled records that overlap
-- need a person's decision, and the migration says which.
do $$
declare
  clash record;
begin
  with doomed as (
    update public.payroll_records r set status = 'cancelled', updated_at = now(),
      cancel_reason = 'Overlapped another payroll record of the same person (a pay period is paid once)'
    where r.status = 'draft'
      and exists (
        select 1 from public.payroll_records o
        where o.employee_id = r.employee_id and o.id <> r.id and o.status <> 'cancelled'
          and daterange(o.pay_period_start, o.pay_period_end, '[]') && daterange(r.pay_period_start, r.pay_period_end, '[]')
          and (o.status <> 'draft' or (o.created_at, o.id) < (r.created_at, r.id)))
    returning r.id, r.run_id, r.employee_name
  )
  insert into public.audit_logs (entity, entity_id, action, diff)
  select 'payroll_records', d.id::text, 'cancelled',
    jsonb_build_object('run_id', d.run_id, 'employee', d.employee_name, 'reason', 'overlapping period (migration)')
  from doomed d;

  select a.id as a_id, b.id as b_id, a.employee_name into clash
  from public.payroll_records a join public.payroll_records b
    on b.employee_id = a.employee_id and b.id > a.id and b.status <> 'cancelled'
   and daterange(a.pay_period_start, a.pay_period_end, '[]') && daterange(b.pay_period_start, b.pay_period_end, '[]')
  where a.status <> 'cancelled'
  limit 1;
  if found then
    raise exception 'Payroll records % and % of % overlap and are both settled: cancel one before this migration',
      clash.a_id, clash.b_id, clash.employee_name;
  end if;
end
$$;

alter table public.payroll_records add constraint payroll_records_period_paid_once
  exclude using gist (employee_id with =, daterange(pay_period_start, pay_period_end, '[]') with &&)
  where (status <> 'cancelled');

-- Whom a run of a site, period and frequency pays: the active staff of the site whose structure in
-- force at the period's end is approved and paid at that frequency (with that structure).
create function app.payroll_payees(p_site_id uuid, p_period_end date, p_frequency public.pay_frequency)
returns table (employee_id uuid, structure_id uuid)
language sql stable security definer set search_path = '' as $$
  select cs.employee_id, cs.id
  from (
    select distinct on (ss.employee_id) ss.employee_id, ss.id, ss.frequency
    from public.salary_structures ss join public.employees emp on emp.id = ss.employee_id
    where emp.site_id = p_site_id and emp.status = 'active' and emp.role <> 'kiosk'
      and ss.approval_status = 'approved' and ss.is_active and ss.effective_date <= p_period_end
    order by ss.employee_id, ss.effective_date desc, ss.version desc
  ) cs
  where cs.frequency = p_frequency
$$;

-- Refuses the period when someone the run would pay already has a record (not cancelled) in another
-- run overlapping it, naming that run: its id, site, period and status.
create function app.refuse_paid_period(p_site_id uuid, p_period_start date, p_period_end date,
  p_frequency public.pay_frequency, p_except_run uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  clash record;
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
end
$$;

-- Creates a draft run (or regenerates a draft one) for a site and period. The body is that of
-- 20261123017300_bf_weekly_overtime_bands.sql with the period checks, the payees from
-- app.payroll_payees and the overlap refusal added.
create or replace function public.generate_payroll_run(
  p_site_id uuid, p_period_start date, p_period_end date, p_frequency public.pay_frequency default 'monthly',
  p_run_id uuid default null
) returns public.payroll_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.payroll_runs;
  site public.sites;
  skipped_list jsonb := '[]'::jsonb;
  first_band numeric;
begin
  perform app.assert_payroll_staff();
  select * into site from public.sites where id = p_site_id;
  if not found then
    perform app.refuse('Site not found');
  end if;
  perform app.assert_pay_period(p_frequency, p_period_start, p_period_end);
  -- Burkina Faso: hours 41 to 40 + this (48) of a workweek at +15 %, beyond at +35 %.
  first_band := coalesce((payroll.rule_set_params('bf-2026', p_period_end) ->> 'weekly_hours_first_band')::numeric, 8);
  if p_run_id is not null then
    select * into run from public.payroll_runs where id = p_run_id for update;
    if not found then
      perform app.refuse('Payroll run not found');
    end if;
    if run.status <> 'draft' then
      perform app.refuse(format('A %s payroll run cannot be changed', run.status));
    end if;
  end if;
  perform app.refuse_paid_period(p_site_id, p_period_start, p_period_end, p_frequency, p_run_id);

  begin
    if p_run_id is null then
      insert into public.payroll_runs (site_id, period_start, period_end, frequency, currency, created_by)
      values (p_site_id, p_period_start, p_period_end, p_frequency, site.currency, app.my_employee_id())
      returning * into run;
    else
      delete from public.payroll_records where run_id = run.id;
      update public.payroll_runs set site_id = p_site_id, period_start = p_period_start, period_end = p_period_end,
        frequency = p_frequency, currency = site.currency
      where id = run.id returning * into run;
    end if;

    -- One set-based pass: each active employee of the site, their structure in force, the period's
    -- hours split per workweek, the year to date from earlier runs, then the pay.
    with staff as (
      select emp.id, btrim(emp.first_name || ' ' || emp.last_name) as name, emp.last_name, emp.first_name
      from public.employees emp
      where emp.site_id = p_site_id and emp.status = 'active' and emp.role <> 'kiosk'
    ),
    current_structure as (
      select ss.*
      from app.payroll_payees(p_site_id, p_period_end, p_frequency) p
      join public.salary_structures ss on ss.id = p.structure_id
    ),
    weeks as (
      select a.employee_id, sum(a.total_hours) as hours
      from public.attendances a join staff on staff.id = a.employee_id
      where a.check_out is not null and a.date between p_period_start and p_period_end
      group by a.employee_id, date_trunc('week', a.date)
    ),
    hours as (
      select employee_id, sum(least(hours, 40)) as regular, sum(greatest(hours - 40, 0)) as overtime,
        sum(least(greatest(hours - 40, 0), first_band)) as h15, sum(greatest(hours - 40 - first_band, 0)) as h35
      from weeks group by employee_id
    ),
    ytd as (
      select r.employee_id, sum(r.gross_pay) as gross
      from public.payroll_records r join public.payroll_runs pr on pr.id = r.run_id join staff on staff.id = r.employee_id
      where pr.status in ('processed', 'paid') and r.pay_period_end < p_period_start
        and extract(year from r.pay_period_end) = extract(year from p_period_end)
      group by r.employee_id
    ),
    computed as (
      select staff.id, staff.name, cs.id as structure_id, coalesce(h.regular, 0) as regular, coalesce(h.overtime, 0) as overtime,
        payroll.compute_pay(jsonb_build_object(
          'rule_set', cs.rule_set, 'country', cs.country, 'period_date', p_period_end, 'frequency', cs.frequency,
          'pay_basis', cs.pay_basis, 'basic_salary', cs.basic_salary, 'hours_worked', coalesce(h.regular, 0),
          'hourly_rate', cs.hourly_rate, 'overtime_hours', coalesce(h.overtime, 0), 'overtime_rate', cs.overtime_rate,
          'allowances', cs.allowances, 'other_deductions', cs.other_deductions,
          'profile', coalesce(to_jsonb(p) - 'employee_id' - 'updated_at', '{}'::jsonb),
          'ytd', jsonb_build_object('ss_wages', coalesce(y.gross, 0), 'medicare_wages', coalesce(y.gross, 0))
        ) || case when cs.rule_set = 'bf-2026' then jsonb_build_object('overtime_bands',
               jsonb_build_object('h15', coalesce(h.h15, 0), 'h35', coalesce(h.h35, 0))) else '{}'::jsonb end
        ) as result
      from staff
      join current_structure cs on cs.employee_id = staff.id
      left join hours h on h.employee_id = staff.id
      left join ytd y on y.employee_id = staff.id
      left join public.employee_pay_profiles p on p.employee_id = staff.id
    )
    insert into public.payroll_records (run_id, employee_id, employee_name, salary_structure_id, pay_period_start,
      pay_period_end, regular_hours, overtime_hours, basic_pay, overtime_pay, allowances, gross_pay, deductions,
      total_deductions, net_pay, currency, computation)
    select run.id, c.id, c.name, c.structure_id, p_period_start, p_period_end, c.regular, c.overtime,
      (c.result ->> 'basic_pay')::numeric, (c.result ->> 'overtime_pay')::numeric, (c.result ->> 'allowances_total')::numeric,
      (c.result ->> 'gross')::numeric, c.result -> 'deductions', (c.result ->> 'total_deductions')::numeric,
      (c.result ->> 'net')::numeric, c.result ->> 'currency', c.result
    from computed c;
  exception when exclusion_violation or deadlock_detected then
    -- Another run for an overlapping period committed while this one was being generated: name it
    -- (this statement sees what it committed); everything this call wrote is undone. Two runs that
    -- met on two people in opposite orders give a deadlock instead: the same refusal.
    perform app.refuse_paid_period(p_site_id, p_period_start, p_period_end, p_frequency, p_run_id);
    perform app.refuse('This period overlaps a payroll run generated at the same moment: a pay period is paid once',
      'payroll_period_overlap');
  end;

  -- Who was left out, and why.
  select coalesce(jsonb_agg(jsonb_build_object('employee_id', emp.id, 'name', btrim(emp.first_name || ' ' || emp.last_name),
      'reason', case when s.frequency is null then 'no approved salary structure'
                     else format('paid %s, not %s', s.frequency, p_frequency) end)
      order by emp.last_name, emp.first_name), '[]'::jsonb)
    into skipped_list
  from public.employees emp
  left join lateral (
    select ss.frequency from public.salary_structures ss
    where ss.employee_id = emp.id and ss.approval_status = 'approved' and ss.is_active and ss.effective_date <= p_period_end
    order by ss.effective_date desc, ss.version desc limit 1
  ) s on true
  where emp.site_id = p_site_id and emp.status = 'active' and emp.role <> 'kiosk'
    and not exists (select 1 from public.payroll_records r where r.run_id = run.id and r.employee_id = emp.id);

  update public.payroll_runs set skipped = skipped_list,
    (employee_count, total_gross, total_deductions, total_net) = (
      select count(*), coalesce(sum(gross_pay), 0), coalesce(sum(total_deductions), 0), coalesce(sum(net_pay), 0)
      from public.payroll_records where run_id = run.id)
  where id = run.id returning * into run;
  perform app.write_audit('payroll_runs', run.id::text, 'generate',
    jsonb_build_object('employees', run.employee_count, 'total_net', run.total_net, 'skipped', jsonb_array_length(skipped_list)));
  return run;
end
$$;

-- Paid once -------------------------------------------------------------------------------------

-- A run moves one step (as in 20261123011000_payroll_record_steps.sql); a run already paid asked to
-- be paid again is returned as it is, with no audit row.
create or replace function app.move_payroll_run(p_run_id uuid, from_status public.payroll_status[], to_status public.payroll_status)
returns public.payroll_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.payroll_runs;
begin
  perform app.assert_payroll_staff();
  select * into run from public.payroll_runs where id = p_run_id for update;
  if not found then
    perform app.refuse('Payroll run not found');
  end if;
  if to_status = 'paid' and run.status = 'paid' then
    return run;
  end if;
  if not run.status = any (from_status) then
    perform app.refuse(format('A %s payroll run cannot become %s', run.status, to_status));
  end if;
  if to_status = 'cancelled' and exists (select 1 from public.payroll_records where run_id = run.id and status = 'paid') then
    perform app.refuse('Some records of this payroll run are already paid: it cannot be cancelled');
  end if;
  update public.payroll_runs set status = to_status,
    processed_at = case when to_status = 'processed' then now() else processed_at end,
    paid_at = case when to_status = 'paid' then now() else paid_at end
  where id = run.id returning * into run;
  -- Only the records still where the step starts: a record paid on its own keeps its pay date.
  update public.payroll_records set status = to_status,
    pay_date = case when to_status = 'paid' then current_date else pay_date end, updated_at = now()
  where run_id = run.id and status = any (from_status);
  perform app.write_audit('payroll_runs', run.id::text, to_status::text, jsonb_build_object('total_net', run.total_net));
  return run;
end
$$;

-- One record: draft → processed, or processed → paid; a record already paid asked to be paid again
-- is returned as it is (no second paystub, audit row or notification).
create or replace function app.move_payroll_record(p_record_id uuid, from_status public.payroll_status, to_status public.payroll_status)
returns public.payroll_records
language plpgsql security definer set search_path = '' as $$
declare
  rec public.payroll_records;
begin
  perform app.assert_payroll_staff();
  select * into rec from public.payroll_records where id = p_record_id;
  if not found then
    perform app.refuse('Payroll record not found');
  end if;
  -- Lock the run first (as the run-wide steps do), then the record.
  perform 1 from public.payroll_runs where id = rec.run_id for update;
  select * into rec from public.payroll_records where id = p_record_id for update;
  if to_status = 'paid' and rec.status = 'paid' then
    return rec;
  end if;
  if rec.status <> from_status then
    perform app.refuse(format('A %s payroll record cannot become %s', rec.status, to_status));
  end if;
  update public.payroll_records set status = to_status,
    pay_date = case when to_status = 'paid' then current_date else pay_date end, updated_at = now()
  where id = rec.id returning * into rec;
  if to_status = 'paid' then
    perform app.pay_payroll_record(rec);
  end if;
  perform app.write_audit('payroll_records', rec.id::text, to_status::text,
    jsonb_build_object('run_id', rec.run_id, 'employee', rec.employee_name, 'net_pay', rec.net_pay, 'currency', rec.currency));
  perform app.payroll_run_follows_records(rec.run_id);
  return rec;
end
$$;

create or replace function public.mark_payroll_record_paid(p_record_id uuid) returns public.payroll_records
language plpgsql security definer set search_path = '' as $$
begin
  perform app.require_aal2();
  return app.move_payroll_record(p_record_id, 'processed', 'paid');
end
$$;

create or replace function public.mark_payroll_run_paid(p_run_id uuid) returns public.payroll_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.payroll_runs;
  r public.payroll_records;
begin
  perform app.require_aal2();
  run := app.move_payroll_run(p_run_id, array['processed']::public.payroll_status[], 'paid');
  for r in select rec.* from public.payroll_records rec
           where rec.run_id = run.id and rec.status = 'paid'
             and not exists (select 1 from public.paystubs ps where ps.payroll_record_id = rec.id) loop
    perform app.pay_payroll_record(r);
  end loop;
  return run;
end
$$;

-- The payment dialog: 'paid' or 'failed', with an optional reference (body of
-- 20261121002400_create_salary_workflow.sql). Asking again for what is already so — paid when paid,
-- paid when queued and not yet due, failed when failed — returns the structure unchanged.
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

-- Moves queued payments whose release date has come to paid. Safe to run twice: a released
-- payment is no longer 'processing' (body of 20261121002400_create_salary_workflow.sql).
-- On Supabase: select cron.schedule('release-due-payments', '*/15 * * * *', 'select public.release_due_payments()');
create or replace function public.release_due_payments() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  s public.salary_structures;
  released integer := 0;
begin
  perform app.require_aal2();
  if not (app.is_trusted() or app.has_role('admin', 'hr')) then
    perform app.forbid('Only admins and HR release payments');
  end if;
  for s in
    select * from public.salary_structures
    where payment_status = 'processing' and scheduled_release_date <= current_date
    for update skip locked
  loop
    perform app.release_payment(s, null, format('Released on schedule %s', current_date));
    released := released + 1;
  end loop;
  return released;
end
$$;

revoke execute on function app.payroll_payees(uuid, date, public.pay_frequency),
  app.refuse_paid_period(uuid, date, date, public.pay_frequency, uuid) from anon, authenticated, public;
