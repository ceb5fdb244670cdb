-- The employee portal checks a person in by their own finger (issue 10): its scanner must verify the
-- press against that person's template, and nobody else's. kiosk_roster() (and its version) therefore
-- also answer an employee or a manager with their own enrolment only — a 1:1 verification in their
-- browser: a finger of someone else is "not recognized" there, never named. Kiosks keep their site,
-- admins everyone; HR and other people get no template.
create or replace function public.kiosk_roster()
returns table (employee_id uuid, name text, site_id uuid, finger public.finger, template bytea, template_format text)
language sql stable security definer set search_path = '' as $$
  select e.id, btrim(e.first_name || ' ' || e.last_name), e.site_id, b.finger, b.template, b.template_format
  from public.employees e
  left join public.biometric_enrolments b on b.employee_id = e.id
  where e.status = 'active' and e.role <> 'kiosk'
    and (
      (app.has_role('kiosk', 'admin')
        and e.site_id = coalesce(case when app.has_role('kiosk') then app.my_site_id() end, e.site_id))
      or (app.has_role('employee', 'manager') and e.id = app.my_employee_id())
    )
  order by e.first_name, e.last_name, b.finger
$$;

create or replace function public.kiosk_roster_version()
returns text
language sql stable security definer set search_path = '' as $$
  select md5(coalesce(string_agg(e.id::text || ':' || coalesce(b.id::text, '-') || ':' || e.first_name || ' ' || e.last_name,
    ',' order by e.id, b.id), ''))
  from public.employees e
  left join public.biometric_enrolments b on b.employee_id = e.id
  where e.status = 'active' and e.role <> 'kiosk'
    and (
      (app.has_role('kiosk', 'admin')
        and e.site_id = coalesce(case when app.has_role('kiosk') then app.my_site_id() end, e.site_id))
      or (app.has_role('employee', 'manager') and e.id = app.my_employee_id())
    )
$$;
