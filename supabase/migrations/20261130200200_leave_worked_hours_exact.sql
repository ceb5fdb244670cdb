-- What was worked of a leave in hours is exact (punched hours have 2 decimals, a policy's day hours
-- may have more): rounding it to 2 decimals could make it exceed the leave's hours (day_hours 7.3333,
-- half a day 3.66665, worked 4 h: 3.67 > 3.66665) and compute_pay would refuse the run. The days,
-- a quotient, stay rounded to 2 decimals (never above the days: they count in halves).

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
      round(t.worked_days, 2) as worked_days, t.worked_hours
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
