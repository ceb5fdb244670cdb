-- Issue 27 / hostile review L5: a day of approved paid leave on which an hourly person also punched
-- was paid twice (the leave at day_hours × rate, plus the worked hours). The leave of a day now only
-- tops up what was worked to the policy's hours a day: leave hours paid = max(0, day_hours × fraction
-- − hours worked that day). payroll.leave_input passes, per type, what was worked of the leave
-- (worked_hours, worked_days: each day capped at its leave) and payroll.compute_pay pays by the hour
-- only the rest (RULES.md "Leave"). Salaried pay is unchanged: a salary does not grow with hours.

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
  -- Leave (RULES.md, "Leave").
  leave_input jsonb := coalesce(input -> 'leave', '[]'::jsonb);
  leave_params jsonb;
  leave_lines jsonb;
  leave_pay numeric := 0;
  leave_withheld numeric := 0;
  leave_item jsonb;
  leave_days numeric;
  leave_hours numeric;
  worked_days numeric;
  worked_hours numeric;
  leave_kind text;
  leave_share numeric;
  line_pay numeric;
  line_withheld numeric;
  days_per_month numeric;
  reference_monthly numeric;
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

  -- Leave of the period (RULES.md, "Leave"): one line per type, in input order.
  if jsonb_typeof(leave_input) <> 'array' or jsonb_array_length(leave_input) > 50 then
    perform app.refuse('payroll.leave_input');
  end if;
  if jsonb_array_length(leave_input) > 0 then
    leave_params := case when rule_set = 'bf-2026' then params -> 'leave' end;
    days_per_month := (leave_params ->> 'days_per_month')::numeric;
    leave_lines := '[]'::jsonb;
    for leave_item in select value from jsonb_array_elements(leave_input) loop
      if jsonb_typeof(leave_item) <> 'object' or coalesce(leave_item ->> 'type', '') !~ '^[a-z][a-z0-9_]{1,39}$'
         or jsonb_typeof(leave_item -> 'paid') is distinct from 'boolean' then
        perform app.refuse('payroll.leave_input');
      end if;
      leave_days := payroll.num(leave_item -> 'days');
      leave_hours := payroll.num(leave_item -> 'hours');
      if leave_days = 'NaN'::numeric or leave_days > 366 or leave_hours = 'NaN'::numeric or leave_hours > 8784 then
        perform app.refuse('payroll.leave_input');
      end if;
      -- The part of the leave already worked (its days' punched hours, each day capped at its leave):
      -- by the hour, paid leave only tops a day up to the policy's hours, so nothing is paid twice.
      worked_days := payroll.num(leave_item -> 'worked_days');
      worked_hours := payroll.num(leave_item -> 'worked_hours');
      if worked_days > leave_days or worked_hours > leave_hours then
        perform app.refuse('payroll.leave_input');
      end if;
      line_pay := 0;
      line_withheld := 0;
      -- The salary's share of the days: bf-2026 1/30 of the monthly salary per day (M(basic) × days / 30);
      -- otherwise basic_salary × days / the period's working days.
      if input ->> 'pay_basis' = 'hourly' then
        leave_share := null;
      elsif leave_params is not null then
        leave_share := round(payroll.num(input -> 'basic_salary') * periods * leave_days / (12 * days_per_month), scale);
      elsif leave_days = 0 then
        leave_share := 0;
      elsif payroll.num(input -> 'working_days') = 0 then
        perform app.refuse('payroll.leave_working_days');
      else
        leave_share := round(payroll.num(input -> 'basic_salary') * leave_days / payroll.num(input -> 'working_days'), scale);
      end if;
      if (leave_item ->> 'paid')::boolean and coalesce(leave_params -> 'allowance_types', '[]'::jsonb) ? (leave_item ->> 'type') then
        -- Burkina Faso's allowance: the reference monthly pay per days_per_month days, replacing the salary of the days.
        leave_kind := 'allowance';
        reference_monthly := case when input ? 'reference_monthly_pay' then payroll.num(input -> 'reference_monthly_pay') end;
        if leave_share is null then
          line_pay := round(coalesce(reference_monthly * (leave_days - worked_days) / days_per_month,
            (leave_hours - worked_hours) * hourly_rate), scale);
        else
          line_withheld := least(leave_share, basic_pay - leave_withheld);
          line_pay := round(coalesce(reference_monthly, payroll.num(input -> 'basic_salary') * periods / 12)
            * leave_days / days_per_month, scale);
        end if;
      elsif (leave_item ->> 'paid')::boolean then
        -- Paid time: by the hour at the regular rate; a salary already pays it (shown, not added).
        leave_kind := case when leave_share is null then 'paid_time' else 'included' end;
        line_pay := coalesce(leave_share, round((leave_hours - worked_hours) * hourly_rate, scale));
      else
        -- Unpaid: the salary's share withheld (never more than the basic pay left); by the hour nothing is paid.
        leave_kind := 'unpaid';
        line_withheld := case when leave_share is null then 0 else least(leave_share, basic_pay - leave_withheld) end;
      end if;
      leave_withheld := leave_withheld + line_withheld;
      if leave_kind <> 'included' then
        leave_pay := leave_pay + line_pay;
      end if;
      leave_lines := leave_lines || jsonb_build_array(jsonb_build_object(
        'type', leave_item ->> 'type', 'kind', leave_kind,
        'days', to_jsonb(trim_scale(leave_days)::text), 'hours', to_jsonb(trim_scale(leave_hours)::text),
        'pay', payroll.money(line_pay, scale), 'withheld', payroll.money(line_withheld, scale))
        -- By the hour, what was worked of the leave is shown (and not paid as leave again).
        || case when leave_share is null and (worked_days > 0 or worked_hours > 0) then jsonb_build_object(
             'worked_days', trim_scale(worked_days)::text, 'worked_hours', trim_scale(worked_hours)::text)
           else '{}'::jsonb end);
    end loop;
  end if;

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

  gross := basic_pay - leave_withheld + leave_pay + overtime_pay + allowances_total;

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
    iuts := payroll.bf_iuts(params, gross, basic_pay - leave_withheld + leave_pay + overtime_pay, line, allowances, periods, profile);
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
    || case when state_rule is not null then jsonb_build_object('state', state_rule ->> 'state') else '{}'::jsonb end
    || case when leave_lines is not null then jsonb_build_object('leave_lines', leave_lines,
         'leave_pay', payroll.money(leave_pay, scale), 'leave_withheld', payroll.money(leave_withheld, scale)) else '{}'::jsonb end;
end
$function$;

grant execute on function payroll.compute_pay(input jsonb) to public, authenticated, service_role;

CREATE OR REPLACE FUNCTION payroll.leave_input(p_employee_id uuid, p_from date, p_to date, p_rule_set text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with person as (
    select e.id, si.country from public.employees e join public.sites si on si.id = e.site_id
    where e.id = p_employee_id
  ),
  plan as (
    select coalesce(
      (select array_agg(distinct array_position(array['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], d))
       from public.shift_assignments sa join public.shifts sh on sh.id = sa.shift_id
       cross join lateral unnest(sh.days_of_week) as d
       where sa.employee_id = p_employee_id),
      array[1, 2, 3, 4, 5]) as dows
  ),
  days as (
    select g.d::date as day,
      exists (select 1 from public.holidays h join person on h.country = person.country where h.date = g.d::date) as holiday,
      extract(isodow from g.d)::integer = any (plan.dows) as planned
    from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') as g (d) cross join plan
  ),
  worked as (
    select a.date as day, sum(a.total_hours) as hours
    from public.attendances a
    where a.employee_id = p_employee_id and a.check_out is not null and a.date between p_from and p_to
    group by a.date
  ),
  -- Each leave day with its fraction, its policy's hours a day and the hours punched that day.
  leave_day as (
    select l.leave_type, d.holiday, d.planned, case when l.half_day is null then 1 else 0.5 end as fraction,
      coalesce(pol.day_hours, 8) as day_hours, coalesce(w.hours, 0) as worked
    from app.leave_days(array[p_employee_id], p_from, p_to) l
    join days d on d.day = l.day
    cross join person
    left join lateral app.leave_policy(person.country, l.leave_type, p_to) pol on true
    left join worked w on w.day = l.day
  ),
  -- What was worked of the leave, each day capped at the leave of the day (RULES.md "Leave"):
  -- hours on working days, days on the days the line counts (bf-2026 calendar days but holidays).
  taken as (
    select ld.leave_type,
      sum(ld.fraction) filter (where not ld.holiday) as calendar_days,
      coalesce(sum(ld.fraction) filter (where ld.planned and not ld.holiday), 0) as working_days,
      coalesce(sum(least(ld.fraction * ld.day_hours, ld.worked)) filter (where ld.planned and not ld.holiday), 0) as worked_hours,
      coalesce(sum(least(ld.fraction, ld.worked / ld.day_hours)) filter (where not ld.holiday
        and (ld.planned or p_rule_set = 'bf-2026')), 0) as worked_days
    from leave_day ld
    group by ld.leave_type
  ),
  lines as (
    select t.leave_type,
      case when p_rule_set = 'bf-2026' then coalesce(t.calendar_days, 0) else t.working_days end as days,
      t.working_days * coalesce(pol.day_hours, 8) as hours,
      coalesce(pol.paid, false) as paid,
      round(t.worked_days, 2) as worked_days, round(t.worked_hours, 2) as worked_hours
    from taken t cross join person
    left join lateral app.leave_policy(person.country, t.leave_type, p_to) pol on true
  )
  select jsonb_build_object(
    'working_days', (select count(*) from days where planned and not holiday)::text,
    'leave', coalesce((select jsonb_agg(jsonb_build_object('type', leave_type, 'paid', paid,
        'days', days::text, 'hours', hours::text)
        || case when worked_days > 0 or worked_hours > 0 then jsonb_build_object(
             'worked_days', trim_scale(worked_days)::text, 'worked_hours', trim_scale(worked_hours)::text)
           else '{}'::jsonb end order by leave_type)
      from lines where days > 0 or hours > 0), '[]'::jsonb))
$function$;

revoke all on function payroll.leave_input(p_employee_id uuid, p_from date, p_to date, p_rule_set text) from public;
