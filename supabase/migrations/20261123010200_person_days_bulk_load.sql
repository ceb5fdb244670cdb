-- A bulk load may defer the upkeep of app.person_days to its end: with the transaction-local setting
-- app.person_days_defer = 'on' the triggers do nothing, and the load finishes with
-- select set_config('app.person_days_defer', 'off', true), app.person_days_refresh(null, '-infinity', 'infinity')
-- (the seed does; a thousand people's year then costs one fill instead of one per batch). Not
-- reachable through the API: PostgREST sets no such setting and no function sets it from input.
create or replace function app.person_days_refresh(p_employee_ids uuid[], p_from date, p_to date)
returns void
language plpgsql volatile security definer set search_path = '' set work_mem = '64MB' as $$
declare
  cov record;
  a date;
  b date;
begin
  -- A bulk load (the seed) defers the work to one refresh of everything at its end.
  if current_setting('app.person_days_defer', true) = 'on' then return; end if;
  select c.lo, c.hi into cov from app.person_days_coverage c;
  if not found or p_from is null or p_to is null then return; end if;
  a := greatest(p_from, cov.lo);
  b := least(p_to, cov.hi);
  if a > b or (p_employee_ids is not null and cardinality(p_employee_ids) = 0) then return; end if;

  -- The rows go, and their figures leave the per-day roll-up ...
  with old as (
    delete from app.person_days pd
    where pd.day between a and b and (p_employee_ids is null or pd.employee_id = any (p_employee_ids))
    returning pd.day, pd.site_id, pd.department_id, pd.present, pd.absent, pd.late, pd.expected
  )
  insert into app.day_figures as t (day, site_id, department_id, present, absent, late, expected, present_expected)
  select o.day, o.site_id, o.department_id,
    -count(*) filter (where o.present), -count(*) filter (where o.absent), -count(*) filter (where o.late),
    -count(*) filter (where o.expected), -count(*) filter (where o.expected and o.present)
  from old o group by 1, 2, 3
  on conflict (day, site_id, department_id) do update set
    present = t.present + excluded.present, absent = t.absent + excluded.absent, late = t.late + excluded.late,
    expected = t.expected + excluded.expected, present_expected = t.present_expected + excluded.present_expected;

  -- ... and the definition's rows come back, with theirs.
  with fresh as (
    insert into app.person_days
    select * from app.attendance_days_live(a, b, null, null, p_employee_ids, true)
    returning day, site_id, department_id, present, absent, late, expected
  )
  insert into app.day_figures as t (day, site_id, department_id, present, absent, late, expected, present_expected)
  select f.day, f.site_id, f.department_id,
    count(*) filter (where f.present), count(*) filter (where f.absent), count(*) filter (where f.late),
    count(*) filter (where f.expected), count(*) filter (where f.expected and f.present)
  from fresh f group by 1, 2, 3
  on conflict (day, site_id, department_id) do update set
    present = t.present + excluded.present, absent = t.absent + excluded.absent, late = t.late + excluded.late,
    expected = t.expected + excluded.expected, present_expected = t.present_expected + excluded.present_expected;

  delete from app.person_months pm
  where pm.month between date_trunc('month', a)::date and date_trunc('month', b)::date
    and (p_employee_ids is null or pm.employee_id = any (p_employee_ids));
  insert into app.person_months
  select pd.employee_id, date_trunc('month', pd.day)::date, max(pd.site_id::text)::uuid, max(pd.department_id::text)::uuid,
    bool_or(pd.employed),
    count(*) filter (where pd.expected), count(*) filter (where pd.present),
    count(*) filter (where pd.expected and pd.present), count(*) filter (where pd.late),
    count(*) filter (where pd.absent), coalesce(sum(pd.hours), 0), coalesce(sum(pd.overtime_hours), 0),
    count(*) filter (where pd.present and pd.employed), count(*) filter (where pd.late and pd.employed),
    coalesce(sum(pd.hours) filter (where pd.employed), 0)
  from app.person_days pd
  where pd.day between date_trunc('month', a)::date and (date_trunc('month', b) + interval '1 month - 1 day')::date
    and (p_employee_ids is null or pd.employee_id = any (p_employee_ids))
  group by 1, 2;
end
$$;
revoke execute on function app.person_days_refresh(uuid[], date, date) from anon, authenticated, public;
