-- Issue 27 item 5: leave in payroll. A payroll run counts the approved leave of its period: paid
-- leave as paid time, unpaid leave as a deduction (salaried: the country's proration of the period;
-- hourly: not paid), with lines on the payslip; Burkina Faso's paid-leave allowance (allocation de
-- congé) replaces the salary of the days of annual leave. The arithmetic is RULES.md's "Leave"
-- section (src/domain/payroll/RULES.md), mirrored in TypeScript; docs/payroll.md cites the rules.

-- What a day of leave is worth in hours for a person paid by the hour (paid leave at the regular
-- rate for these hours). A column of each dated version; the existing versions take 8 hours.
alter table public.leave_policies add column day_hours numeric not null default 8;
alter table public.leave_policies add constraint leave_policies_day_hours_range
  check (day_hours > 0 and day_hours <= 24);

-- Burkina Faso: unpaid leave withholds 1/30 of the monthly salary per calendar day, and the days of
-- annual leave are paid by the allowance: the average monthly remuneration of the twelve months
-- before, per 30 days of leave. A dated entry of the bf-2026 rule set with its source (the same
-- entry in src/domain/payroll/rule-sets.json).
update public.payroll_rule_sets
set params = params || jsonb_build_object('leave', jsonb_build_object(
  'days_per_month', '30',
  'allowance_types', jsonb_build_array('annual'),
  'reference_months', 12,
  'source', 'Code du travail du Burkina Faso (loi 028-2008/AN du 13 mai 2008), congé payé : allocation de congé au moins égale à la moyenne des salaires et éléments de rémunération des douze mois précédant le départ en congé, régime fixé par l''arrêté pris en application de l''art. 164 ; le mois compté pour 30 jours. Numéro d''article de l''allocation à confirmer.'))
where rule_set = 'bf-2026' and not params ? 'leave';

-- A version is added from a future date, never in the past (the ledger and past payrolls read the
-- versions in force then), by a person; migrations and the seed write the reference versions.
create or replace function app.stamp_leave_policy()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if app.my_employee_id() is not null and new.effective_from <= app.today() then
    perform app.refuse('leave.policy_not_future', jsonb_build_object('date', new.effective_from));
  end if;
  new.updated_by := app.my_employee_id();
  new.created_at := app.now();
  return new;
end
$$;
revoke all on function app.stamp_leave_policy() from public;

-- The approved leave of a pay period, per type, as compute_pay takes it: days (bf-2026: calendar
-- days but public holidays, for the 1/30 rule; otherwise the person's working days: their shifts'
-- weekdays, else Monday to Friday, as app.attendance_days_live plans them, but public holidays),
-- half days counting half; hours = working days × the policy's day_hours (for hourly pay); whether
-- the policy in force at the period's end pays it; and the period's working days (the salaried
-- proration's denominator outside Burkina Faso).
create or replace function payroll.leave_input(p_employee_id uuid, p_from date, p_to date, p_rule_set text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
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
  taken as (
    select l.leave_type,
      sum(case when l.half_day is null then 1 else 0.5 end) filter (where not d.holiday) as calendar_days,
      coalesce(sum(case when l.half_day is null then 1 else 0.5 end) filter (where d.planned and not d.holiday), 0) as working_days
    from app.leave_days(array[p_employee_id], p_from, p_to) l
    join days d on d.day = l.day
    group by l.leave_type
  ),
  lines as (
    select t.leave_type,
      case when p_rule_set = 'bf-2026' then coalesce(t.calendar_days, 0) else t.working_days end as days,
      t.working_days * coalesce(pol.day_hours, 8) as hours,
      coalesce(pol.paid, false) as paid
    from taken t cross join person
    left join lateral app.leave_policy(person.country, t.leave_type, p_to) pol on true
  )
  select jsonb_build_object(
    'working_days', (select count(*) from days where planned and not holiday)::text,
    'leave', coalesce((select jsonb_agg(jsonb_build_object('type', leave_type, 'paid', paid,
        'days', days::text, 'hours', hours::text) order by leave_type)
      from lines where days > 0 or hours > 0), '[]'::jsonb))
$$;
revoke all on function payroll.leave_input(uuid, date, date, text) from public;

-- The average monthly remuneration of the twelve months before a day (Burkina Faso's paid-leave
-- allowance): the processed or paid payroll records ending in that window, each as its monthly
-- equivalent ((gross − allowances) × periods ÷ 12: the allowances keep being paid during the
-- leave), averaged. Null when there is none (compute_pay then takes the current salary).
create or replace function payroll.leave_reference_pay(p_employee_id uuid, p_before date, p_months integer)
returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select round(avg((r.gross_pay - r.allowances) * payroll.periods(pr.frequency::text) / 12), 2)
  from public.payroll_records r
  join public.payroll_runs pr on pr.id = r.run_id
  where r.employee_id = p_employee_id and r.status in ('processed', 'paid')
    and r.pay_period_end < p_before
    and r.pay_period_end >= (p_before - make_interval(months => p_months))::date
$$;
revoke all on function payroll.leave_reference_pay(uuid, date, integer) from public;
