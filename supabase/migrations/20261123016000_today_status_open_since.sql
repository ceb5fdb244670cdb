-- Quick Attendance and the Team Overview with a record left open on an earlier day: the person is
-- still checked in (check_in refuses 'Already Checked In', check_out closes that record), so
-- today_status says 'present' and gives the open record's site-local day in `open_since`
-- (null when the open record is today's, or when nothing is open). The return type changes, so the
-- function is dropped and created again, with the same grants.
drop function public.today_status(uuid[]);

create function public.today_status(p_employee_ids uuid[])
returns table (
  employee_id uuid,
  state text,
  late boolean,
  check_in timestamptz,
  check_out timestamptz,
  open_since date
)
language sql stable security invoker set search_path = '' as $$
  select e.id,
    case
      when o.id is not null then 'present'
      when a.id is null then 'absent'
      when a.check_out is null then 'present'
      else 'completed'
    end,
    coalesce(coalesce(o.punctuality, a.punctuality) = 'late', false),
    coalesce(o.check_in, a.check_in),
    case when o.id is null then a.check_out end,
    case when o.date < (now() at time zone s.time_zone)::date then o.date end
  from public.employees e
  join public.sites s on s.id = e.site_id
  -- The open record, whatever its day (there is at most one: check_in refuses a second).
  left join lateral (
    select * from public.attendances x
    where x.employee_id = e.id and x.check_out is null
    order by x.check_in desc limit 1
  ) o on true
  left join lateral (
    select * from public.attendances x
    where x.employee_id = e.id and x.date = (now() at time zone s.time_zone)::date
    order by x.check_in desc limit 1
  ) a on true
  where e.id = any (p_employee_ids)
$$;

revoke execute on function public.today_status(uuid[]) from anon, public;
grant execute on function public.today_status(uuid[]) to authenticated, service_role;
