-- A manager proposing a salary sees the pay profile the preview needs (W-4, dependants, abatement),
-- not the employee's CNSS registration number: that stays with HR, admins and the employee.
create or replace function public.salary_pay_context(p_employee_id uuid, p_date date) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  staff boolean := app.is_trusted() or app.has_role('admin', 'hr');
begin
  if not (staff or app.manages_employee(p_employee_id)) then
    perform app.forbid('You cannot see the pay profile of this employee');
  end if;
  return jsonb_build_object(
    'profile', coalesce((select to_jsonb(p) - 'employee_id' - 'updated_at'
                           - case when staff then '' else 'cnss_number' end
                         from public.employee_pay_profiles p
                         where p.employee_id = p_employee_id), '{}'::jsonb),
    'ytd', (select jsonb_build_object('ss_wages', coalesce(sum(ps.gross), 0), 'medicare_wages', coalesce(sum(ps.gross), 0))
            from public.paystubs ps
            where ps.employee_id = p_employee_id and ps.period_end < p_date
              and extract(year from ps.period_end) = extract(year from p_date)),
    'site_country', (select si.country from public.employees e join public.sites si on si.id = e.site_id
                     where e.id = p_employee_id));
end
$$;
