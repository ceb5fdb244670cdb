-- kiosk_roster() and its version, reconciled: the kiosk scanner's shape (the caller's role, site and
-- id computed once per call; stable order for paging) with the employee portal's rule (an employee or
-- a manager gets their own enrolment only, for a 1:1 check of their own finger). Kiosks get their
-- site, admins everyone, HR and anyone else nothing.
create or replace function public.kiosk_roster()
returns table (employee_id uuid, name text, site_id uuid, finger public.finger, template bytea, template_format text)
language sql stable security definer set search_path = '' as $$
  with me as materialized (select app.my_role() as role, app.my_site_id() as site, app.my_employee_id() as id)
  select e.id, btrim(e.first_name || ' ' || e.last_name), e.site_id, b.finger, b.template, b.template_format
  from me
  join public.employees e on e.status = 'active' and e.role <> 'kiosk'
    and (me.role = 'admin'
      or (me.role = 'kiosk' and e.site_id = me.site)
      or (me.role in ('employee', 'manager') and e.id = me.id))
  left join public.biometric_enrolments b on b.employee_id = e.id
  order by e.first_name, e.last_name, e.id, b.finger
$$;

create or replace function public.kiosk_roster_version()
returns text
language sql stable security definer set search_path = '' as $$
  with me as materialized (select app.my_role() as role, app.my_site_id() as site, app.my_employee_id() as id)
  select md5(coalesce(string_agg(e.id::text || ':' || coalesce(b.id::text, '-') || ':' || e.first_name || ' ' || e.last_name,
    ',' order by e.id, b.id), ''))
  from me
  join public.employees e on e.status = 'active' and e.role <> 'kiosk'
    and (me.role = 'admin'
      or (me.role = 'kiosk' and e.site_id = me.site)
      or (me.role in ('employee', 'manager') and e.id = me.id))
  left join public.biometric_enrolments b on b.employee_id = e.id
$$;
