-- Issue 29 items 1 and 2: Illinois withholding and FLSA overtime of salaried people.
--
-- Illinois (IL-700-T, effective 2026-01-01) is data: us-federal-2026's versions gain
-- `state_withholding`, an array of per-state entries (state, certificate, rate, annual amount per
-- allowance, source). The work site's state picks the entry; a second state, or next year's figures,
-- is a new version of the rule set (an array keeps the version's shape), not new code.
-- Per period: round(max(0, rate × (gross × periods − allowances × allowance_amount) / periods)).
--
-- FLSA: a person is exempt or not on the pay profile; null means "by the salary test" of
-- 29 CFR 541.600 ($684 a week, the level enforced since the 2024 rule was vacated: Texas v. U.S.
-- Department of Labor, E.D. Tex., 15 Nov 2024), hourly people being non-exempt. A non-exempt salaried
-- person's regular rate is the salary as a weekly amount divided by the hours it is meant to pay
-- (29 CFR 778.113; 40 unless the input says otherwise), overtime 1.5 × that for hours over 40 in a
-- workweek (29 U.S.C. 207(a)). RULES.md is the contract; the TypeScript mirror follows it.

update public.payroll_rule_sets
set params = params || jsonb_build_object('flsa_exempt_salary_weekly', '684', 'state_withholding',
  case when effective_from >= date '2026-01-01' then jsonb_build_array(jsonb_build_object(
    'state', 'IL', 'form', 'IL-W-4', 'rate', '0.0495', 'allowance_amount', '2925',
    'source', 'Illinois Department of Revenue, Booklet IL-700-T, Illinois Withholding Tax Tables, effective January 1, 2026: automated payroll method, 4.95 % of (wages - IL-W-4 allowances x $2,925 / pay periods per year)'))
  else '[]'::jsonb end)
where rule_set = 'us-federal-2026' and not params ? 'state_withholding';

-- The US state of a site (two-letter USPS code), which picks its state withholding.
alter table public.sites add column state text;
alter table public.sites add constraint site_state_format
  check (state is null or (country = 'US' and state ~ '^[A-Z]{2}$'));
comment on column public.sites.state is 'US state of the site (USPS code, e.g. IL): picks the state income tax withholding of us-federal-2026.';
update public.sites set state = 'IL' where country = 'US' and name ilike '%chicago%' and state is null;

-- IL-W-4 line 1 allowances (a second state's certificate uses the same count); FLSA status, null =
-- by the salary test. Existing `false` values were the column's default, never a decision: they
-- become null so that the salary test applies to them.
alter table public.employee_pay_profiles add column state_allowances smallint not null default 0;
alter table public.employee_pay_profiles add constraint employee_pay_profiles_state_allowances_range
  check (state_allowances between 0 and 99);
alter table public.employee_pay_profiles alter column flsa_exempt drop not null;
alter table public.employee_pay_profiles alter column flsa_exempt set default null;
update public.employee_pay_profiles set flsa_exempt = null where flsa_exempt = false;

CREATE OR REPLACE FUNCTION app.audit_pay_profile()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.write_audit('employee_pay_profiles', coalesce(new.employee_id, old.employee_id)::text, lower(tg_op),
    case when tg_op = 'UPDATE' then app.changed(to_jsonb(old), to_jsonb(new), array['filing_status', 'w4_step2',
      'w4_step3', 'w4_step4a', 'w4_step4b', 'w4_step4c', 'flsa_exempt', 'state_allowances', 'dependants', 'abatement_rate', 'cnss_number'])
    else coalesce(to_jsonb(new), to_jsonb(old)) end);
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION public.save_pay_profile(p_employee_id uuid, p_profile jsonb)
 RETURNS public.employee_pay_profiles
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  allowed constant text[] := array['filing_status', 'w4_step2', 'w4_step3', 'w4_step4a', 'w4_step4b', 'w4_step4c',
    'flsa_exempt', 'state_allowances', 'dependants', 'abatement_rate', 'cnss_number'];
  labels constant jsonb := '{"w4_step3": "W-4 step 3 (dependents)", "w4_step4a": "W-4 step 4(a) (other income)",
    "w4_step4b": "W-4 step 4(b) (deductions)", "w4_step4c": "W-4 step 4(c) (extra withholding)"}';
  key text;
  value jsonb;
  merged jsonb;
  result public.employee_pay_profiles;
begin
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
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^\d{1,10}(\.\d{1,2})?$' then
          perform app.refuse('pay_profile.not_amount', jsonb_build_object('field', labels ->> key));
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

CREATE OR REPLACE FUNCTION public.salary_pay_context(p_employee_id uuid, p_date date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  staff boolean := app.is_trusted() or app.has_role('admin', 'hr');
begin
  if not (staff or app.manages_employee(p_employee_id)) then
    perform app.forbid('salary.pay_context_denied');
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
    'site_state', (select si.state from public.employees e join public.sites si on si.id = e.site_id
                   where e.id = p_employee_id),
    'site_country', (select si.country from public.employees e join public.sites si on si.id = e.site_id
                     where e.id = p_employee_id));
end
$function$;

CREATE OR REPLACE FUNCTION app.structure_pay_input(s public.salary_structures)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'rule_set', s.rule_set, 'country', s.country, 'period_date', s.effective_date, 'frequency', s.frequency,
    'pay_basis', s.pay_basis, 'basic_salary', s.basic_salary, 'hours_worked', s.hours_worked,
    'hourly_rate', s.hourly_rate, 'overtime_hours', s.overtime_hours, 'overtime_rate', s.overtime_rate,
    'allowances', s.allowances, 'other_deductions', s.other_deductions,
    'state', (select si.state from public.employees e join public.sites si on si.id = e.site_id where e.id = s.employee_id),
    'profile', coalesce((select to_jsonb(p) - 'employee_id' - 'updated_at' from public.employee_pay_profiles p
                         where p.employee_id = s.employee_id), '{}'::jsonb),
    'ytd', (select jsonb_build_object('ss_wages', coalesce(sum(ps.gross), 0), 'medicare_wages', coalesce(sum(ps.gross), 0))
            from public.paystubs ps
            where ps.employee_id = s.employee_id and ps.period_end < s.effective_date
              and extract(year from ps.period_end) = extract(year from s.effective_date)))
$function$;

CREATE OR REPLACE FUNCTION payroll.compute_pay(input jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  rule_set text := coalesce(input ->> 'rule_set', 'spec-default');
  country text := case rule_set when 'us-federal-2026' then 'US' when 'bf-2026' then 'BF'
                    else coalesce(input ->> 'country', 'US') end;
  period_date date := coalesce((input ->> 'period_date')::date, app.today());
  params jsonb := payroll.rule_set_params(rule_set, period_date);
  periods numeric := payroll.periods(coalesce(input ->> 'frequency', 'monthly'));
  profile jsonb := coalesce(input -> 'profile', '{}'::jsonb);
  ytd jsonb := coalesce(input -> 'ytd', '{}'::jsonb);
  allowances jsonb := coalesce(input -> 'allowances', '{}'::jsonb);
  hourly_rate numeric := payroll.num(input -> 'hourly_rate');
  overtime_hours numeric := payroll.num(input -> 'overtime_hours');
  overtime_rate numeric := coalesce(nullif(input ->> 'overtime_rate', '')::numeric, 1.5);
  scale integer;
  currency text;
  basic_pay numeric;
  overtime_pay numeric := 0;
  overtime_premium numeric := 0;
  allowances_total numeric := 0;
  gross numeric;
  deductions jsonb := '{}'::jsonb;
  total numeric := 0;
  line numeric;
  other numeric := round(payroll.num(input -> 'other_deductions'), 2);
  bands jsonb;
  overtime_lines jsonb;
  band_name text;
  band_hours numeric;
  cumulative numeric := 0;
  up_to numeric;
  paid numeric := 0;
  iuts record;
  iuts_base numeric;
  warnings jsonb := '[]'::jsonb;
  multiplier numeric;
  exempt boolean;
  weekly_hours numeric;
  straight_num numeric;
  straight_den numeric := 1;
  state_rule jsonb;
begin
  if country not in ('US', 'BF') then
    perform app.refuse('payroll.unknown_country', jsonb_build_object('country', country));
  end if;
  if params is null then
    perform app.refuse('payroll.no_rule_set', jsonb_build_object('rule_set', rule_set, 'date', period_date));
  end if;
  if overtime_rate < 0 then
    perform app.refuse('payroll.negative_amount');
  end if;
  currency := case when rule_set = 'spec-default' then params -> country ->> 'currency' else params ->> 'currency' end;
  scale := case currency when 'XOF' then 0 else 2 end;
  other := round(payroll.num(input -> 'other_deductions'), scale);

  basic_pay := round(payroll.num(input -> 'basic_salary')
    + case when input ->> 'pay_basis' = 'hourly' then payroll.num(input -> 'hours_worked') * hourly_rate else 0 end, scale);
  select coalesce(sum(round(payroll.num(allowances -> key), scale)), 0) into allowances_total
  from unnest(array['house_rent', 'transport', 'medical', 'food', 'other', 'function']) as key;

  -- Overtime.
  if rule_set = 'bf-2026' then
    bands := coalesce(input -> 'overtime_bands', jsonb_build_object(
      'h15', least(overtime_hours, (params ->> 'weekly_hours_first_band')::numeric * 52 / periods),
      'h35', overtime_hours - least(overtime_hours, (params ->> 'weekly_hours_first_band')::numeric * 52 / periods)));
    select round(hourly_rate * coalesce(sum(payroll.num(bands -> key) * (1 + (value #>> '{}')::numeric)), 0), scale)
      into overtime_pay
    from jsonb_each(params -> 'overtime_premiums');
    -- One line per band with hours, in legal order; cumulative rounding (amount_i =
    -- round(rate × Σ_{j≤i}) − round(rate × Σ_{j<i})) so the lines add up to overtime_pay exactly.
    overtime_lines := '[]'::jsonb;
    foreach band_name in array array['h15', 'h35', 'night', 'sunday', 'sunday_night'] loop
      band_hours := payroll.num(bands -> band_name);
      cumulative := cumulative + band_hours * (1 + (params -> 'overtime_premiums' ->> band_name)::numeric);
      if band_hours <> 0 then
        up_to := round(hourly_rate * cumulative, scale);
        overtime_lines := overtime_lines || jsonb_build_array(jsonb_build_object(
          'band', band_name,
          'hours', to_jsonb(round(band_hours, 2)::text),
          'premium', params -> 'overtime_premiums' -> band_name,
          'amount', payroll.money(up_to - paid, scale)));
        paid := up_to;
      end if;
    end loop;
  elsif rule_set = 'us-federal-2026' then
    -- FLSA status: the profile's, else the salary test (29 CFR 541.600): salaried at or above the
    -- weekly threshold is exempt (basic × periods ≥ threshold × 52); hourly is not.
    exempt := coalesce((profile ->> 'flsa_exempt')::boolean,
      input ->> 'pay_basis' = 'salaried'
        and payroll.num(input -> 'basic_salary') * periods >= (params ->> 'flsa_exempt_salary_weekly')::numeric * 52);
    if not exempt then
      -- Straight time for the overtime hours = straight_num / straight_den, divided once at the end.
      if input ->> 'pay_basis' = 'salaried' then
        -- 29 CFR 778.113: the salary as a weekly amount over the hours it is meant to pay a week.
        weekly_hours := coalesce(nullif(input ->> 'salary_weekly_hours', '')::numeric, 40);
        if weekly_hours <= 0 then
          perform app.refuse('payroll.negative_amount');
        end if;
        straight_num := payroll.num(input -> 'basic_salary') * periods * overtime_hours;
        straight_den := weekly_hours * 52;
      else
        straight_num := hourly_rate * overtime_hours;
      end if;
      multiplier := (params ->> 'flsa_overtime_multiplier')::numeric;
      if overtime_rate between 1 and 10 then
        overtime_pay := round(greatest(overtime_rate, multiplier) * straight_num / straight_den, scale);
      elsif overtime_rate * overtime_hours * straight_den >= multiplier * straight_num then
        overtime_pay := round(overtime_rate * overtime_hours, scale);
      else
        overtime_pay := round(multiplier * straight_num / straight_den, scale);
      end if;
      overtime_premium := overtime_pay - round(straight_num / straight_den, scale);
    end if;
  else
    overtime_pay := round(case when overtime_rate between 1 and 10 then overtime_rate * hourly_rate * overtime_hours
                               else overtime_rate * overtime_hours end, scale);
  end if;

  gross := basic_pay + overtime_pay + allowances_total;

  -- Deductions, in the order of RULES.md.
  if rule_set = 'spec-default' and country = 'US' then
    deductions := jsonb_build_object(
      'social_security', payroll.money((params -> 'US' ->> 'social_security')::numeric * gross, scale),
      'medicare', payroll.money((params -> 'US' ->> 'medicare')::numeric * gross, scale),
      'federal_tax', payroll.money((params -> 'US' ->> 'federal_tax')::numeric * gross, scale));
  elsif rule_set = 'spec-default' then
    deductions := jsonb_build_object(
      'cnss', payroll.money((params -> 'BF' ->> 'cnss')::numeric * gross, scale),
      'iuts', payroll.money((params -> 'BF' ->> 'iuts')::numeric * gross, scale));
  elsif rule_set = 'us-federal-2026' then
    deductions := jsonb_build_object(
      'social_security', payroll.money((params ->> 'social_security_rate')::numeric
        * least(gross, greatest(0, (params ->> 'social_security_wage_base')::numeric - payroll.num(ytd -> 'ss_wages'))), scale),
      'medicare', payroll.money((params ->> 'medicare_rate')::numeric * gross, scale),
      'additional_medicare', payroll.money((params ->> 'additional_medicare_rate')::numeric * greatest(0,
        payroll.num(ytd -> 'medicare_wages') + gross
        - greatest((params ->> 'additional_medicare_threshold')::numeric, payroll.num(ytd -> 'medicare_wages'))), scale),
      'federal_tax', payroll.money(payroll.us_federal_tax(params, gross, periods, profile), scale));
    -- The work site's state, by the rule set's entry for it (IL-700-T for Illinois):
    -- rate × max(0, gross × periods − allowances × allowance_amount) / periods.
    select e into state_rule from jsonb_array_elements(coalesce(params -> 'state_withholding', '[]')) e
    where e ->> 'state' = input ->> 'state' limit 1;
    if state_rule is not null then
      if coalesce(profile ->> 'state_allowances', '0') !~ '^\d{1,2}$' then
        perform app.refuse('pay_profile.state_allowances');
      end if;
      deductions := deductions || jsonb_build_object('state_income_tax', payroll.money(
        (state_rule ->> 'rate')::numeric * greatest(0, gross * periods
          - coalesce((profile ->> 'state_allowances')::integer, 0) * (state_rule ->> 'allowance_amount')::numeric)
        / periods, scale));
    end if;
  else
    line := round((params ->> 'cnss_rate')::numeric * least(gross, (params ->> 'cnss_monthly_ceiling')::numeric * 12 / periods), scale);
    iuts := payroll.bf_iuts(params, gross, basic_pay + overtime_pay, line, allowances, periods, profile);
    iuts_base := iuts.base;
    deductions := jsonb_build_object(
      'cnss', payroll.money(line, scale),
      'amu', payroll.money((params ->> 'amu_rate')::numeric * gross, scale),
      'iuts', payroll.money(iuts.tax, scale));
    if input ->> 'pay_basis' is distinct from 'hourly' and basic_pay * periods / 12 < (params ->> 'smig_monthly')::numeric then
      warnings := warnings || '["below_smig"]'::jsonb;
    end if;
  end if;
  if other <> 0 then
    deductions := deductions || jsonb_build_object('other', payroll.money(other, scale));
  end if;
  select coalesce(sum((value #>> '{}')::numeric), 0) into total from jsonb_each(deductions);

  return jsonb_build_object(
    'currency', currency,
    'basic_pay', payroll.money(basic_pay, scale),
    'overtime_pay', payroll.money(overtime_pay, scale),
    'overtime_premium', payroll.money(overtime_premium, scale),
    'allowances_total', payroll.money(allowances_total, scale),
    'gross', payroll.money(gross, scale),
    'deductions', deductions,
    'total_deductions', payroll.money(total, scale),
    'net', payroll.money(gross - total, scale),
    'warnings', warnings
  ) || case when iuts_base is not null then jsonb_build_object('iuts_base', to_jsonb(iuts_base::text)) else '{}'::jsonb end
    || case when overtime_lines is not null then jsonb_build_object('overtime_lines', overtime_lines) else '{}'::jsonb end
    || case when exempt is not null then jsonb_build_object('flsa_exempt', exempt) else '{}'::jsonb end
    || case when state_rule is not null then jsonb_build_object('state', state_rule ->> 'state') else '{}'::jsonb end;
end
$function$;

CREATE OR REPLACE FUNCTION public.generate_payroll_run(p_site_id uuid, p_period_start date, p_period_end date, p_frequency public.pay_frequency DEFAULT 'monthly'::public.pay_frequency, p_run_id uuid DEFAULT NULL::uuid)
 RETURNS public.payroll_runs
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  run public.payroll_runs;
  site public.sites;
  skipped_list jsonb := '[]'::jsonb;
  first_band numeric;
begin
  perform app.assert_payroll_staff();
  select * into site from public.sites where id = p_site_id;
  if not found then
    perform app.refuse('site.not_found');
  end if;
  perform app.assert_pay_period(p_frequency, p_period_start, p_period_end);
  -- Burkina Faso: hours 41 to 40 + this (48) of a workweek at +15 %, beyond at +35 %.
  first_band := coalesce((payroll.rule_set_params('bf-2026', p_period_end) ->> 'weekly_hours_first_band')::numeric, 8);
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
          'allowances', cs.allowances, 'other_deductions', cs.other_deductions, 'state', site.state,
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
