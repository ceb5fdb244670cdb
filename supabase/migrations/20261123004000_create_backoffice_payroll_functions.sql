-- The back-office screens' numbers (salary and payroll cards per currency, never mixing USD and XOF),
-- the pay context the salary dialog's live preview needs, and the data of a payslip.

-- Salary summary cards, one row per currency, over the structures the caller may see (RLS) that
-- match the screen's filters.
create function public.salary_summary(
  p_search text default null, p_active boolean default null, p_approval text default null, p_payment text default null
) returns table (
  currency text, total bigint, pending_approval bigint, approved bigint, pending_payment bigint,
  total_net_approved numeric, average_gross numeric
)
language sql stable security invoker set search_path = '' as $$
  select s.currency, count(*),
    count(*) filter (where s.approval_status = 'pending'),
    count(*) filter (where s.approval_status = 'approved'),
    count(*) filter (where s.approval_status = 'approved' and s.payment_status in ('pending', 'processing', 'failed')),
    coalesce(sum(s.net_salary) filter (where s.approval_status = 'approved'), 0),
    round(avg(s.gross_salary), case when s.currency = 'XOF' then 0 else 2 end)
  from public.salary_structures s
  where (p_search is null or btrim(p_search) = '' or s.employee_name ilike '%' || btrim(p_search) || '%')
    and (p_active is null or s.is_active = p_active)
    and (p_approval is null or s.approval_status::text = p_approval)
    and (p_payment is null or s.payment_status::text = p_payment)
  group by s.currency
  order by s.currency
$$;

-- What the live preview needs besides the dialog's fields: the employee's pay profile and year to
-- date, exactly as app.structure_pay_input gives them to the database's computation.
create function public.salary_pay_context(p_employee_id uuid, p_date date) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (app.is_trusted() or app.has_role('admin', 'hr') or app.manages_employee(p_employee_id)) then
    perform app.forbid('You cannot see the pay profile of this employee');
  end if;
  return jsonb_build_object(
    'profile', coalesce((select to_jsonb(p) - 'employee_id' - 'updated_at' from public.employee_pay_profiles p
                         where p.employee_id = p_employee_id), '{}'::jsonb),
    'ytd', (select jsonb_build_object('ss_wages', coalesce(sum(ps.gross), 0), 'medicare_wages', coalesce(sum(ps.gross), 0))
            from public.paystubs ps
            where ps.employee_id = p_employee_id and ps.period_end < p_date
              and extract(year from ps.period_end) = extract(year from p_date)),
    'site_country', (select si.country from public.employees e join public.sites si on si.id = e.site_id
                     where e.id = p_employee_id));
end
$$;

-- Payroll cards per currency over the records the caller may see, with the screen's filters
-- (month 1–12 of the pay period end, status, name or id).
create function public.payroll_summary(
  p_month integer default null, p_status text default null, p_search text default null
) returns table (currency text, total_records bigint, total_paid numeric, pending bigint, average_pay numeric)
language sql stable security invoker set search_path = '' as $$
  select r.currency, count(*),
    coalesce(sum(r.net_pay) filter (where r.status = 'paid'), 0),
    count(*) filter (where r.status in ('draft', 'processed')),
    round(avg(r.net_pay), case when r.currency = 'XOF' then 0 else 2 end)
  from public.payroll_records r
  where (p_month is null or extract(month from r.pay_period_end) = p_month)
    and (p_status is null or r.status::text = p_status)
    and (p_search is null or btrim(p_search) = '' or r.employee_name ilike '%' || btrim(p_search) || '%'
         or r.id::text ilike btrim(p_search) || '%' or r.employee_id::text ilike btrim(p_search) || '%')
  group by r.currency
  order by r.currency
$$;

-- Everything a payslip prints, for one payroll record or one paid salary structure. HR and admins
-- may fetch any; an employee only their own processed/paid record or paid structure.
create function public.payslip_data(p_record_id uuid default null, p_structure_id uuid default null) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  staff boolean := app.is_trusted() or app.has_role('admin', 'hr');
  me uuid := app.my_employee_id();
  rec public.payroll_records;
  ss public.salary_structures;
  emp_id uuid;
  body jsonb;
  year_start date;
  v_period_end date;
begin
  if (p_record_id is null) = (p_structure_id is null) then
    perform app.refuse('Choose one payroll record or one salary structure');
  end if;
  if p_record_id is not null then
    select * into rec from public.payroll_records where id = p_record_id;
    if not found or not (staff or (rec.employee_id = me and rec.status in ('processed', 'paid'))) then
      perform app.refuse('Payslip not found');
    end if;
    emp_id := rec.employee_id;
    v_period_end := rec.pay_period_end;
    body := jsonb_build_object(
      'kind', 'payroll_record', 'id', rec.id, 'status', rec.status, 'period_start', rec.pay_period_start,
      'period_end', rec.pay_period_end, 'pay_date', rec.pay_date, 'regular_hours', rec.regular_hours,
      'overtime_hours', rec.overtime_hours, 'currency', rec.currency, 'computation', rec.computation,
      'rule_set', (select s.rule_set from public.salary_structures s where s.id = rec.salary_structure_id),
      'frequency', (select r.frequency from public.payroll_runs r where r.id = rec.run_id),
      'structure', (select jsonb_build_object('hourly_rate', s.hourly_rate, 'overtime_rate', s.overtime_rate,
                      'basic_salary', s.basic_salary, 'pay_basis', s.pay_basis, 'allowances', s.allowances)
                    from public.salary_structures s where s.id = rec.salary_structure_id));
  else
    select * into ss from public.salary_structures where id = p_structure_id;
    if not found or ss.payment_status <> 'paid' or not (staff or ss.employee_id = me) then
      perform app.refuse('Payslip not found');
    end if;
    emp_id := ss.employee_id;
    v_period_end := ss.effective_date;
    body := jsonb_build_object(
      'kind', 'salary_structure', 'id', ss.id, 'status', ss.payment_status, 'period_start', null,
      'period_end', ss.effective_date, 'pay_date', ss.payment_processed_at::date, 'regular_hours', ss.hours_worked,
      'overtime_hours', ss.overtime_hours, 'currency', ss.currency, 'computation', ss.computation,
      'rule_set', ss.rule_set, 'frequency', ss.frequency, 'payment_reference', ss.payment_reference,
      'structure', jsonb_build_object('hourly_rate', ss.hourly_rate, 'overtime_rate', ss.overtime_rate,
        'basic_salary', ss.basic_salary, 'pay_basis', ss.pay_basis, 'allowances', ss.allowances));
  end if;
  year_start := date_trunc('year', v_period_end)::date;
  return body || jsonb_build_object(
    'employer', (select jsonb_build_object('company', st.company_name, 'site', si.name, 'country', si.country,
                   'time_zone', si.time_zone)
                 from public.employees e left join public.sites si on si.id = e.site_id
                 cross join public.system_settings st where e.id = emp_id and st.id = 'default'),
    'employee', (select jsonb_build_object('id', e.id, 'name', btrim(e.first_name || ' ' || e.last_name), 'email', e.email,
                   'position', e.position, 'department', d.name, 'address', e.address, 'joining_date', e.joining_date,
                   'employment_type', e.employment_type)
                 from public.employees e left join public.departments d on d.id = e.department_id where e.id = emp_id),
    'profile', coalesce((select to_jsonb(p) - 'employee_id' - 'updated_at' from public.employee_pay_profiles p
                         where p.employee_id = emp_id), '{}'::jsonb),
    -- Year to date: this calendar year's paystubs up to and including this period.
    'ytd', (select jsonb_build_object('gross', coalesce(sum(ps.gross), 0), 'net', coalesce(sum(ps.net), 0),
                     'deductions', coalesce(sum(ps.gross - ps.net), 0))
            from public.paystubs ps
            where ps.employee_id = emp_id and ps.period_end between year_start and v_period_end));
end
$$;

revoke execute on function public.salary_summary(text, boolean, text, text), public.salary_pay_context(uuid, date),
  public.payroll_summary(integer, text, text), public.payslip_data(uuid, uuid) from anon, public;
grant execute on function public.salary_summary(text, boolean, text, text), public.salary_pay_context(uuid, date),
  public.payroll_summary(integer, text, text), public.payslip_data(uuid, uuid) to authenticated, service_role;
