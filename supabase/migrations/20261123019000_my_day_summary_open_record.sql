-- The employee portal's summary with a check-in left open on an earlier day: the person is still
-- checked in (today_status says 'present' since that day, check_in refuses 'Already Checked In'),
-- so 'present' is true for them too. Hours stay those of today's attendance day.
create or replace function public.my_day_summary()
returns table (present boolean, hours_today numeric, hours_week numeric, break_minutes integer, shift_names text[])
language sql stable security invoker set search_path = '' as $$
  with me as materialized (
    select app.my_employee_id() as id, public.my_local_day() as today
  ),
  d as (
    select ad.* from me cross join lateral app.attendance_days(me.today - 6, me.today, null, null, array[me.id]) ad
  ),
  todays_shifts as (
    select sh.name, sh.break_duration
    from me
    join public.shift_assignments sa on sa.employee_id = me.id
    join public.shifts sh on sh.id = sa.shift_id
    where to_char(me.today, 'Dy') = any (sh.days_of_week)
  )
  select
    coalesce(bool_or(d.present) filter (where d.day = (select today from me)), false)
      or exists (
        select 1 from public.attendances a
        where a.employee_id = (select id from me) and a.check_out is null
      ),
    coalesce(sum(d.hours) filter (where d.day = (select today from me)), 0),
    coalesce(sum(d.hours), 0),
    coalesce(
      (select sum(break_duration)::integer from todays_shifts),
      (select break_time * 60 from public.system_settings where id = 'default')
    ),
    coalesce((select array_agg(name order by name) from todays_shifts), '{}')
  from d
  where (select id from me) is not null
$$;
