-- Issue 27 item 5: a payslip prints its leave lines with the leave types' names (English and French,
-- a company's own types too). From the current body (supabase/schema/functions/public.payslip_data.sql).
create or replace function public.payslip_data(p_record_id uuid default null::uuid, p_structure_id uuid default null::uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $function$
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
    perform app.refuse('payroll.payslip_choose_one');
  end if;
  if p_record_id is not null then
    select * into rec from public.payroll_records where id = p_record_id;
    if not found or not (staff or (rec.employee_id = me and rec.status in ('processed', 'paid'))) then
      perform app.refuse('payroll.payslip_not_found');
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
      perform app.refuse('payroll.payslip_not_found');
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
                   'time_zone', si.time_zone, 'address', si.address, 'cnss_number', si.cnss_employer_number,
                   'state', si.state)
                 from public.employees e left join public.sites si on si.id = e.site_id
                 cross join public.system_settings st where e.id = emp_id and st.id = 'default'),
    'employee', (select jsonb_build_object('id', e.id, 'name', btrim(e.first_name || ' ' || e.last_name), 'email', e.email,
                   'position', e.position, 'department', d.name, 'address', e.address, 'joining_date', e.joining_date,
                   'employment_type', e.employment_type)
                 from public.employees e left join public.departments d on d.id = e.department_id where e.id = emp_id),
    'profile', coalesce((select to_jsonb(p) - 'employee_id' - 'updated_at' from public.employee_pay_profiles p
                         where p.employee_id = emp_id), '{}'::jsonb),
    -- The names of the leave types its leave lines print (a company's own types included).
    'leave_types', coalesce((select jsonb_object_agg(t.code, jsonb_build_object('en', t.name_en, 'fr', t.name_fr))
                             from public.leave_types t
                             where t.code in (select l ->> 'type'
                                              from jsonb_array_elements(coalesce(body -> 'computation' -> 'leave_lines', '[]'::jsonb)) l)),
                            '{}'::jsonb),
    -- Year to date: this calendar year's paystubs up to and including this period.
    'ytd', (select jsonb_build_object('gross', coalesce(sum(ps.gross), 0), 'net', coalesce(sum(ps.net), 0),
                     'deductions', coalesce(sum(ps.gross - ps.net), 0))
            from public.paystubs ps
            where ps.employee_id = emp_id and ps.period_end between year_start and v_period_end));
end
$function$;
