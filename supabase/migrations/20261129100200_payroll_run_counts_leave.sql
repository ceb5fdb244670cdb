-- Issue 27 item 5: a payroll run gives compute_pay the approved leave of its period
-- (payroll.leave_input) and, for Burkina Faso, the reference pay of the paid-leave allowance
-- (payroll.leave_reference_pay). From the current body (supabase/schema/functions/public.generate_payroll_run.sql).
create or replace function public.generate_payroll_run(p_site_id uuid, p_period_start date, p_period_end date,
  p_frequency public.pay_frequency default 'monthly'::public.pay_frequency, p_run_id uuid default null::uuid)
returns public.payroll_runs
language plpgsql
security definer
set search_path = ''
as $function$
declare
  run public.payroll_runs;
  site public.sites;
  skipped_list jsonb := '[]'::jsonb;
begin
  perform app.assert_payroll_staff();
  select * into site from public.sites where id = p_site_id;
  if not found then
    perform app.refuse('site.not_found');
  end if;
  perform app.assert_pay_period(p_frequency, p_period_start, p_period_end);
  if p_run_id is not null then
    select * into run from public.payroll_runs where id = p_run_id for update;
    if not found then
      perform app.refuse('payroll.run_not_found');
    end if;
    if run.status <> 'draft' then
      perform app.refuse('payroll.run_locked', jsonb_build_object('status', run.status));
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
      select employee_id, sum(least(hours, 40)) as regular, sum(greatest(hours - 40, 0)) as overtime
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
          'allowances', cs.allowances, 'other_deductions', cs.other_deductions, 'state', site.state,
          'profile', coalesce(to_jsonb(p) - 'employee_id' - 'updated_at', '{}'::jsonb),
          'ytd', jsonb_build_object('ss_wages', coalesce(y.gross, 0), 'medicare_wages', coalesce(y.gross, 0))
        ) || payroll.leave_input(staff.id, p_period_start, p_period_end, cs.rule_set)
          -- Burkina Faso's paid-leave allowance: the average monthly pay of the months before the period.
          || case when cs.rule_set = 'bf-2026' then jsonb_strip_nulls(jsonb_build_object('reference_monthly_pay',
               payroll.leave_reference_pay(staff.id, p_period_start,
                 coalesce((payroll.rule_set_params('bf-2026', p_period_end) -> 'leave' ->> 'reference_months')::integer, 12))::text))
             else '{}'::jsonb end
          || case when cs.rule_set = 'bf-2026' then jsonb_build_object('overtime_bands',
               payroll.bf_overtime_bands(staff.id, p_period_start, p_period_end,
                 payroll.rule_set_params('bf-2026', p_period_end))) else '{}'::jsonb end
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
    perform app.refuse('payroll.period_run_concurrent', '{}'::jsonb, 'payroll_period_overlap');
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
$function$;
