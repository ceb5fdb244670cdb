-- Hostile review of session 7, pay profiles:
-- S7-7: w4_step4c (W-4 step 4(c), extra withholding a pay period) took up to 1,000,000,000, and a run
--   stored a negative net pay. Bounded at 100,000 a period: the largest pay period we run is a month,
--   and 100,000 of extra withholding a month is 1.2 million a year, beyond any wage this product pays
--   (above it is a typing slip, not an employee's request). Steps 3, 4(a), 4(b) are yearly figures
--   (credits, other income, deductions) and keep the 1,000,000,000 bound.
-- S7-9: the RPC refuses what the columns' CHECKs refuse, with `pay_profile.not_amount` and its max.
-- S7-6: `flsa_exempt: true` only while the salary test passes.
alter table public.employee_pay_profiles drop constraint employee_pay_profiles_w4_step4c_range;
alter table public.employee_pay_profiles add constraint employee_pay_profiles_w4_step4c_range
  check (w4_step4c >= 0 and w4_step4c <= 100000);

create or replace function public.save_pay_profile(p_employee_id uuid, p_profile jsonb)
 RETURNS public.employee_pay_profiles
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  allowed constant text[] := array['filing_status', 'w4_step2', 'w4_step3', 'w4_step4a', 'w4_step4b', 'w4_step4c',
    'flsa_exempt', 'state_allowances', 'dependants', 'abatement_rate', 'cnss_number'];
  key text;
  value jsonb;
  merged jsonb;
  result public.employee_pay_profiles;
  passes boolean;
  threshold numeric;
begin
  perform app.require_assured_session();
  if not (app.is_trusted() or app.has_role('admin', 'hr')) then
    perform app.forbid('pay_profile.staff_only');
  end if;
  if not exists (select 1 from public.employees where id = p_employee_id) then
    perform app.refuse('employee.not_found');
  end if;
  if p_profile is null or jsonb_typeof(p_profile) <> 'object' then
    perform app.refuse('pay_profile.not_object');
  end if;
  for key, value in select * from jsonb_each(p_profile) loop
    if not key = any (allowed) then
      perform app.refuse('pay_profile.unknown_field', jsonb_build_object('field', key));
    end if;
    case
      when key = 'filing_status' then
        if jsonb_typeof(value) <> 'string' or not (value #>> '{}') = any (enum_range(null::public.filing_status)::text[]) then
          perform app.refuse('pay_profile.filing_status');
        end if;
      when key = 'flsa_exempt' then
        -- true exempt, false non-exempt, null: by the salary test (29 CFR 541.600).
        if jsonb_typeof(value) not in ('boolean', 'null') then
          perform app.refuse('pay_profile.not_boolean', jsonb_build_object('field', key));
        end if;
      when key = 'state_allowances' then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^\d{1,2}$' then
          perform app.refuse('pay_profile.state_allowances');
        end if;
      when key = 'w4_step2' then
        if jsonb_typeof(value) <> 'boolean' then
          perform app.refuse('pay_profile.not_boolean', jsonb_build_object('field', key));
        end if;
      when key in ('w4_step3', 'w4_step4a', 'w4_step4b', 'w4_step4c') then
        -- The columns' CHECKs hold the same bounds (w4_step4c's is a period's extra withholding).
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^\d{1,10}(\.\d{1,2})?$'
           or (value #>> '{}')::numeric > (case when key = 'w4_step4c' then 100000 else 1000000000 end) then
          perform app.refuse('pay_profile.not_amount', jsonb_build_object('field', key,
            'max', (case when key = 'w4_step4c' then 100000 else 1000000000 end)));
        end if;
      when key = 'dependants' then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^\d{1,2}$'
           or (value #>> '{}')::integer > 20 then
          perform app.refuse('pay_profile.dependants');
        end if;
      when key = 'abatement_rate' then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^0?\.\d{1,2}$'
           or (value #>> '{}')::numeric not in (0.20, 0.25) then
          perform app.refuse('pay_profile.abatement');
        end if;
      when key = 'cnss_number' then
        if jsonb_typeof(value) not in ('null', 'string')
           or (jsonb_typeof(value) = 'string' and btrim(value #>> '{}') <> ''
               and btrim(value #>> '{}') !~ '^[0-9A-Za-z][0-9A-Za-z /-]{0,29}$') then
          perform app.refuse('pay_profile.cnss_number');
        end if;
    end case;
  end loop;
  -- Exempt from overtime only while the salary test passes (29 CFR 541.600, as compute_pay reads
  -- it): the structure in force is salaried at or above the weekly threshold. An hourly worker, or
  -- one paid under it, is owed overtime whatever the duties (hostile review S7-6).
  if p_profile -> 'flsa_exempt' = 'true'::jsonb then
    threshold := (payroll.rule_set_params('us-federal-2026', app.today()) ->> 'flsa_exempt_salary_weekly')::numeric;
    select coalesce((payroll.rule_set_params(s.rule_set, app.today()) ->> 'flsa_exempt_salary_weekly')::numeric, threshold),
           s.pay_basis = 'salaried'
             and s.basic_salary * payroll.periods(s.frequency::text)
                 >= coalesce((payroll.rule_set_params(s.rule_set, app.today()) ->> 'flsa_exempt_salary_weekly')::numeric,
                             threshold) * 52
      into threshold, passes
    from public.salary_structures s
    where s.employee_id = p_employee_id and s.approval_status = 'approved' and s.is_active
      and s.effective_date <= app.today()
    order by s.effective_date desc, s.version desc limit 1;
    if not found then
      -- No structure in force: no salary to pass the test (SELECT INTO emptied the threshold).
      threshold := (payroll.rule_set_params('us-federal-2026', app.today()) ->> 'flsa_exempt_salary_weekly')::numeric;
    end if;
    if not coalesce(passes, false) then
      perform app.refuse('pay_profile.flsa_salary_test', jsonb_build_object('weekly', threshold));
    end if;
  end if;
  -- An empty CNSS number is no number.
  if p_profile ? 'cnss_number' then
    p_profile := p_profile || jsonb_build_object('cnss_number', nullif(btrim(p_profile ->> 'cnss_number'), ''));
  end if;

  select coalesce((select to_jsonb(p) from public.employee_pay_profiles p where p.employee_id = p_employee_id),
                  to_jsonb(jsonb_populate_record(null::public.employee_pay_profiles, '{}'))
                    || jsonb_build_object('filing_status', 'single', 'w4_step2', false, 'w4_step3', 0, 'w4_step4a', 0,
                         'w4_step4b', 0, 'w4_step4c', 0, 'flsa_exempt', null, 'state_allowances', 0, 'dependants', 0,
                         'abatement_rate', 0.20))
         || p_profile || jsonb_build_object('employee_id', p_employee_id, 'updated_at', app.now())
    into merged;
  insert into public.employee_pay_profiles
  select * from jsonb_populate_record(null::public.employee_pay_profiles, merged)
  on conflict (employee_id) do update set filing_status = excluded.filing_status, w4_step2 = excluded.w4_step2,
    w4_step3 = excluded.w4_step3, w4_step4a = excluded.w4_step4a, w4_step4b = excluded.w4_step4b,
    w4_step4c = excluded.w4_step4c, flsa_exempt = excluded.flsa_exempt, state_allowances = excluded.state_allowances, dependants = excluded.dependants,
    abatement_rate = excluded.abatement_rate, cnss_number = excluded.cnss_number
  returning * into result;
  return result;
end
$function$;
