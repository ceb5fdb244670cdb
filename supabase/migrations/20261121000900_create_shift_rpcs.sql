-- The spec's stored procedure, and saving a shift with its assignments in one step.

create function public.get_shifts_with_employees()
returns table (
  id uuid, name text, site_id uuid, start_time time, end_time time, break_duration integer,
  days_of_week text[], employees jsonb
)
language sql stable security invoker set search_path = '' as $$
  select s.id, s.name, s.site_id, s.start_time, s.end_time, s.break_duration, s.days_of_week,
    coalesce((
      select jsonb_agg(jsonb_build_object('id', e.id, 'name', btrim(e.first_name || ' ' || e.last_name))
                       order by e.first_name, e.last_name)
      from public.shift_assignments sa
      join public.employees e on e.id = sa.employee_id
      where sa.shift_id = s.id
    ), '[]'::jsonb)
  from public.shifts s
  order by s.start_time, s.name
$$;

create function public.save_shift(
  p_name text,
  p_start_time time,
  p_end_time time,
  p_days_of_week text[],
  p_break_duration integer default 0,
  p_employee_ids uuid[] default '{}',
  p_site_id uuid default null,
  p_id uuid default null
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  shift_id uuid;
  unknown uuid;
begin
  if not (app.is_trusted() or app.has_role('admin', 'hr')) then
    perform app.forbid('Only admins and HR can create or edit shifts');
  end if;
  if btrim(coalesce(p_name, '')) = '' or p_start_time is null or p_end_time is null
     or coalesce(cardinality(p_days_of_week), 0) = 0 then
    perform app.refuse('Name, start time, end time and at least one day are required');
  end if;
  if p_start_time = p_end_time then
    perform app.refuse('A shift cannot end when it starts');
  end if;
  select u into unknown from unnest(coalesce(p_employee_ids, '{}')) u
  where not exists (select 1 from public.employees e where e.id = u and e.status = 'active') limit 1;
  if unknown is not null then
    perform app.refuse('Employee not found', format('No active employee with id %s', unknown));
  end if;

  if p_id is null then
    insert into public.shifts (name, site_id, start_time, end_time, break_duration, days_of_week)
    values (btrim(p_name), p_site_id, p_start_time, p_end_time, coalesce(p_break_duration, 0), p_days_of_week)
    returning id into shift_id;
  else
    update public.shifts set name = btrim(p_name), site_id = p_site_id, start_time = p_start_time,
      end_time = p_end_time, break_duration = coalesce(p_break_duration, 0), days_of_week = p_days_of_week
    where id = p_id returning id into shift_id;
    if shift_id is null then
      perform app.refuse('Shift not found');
    end if;
    delete from public.shift_assignments where shift_assignments.shift_id = p_id;
  end if;
  insert into public.shift_assignments (shift_id, employee_id)
  select shift_id, u from unnest(coalesce(p_employee_ids, '{}')) u
  on conflict do nothing;
  return shift_id;
exception
  when check_violation then
    perform app.refuse('Invalid shift', sqlerrm);
end
$$;

revoke execute on function public.save_shift(text, time, time, text[], integer, uuid[], uuid, uuid) from anon, public;
grant execute on function public.save_shift(text, time, time, text[], integer, uuid[], uuid, uuid) to authenticated, service_role;
revoke execute on function public.get_shifts_with_employees() from anon, public;
grant execute on function public.get_shifts_with_employees() to authenticated, service_role;
