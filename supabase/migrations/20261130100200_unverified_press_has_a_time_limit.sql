-- Hostile review L6 (issue 26). HR could record an unverified kiosk press as the person's punch
-- however old it was: into a payroll period already processed or paid (hours the pay never sees, or
-- a settled month changed), or months later. Now recording is refused when the press is older than
-- app.press_review_days() (31 days: `biometric.press_too_old` {days}) or falls in a pay period of the
-- person already processed or paid (`biometric.press_period_settled` {date}); HR can still dismiss
-- it. The person is told how their press was resolved (`biometric.press_recorded` /
-- `biometric.press_dismissed` {date, action}): it was their punch that did not count on the day.

create or replace function app.press_review_days()
returns integer
language sql
immutable
set search_path = ''
as $$ select 31 $$;

grant execute on function app.press_review_days() to public;

create or replace function public.resolve_unverified_press(p_id uuid, p_resolution text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  press public.unverified_presses;
  target public.employees;
  record_row public.attendances;
  press_date date;
begin
  perform app.require_assured_session();
  if not app.has_role('admin', 'hr') then
    perform app.forbid('biometric.press_review_hr_only');
  end if;
  if p_resolution is null or p_resolution not in ('dismissed', 'recorded') then
    perform app.refuse('biometric.press_resolution_unknown');
  end if;
  select * into press from public.unverified_presses where id = p_id for update;
  if not found then
    perform app.refuse('biometric.press_not_found');
  end if;
  if press.resolution is not null then
    perform app.refuse('biometric.press_already_resolved');
  end if;
  select * into target from public.employees e
  where e.site_id = press.site_id and e.personal_number = press.personal_number and e.status = 'active'
    and e.role <> 'kiosk';
  press_date := (press.pressed_at at time zone (select s.time_zone from public.sites s where s.id = press.site_id))::date;
  if p_resolution = 'recorded' then
    if target.id is null then
      perform app.refuse('biometric.press_person_unknown', jsonb_build_object('number', press.personal_number));
    end if;
    if press.pressed_at < app.now() - make_interval(days => app.press_review_days()) then
      perform app.refuse('biometric.press_too_old', jsonb_build_object('days', app.press_review_days()));
    end if;
    if exists (select 1 from public.payroll_records r
        where r.employee_id = target.id and r.status in ('processed', 'paid')
          and press_date between r.pay_period_start and r.pay_period_end) then
      perform app.refuse('biometric.press_period_settled', jsonb_build_object('date', press_date));
    end if;
    if press.action = 'check_in' then
      record_row := app.record_check_in(target, 'manual', press.device, press.pressed_at);
    else
      record_row := app.record_check_out(target, press.pressed_at);
    end if;
  end if;
  update public.unverified_presses set resolution = p_resolution, resolved_at = app.now(),
    resolved_by = app.my_employee_id(), attendance_id = record_row.id
  where id = press.id;
  perform app.write_audit('unverified_presses', press.id::text, p_resolution,
    jsonb_build_object('personal_number', press.personal_number, 'action', press.action,
      'pressed_at', press.pressed_at, 'employee_id', target.id, 'attendance_id', record_row.id));
  if target.id is not null and p_resolution = 'recorded' then
    perform app.notify(target.id, 'biometric.press_recorded', jsonb_build_object('date', press_date, 'action', press.action));
  elsif target.id is not null then
    perform app.notify(target.id, 'biometric.press_dismissed', jsonb_build_object('date', press_date, 'action', press.action));
  end if;
  return jsonb_build_object('id', press.id, 'resolution', p_resolution, 'attendance_id', record_row.id);
end
$$;

revoke all on function public.resolve_unverified_press(uuid, text) from public;
grant execute on function public.resolve_unverified_press(uuid, text) to authenticated, service_role;
