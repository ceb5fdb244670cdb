-- Burkina Faso overtime by premium band on the bulletin de paie: payroll.compute_pay (bf-2026) adds
-- `overtime_lines`, one line per band with hours (band, hours to 2 decimals, premium, amount) in
-- legal order (41–48 h +15 %, beyond +35 %, night +50 %, Sunday/holiday +60 %, Sunday/holiday
-- night +120 %). The amounts are rounded cumulatively so they add up to overtime_pay exactly.
-- Every other key and figure is unchanged (the shared vectors still pass); the TypeScript mirror
-- (src/domain/payroll/bf.ts, bfOvertimeLines) computes the same lines for the live preview.

create or replace function payroll.compute_pay(input jsonb) returns jsonb
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
  overtime_lines jsonb;
  band_name text;
  band_hours numeric;
  cumulative numeric := 0;
  up_to numeric;
  paid numeric := 0;
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
  ) || case when iuts_base is not null then jsonb_build_object('iuts_base', to_jsonb(iuts_base::text)) else '{}'::jsonb end
    || case when overtime_lines is not null then jsonb_build_object('overtime_lines', overtime_lines) else '{}'::jsonb end;
end
$$;
