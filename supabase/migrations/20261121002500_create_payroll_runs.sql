-- Hours from attendance, and payroll runs: one record per employee of a site for a period,
-- from their active approved structure and the period's closed attendance records.

-- Hours worked per employee in a month (closed records only), as the salary screen shows them.
create function public.hours_worked_in_month(p_month date, p_employee_ids uuid[] default null)
returns table (employee_id uuid, hours numeric)
language sql stable security invoker set search_path = '' as $$
  select a.employee_id, sum(a.total_hours)
  from public.attendances a
  where a.check_out is not null
    and a.date >= date_trunc('month', p_month)::date
    and a.date < (date_trunc('month', p_month) + interval '1 month')::date
    and (p_employee_ids is null or a.employee_id = any (p_employee_ids))
  group by a.employee_id
$$;

-- Regular and overtime hours per ISO workweek (Monday to Sunday): overtime is what exceeds 40 hours.
create function public.weekly_hours(p_start date, p_end date, p_employee_ids uuid[] default null)
returns table (employee_id uuid, week_start date, total_hours numeric, regular_hours numeric, overtime_hours numeric)
language sql stable security invoker set search_path = '' as $$
  select a.employee_id, date_trunc('week', a.date)::date, sum(a.total_hours),
    least(sum(a.total_hours), 40), greatest(sum(a.total_hours) - 40, 0)
  from public.attendances a
  where a.check_out is not null and a.date between p_start and p_end
    and (p_employee_ids is null or a.employee_id = any (p_employee_ids))
  group by a.employee_id, date_trunc('week', a.date)
$$;

create type public.payroll_status as enum ('draft', 'processed', 'paid', 'cancelled');

create table public.payroll_runs (
  id uuid primary key default gen_random_uuid(),
  site_id uuid not null references public.sites (id),
  period_start date not null,
  period_end date not null,
  frequency public.pay_frequency not null default 'monthly',
  status public.payroll_status not null default 'draft',
  currency text not null,
  employee_count integer not null default 0,
  total_gross numeric(16, 2) not null default 0,
  total_deductions numeric(16, 2) not null default 0,
  total_net numeric(16, 2) not null default 0,
  skipped jsonb not null default '[]'::jsonb,
  created_by uuid references public.employees (id),
  processed_at timestamptz,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint period_in_order check (period_end >= period_start)
);
create trigger payroll_runs_touch before update on public.payroll_runs
  for each row execute function app.touch_updated_at();

create table public.payroll_records (
  id uuid primary key default gen_random_uuid(),
  run_id uuid not null references public.payroll_runs (id) on delete cascade,
  employee_id uuid not null references public.employees (id),
  employee_name text not null,
  salary_structure_id uuid not null references public.salary_structures (id),
  pay_period_start date not null,
  pay_period_end date not null,
  regular_hours numeric(8, 2) not null default 0,
  overtime_hours numeric(8, 2) not null default 0,
  basic_pay numeric(14, 2) not null,
  overtime_pay numeric(14, 2) not null,
  allowances numeric(14, 2) not null,
  gross_pay numeric(14, 2) not null,
  deductions jsonb not null,
  total_deductions numeric(14, 2) not null,
  bonus numeric(14, 2) not null default 0,
  net_pay numeric(14, 2) not null,
  currency text not null,
  status public.payroll_status not null default 'draft',
  computation jsonb not null,
  pay_date date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (run_id, employee_id)
);
create index payroll_records_employee_idx on public.payroll_records (employee_id, pay_period_end desc);
alter table public.paystubs add constraint paystubs_payroll_record_fk
  foreign key (payroll_record_id) references public.payroll_records (id);
create unique index paystubs_one_per_record on public.paystubs (payroll_record_id) where payroll_record_id is not null;

alter table public.payroll_runs enable row level security;
alter table public.payroll_records enable row level security;
create policy payroll_runs_read on public.payroll_runs for select to authenticated using ((select app.has_role('admin', 'hr')));
create policy payroll_records_read on public.payroll_records for select to authenticated using (
  (select app.has_role('admin', 'hr'))
  or (employee_id = (select app.my_employee_id()) and status in ('processed', 'paid'))
);
revoke insert, update, delete on public.payroll_runs, public.payroll_records from authenticated;

create function app.assert_payroll_staff() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (app.is_trusted() or app.has_role('admin', 'hr')) then
    perform app.forbid('Only admins and HR run payroll');
  end if;
end
$$;

-- Creates a draft run (or regenerates a draft one) for a site and period.
create function public.generate_payroll_run(
  p_site_id uuid, p_period_start date, p_period_end date, p_frequency public.pay_frequency default 'monthly',
  p_run_id uuid default null
) returns public.payroll_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.payroll_runs;
  site public.sites;
  skipped_list jsonb := '[]'::jsonb;
begin
  perform app.assert_payroll_staff();
  select * into site from public.sites where id = p_site_id;
  if not found then
    perform app.refuse('Site not found');
  end if;
  if p_period_start is null or p_period_end is null or p_period_end < p_period_start then
    perform app.refuse('Choose a period whose end is not before its start');
  end if;
  if p_run_id is null then
    insert into public.payroll_runs (site_id, period_start, period_end, frequency, currency, created_by)
    values (p_site_id, p_period_start, p_period_end, p_frequency, site.currency, app.my_employee_id())
    returning * into run;
  else
    select * into run from public.payroll_runs where id = p_run_id for update;
    if not found then
      perform app.refuse('Payroll run not found');
    end if;
    if run.status <> 'draft' then
      perform app.refuse(format('A %s payroll run cannot be changed', run.status));
    end if;
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
    select distinct on (ss.employee_id) ss.*
    from public.salary_structures ss join staff on staff.id = ss.employee_id
    where ss.approval_status = 'approved' and ss.is_active and ss.effective_date <= p_period_end
    order by ss.employee_id, ss.effective_date desc, ss.version desc
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
        'allowances', cs.allowances, 'other_deductions', cs.other_deductions,
        'profile', coalesce(to_jsonb(p) - 'employee_id' - 'updated_at', '{}'::jsonb),
        'ytd', jsonb_build_object('ss_wages', coalesce(y.gross, 0), 'medicare_wages', coalesce(y.gross, 0))
      )) as result
    from staff
    join current_structure cs on cs.employee_id = staff.id and cs.frequency = p_frequency
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

create function app.move_payroll_run(p_run_id uuid, from_status public.payroll_status[], to_status public.payroll_status)
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
  if not run.status = any (from_status) then
    perform app.refuse(format('A %s payroll run cannot become %s', run.status, to_status));
  end if;
  update public.payroll_runs set status = to_status,
    processed_at = case when to_status = 'processed' then now() else processed_at end,
    paid_at = case when to_status = 'paid' then now() else paid_at end
  where id = run.id returning * into run;
  update public.payroll_records set status = to_status, pay_date = case when to_status = 'paid' then current_date end,
    updated_at = now()
  where run_id = run.id;
  perform app.write_audit('payroll_runs', run.id::text, to_status::text, jsonb_build_object('total_net', run.total_net));
  return run;
end
$$;

create function public.process_payroll_run(p_run_id uuid) returns public.payroll_runs
language sql security definer set search_path = '' as $$
  select app.move_payroll_run(p_run_id, array['draft']::public.payroll_status[], 'processed')
$$;

create function public.mark_payroll_run_paid(p_run_id uuid) returns public.payroll_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.payroll_runs := app.move_payroll_run(p_run_id, array['processed']::public.payroll_status[], 'paid');
  r public.payroll_records;
begin
  for r in select * from public.payroll_records where run_id = run.id loop
    insert into public.paystubs (payroll_record_id, employee_id, period_start, period_end, gross, net, currency, lines)
    values (r.id, r.employee_id, r.pay_period_start, r.pay_period_end, r.gross_pay, r.net_pay, r.currency, r.computation);
    perform app.notify(r.employee_id, 'Payslip available',
      format('Your pay for %s to %s was paid: your payslip is available.', r.pay_period_start, r.pay_period_end));
  end loop;
  return run;
end
$$;

create function public.cancel_payroll_run(p_run_id uuid) returns public.payroll_runs
language sql security definer set search_path = '' as $$
  select app.move_payroll_run(p_run_id, array['draft', 'processed']::public.payroll_status[], 'cancelled')
$$;

-- What a manager may see of payroll: the totals of their team for a period, no one's pay.
create function public.payroll_team_totals(p_period_start date, p_period_end date)
returns table (currency text, employees bigint, total_gross numeric, total_net numeric)
language sql stable security definer set search_path = '' as $$
  select r.currency, count(distinct r.employee_id), sum(r.gross_pay), sum(r.net_pay)
  from public.payroll_records r
  where r.status in ('processed', 'paid') and r.pay_period_start >= p_period_start and r.pay_period_end <= p_period_end
    and (app.has_role('admin', 'hr') or app.manages_employee(r.employee_id))
  group by r.currency
$$;

revoke execute on function public.hours_worked_in_month(date, uuid[]), public.weekly_hours(date, date, uuid[]),
  public.generate_payroll_run(uuid, date, date, public.pay_frequency, uuid), public.process_payroll_run(uuid),
  public.mark_payroll_run_paid(uuid), public.cancel_payroll_run(uuid), public.payroll_team_totals(date, date) from anon, public;
grant execute on function public.hours_worked_in_month(date, uuid[]), public.weekly_hours(date, date, uuid[]),
  public.generate_payroll_run(uuid, date, date, public.pay_frequency, uuid), public.process_payroll_run(uuid),
  public.mark_payroll_run_paid(uuid), public.cancel_payroll_run(uuid), public.payroll_team_totals(date, date)
  to authenticated, service_role;
