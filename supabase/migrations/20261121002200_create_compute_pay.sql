-- Pay computation: src/domain/payroll/RULES.md, line by line. Amounts come back as
-- decimal strings with the currency's minor unit (USD 2, XOF 0), like the TS mirror.

create function payroll.num(value jsonb) returns numeric
language plpgsql immutable set search_path = '' as $$
declare
  result numeric;
begin
  if value is null or jsonb_typeof(value) = 'null' then
    return 0;
  end if;
  result := (value #>> '{}')::numeric;
  if result < 0 then
    perform app.refuse('Amounts cannot be negative');
  end if;
  return result;
exception
  when invalid_text_representation then
    perform app.refuse('Amounts must be numbers', format('Not a number: %s', value #>> '{}'));
end
$$;

create function payroll.money(amount numeric, scale integer) returns jsonb
language sql immutable set search_path = '' as $$ select to_jsonb(round(amount, scale)::text) $$;

create function payroll.periods(frequency text) returns numeric
language plpgsql immutable set search_path = '' as $$
begin
  return case frequency when 'weekly' then 52 when 'biweekly' then 26 when 'semimonthly' then 24 when 'monthly' then 12
    else app.refuse_numeric(format('Unknown pay frequency "%s"', frequency)) end;
end
$$;

create function app.refuse_numeric(message text) returns numeric
language plpgsql set search_path = '' as $$
begin
  raise exception using errcode = 'P0001', message = message;
end
$$;

-- The version of a rule set in force on a date.
create function payroll.rule_set_params(rule_set text, on_date date) returns jsonb
language sql stable security definer set search_path = '' as $$
  select r.params from public.payroll_rule_sets r
  where r.rule_set = rule_set_params.rule_set and r.effective_from <= on_date
  order by r.effective_from desc limit 1
$$;

-- Federal income tax withholding for one period (IRS Pub. 15-T, Worksheet 1A).
create function payroll.us_federal_tax(params jsonb, gross numeric, periods numeric, profile jsonb) returns numeric
language plpgsql immutable set search_path = '' as $$
declare
  status text := coalesce(profile ->> 'filing_status', 'single');
  step2 boolean := coalesce((profile ->> 'w4_step2')::boolean, false);
  annual numeric := gross * periods + payroll.num(profile -> 'w4_step4a');
  adjusted numeric;
  factor numeric := case when step2 then 0.5 else 1 end;
  annual_tax numeric;
begin
  adjusted := greatest(0, annual - payroll.num(profile -> 'w4_step4b')
    - case when step2 then 0
           else (params -> 'step2_deduction' ->> case when status = 'married_jointly' then 'married_jointly' else 'other' end)::numeric end);
  -- W-4 step 2 checked (Pub. 15-T's checkbox table): bases halved, thresholds (threshold + step 2 deduction) / 2.
  select (row ->> 1)::numeric * factor + (row ->> 2)::numeric * (adjusted - threshold)
    into annual_tax
  from jsonb_array_elements(params -> 'brackets' -> case status
      when 'married_jointly' then 'married_jointly' when 'head_of_household' then 'head_of_household' else 'single' end) as row
  cross join lateral (select case when step2
      then ((row ->> 0)::numeric + (params -> 'step2_deduction' ->> case when status = 'married_jointly' then 'married_jointly' else 'other' end)::numeric) / 2
      else (row ->> 0)::numeric end as threshold) t
  where threshold <= adjusted
  order by threshold desc
  limit 1;
  return greatest(0, coalesce(annual_tax, 0) / periods - payroll.num(profile -> 'w4_step3') / periods)
    + payroll.num(profile -> 'w4_step4c');
end
$$;

-- IUTS for one period: computed on the monthly equivalent (x * periods / 12, multiplying first).
create function payroll.bf_iuts(params jsonb, gross numeric, basic_and_overtime numeric, cnss numeric,
  allowances jsonb, periods numeric, profile jsonb, out base numeric, out tax numeric)
language plpgsql immutable set search_path = '' as $$
declare
  monthly_gross numeric := gross * periods / 12;
  exempt numeric := 0;
  item record;
  reduction numeric;
  dependants integer := least(coalesce((profile ->> 'dependants')::integer, 0), 4);
  abatement_rate numeric := coalesce((profile ->> 'abatement_rate')::numeric, 0.20);
begin
  for item in select key, value from jsonb_each(params -> 'exemptions') loop
    exempt := exempt + least(payroll.num(allowances -> item.key) * periods / 12,
      (item.value ->> 'share')::numeric * monthly_gross, (item.value ->> 'cap')::numeric);
  end loop;
  base := floor(greatest(0, monthly_gross - exempt - cnss * periods / 12 - abatement_rate * basic_and_overtime * periods / 12)
    / (params ->> 'iuts_base_rounding')::numeric) * (params ->> 'iuts_base_rounding')::numeric;
  select coalesce(sum(greatest(0, least(base, coalesce(next_lower, base)) - lower_bound) * rate), 0) into tax
  from (
    select (s ->> 0)::numeric as lower_bound, (s ->> 1)::numeric as rate,
      lead((s ->> 0)::numeric) over (order by (s ->> 0)::numeric) as next_lower
    from jsonb_array_elements(params -> 'iuts_scale') s
  ) slices;
  reduction := (params -> 'family_reduction' ->> dependants)::numeric;
  tax := tax * (1 - reduction) * 12 / periods;
end
$$;

create function payroll.compute_pay(input jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  rule_set text := coalesce(input ->> 'rule_set', 'spec-default');
  country text := case rule_set when 'us-federal-2026' then 'US' when 'bf-2026' then 'BF'
                    else coalesce(input ->> 'country', 'US') end;
  period_date date := coalesce((input ->> 'period_date')::date, current_date);
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
  iuts record;
  iuts_base numeric;
  warnings jsonb := '[]'::jsonb;
  per_hour numeric;
  multiplier numeric;
begin
  if country not in ('US', 'BF') then
    perform app.refuse(format('Unknown country "%s"', country));
  end if;
  if params is null then
    perform app.refuse(format('No rule set "%s" in force on %s', rule_set, period_date));
  end if;
  if overtime_rate < 0 then
    perform app.refuse('Amounts cannot be negative');
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
  elsif rule_set = 'us-federal-2026' then
    if not coalesce((profile ->> 'flsa_exempt')::boolean, false) then
      if overtime_rate between 1 and 10 then
        multiplier := greatest(overtime_rate, (params ->> 'flsa_overtime_multiplier')::numeric);
        overtime_pay := round(multiplier * hourly_rate * overtime_hours, scale);
      else
        per_hour := greatest(overtime_rate, (params ->> 'flsa_overtime_multiplier')::numeric * hourly_rate);
        overtime_pay := round(per_hour * overtime_hours, scale);
      end if;
      overtime_premium := overtime_pay - round(hourly_rate * overtime_hours, scale);
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
  ) || case when iuts_base is not null then jsonb_build_object('iuts_base', to_jsonb(iuts_base::text)) else '{}'::jsonb end;
end
$$;

-- The calculator behind the salary dialog's preview (no data of anyone is read).
create function public.preview_pay(p_input jsonb) returns jsonb
language sql stable security invoker set search_path = '' as $$ select payroll.compute_pay(p_input) $$;
revoke execute on function public.preview_pay(jsonb) from anon, public;
grant execute on function public.preview_pay(jsonb) to authenticated, service_role;
grant execute on all functions in schema payroll to authenticated, service_role;
