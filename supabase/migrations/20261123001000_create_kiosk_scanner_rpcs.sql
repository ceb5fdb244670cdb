-- The scanner page's database side: keeping a kiosk's roster current, the duplicate check at
-- enrolment, and the removal of an enrolled finger.

-- kiosk_roster() again, the same rows, but the caller's role and site computed once per call instead
-- of once per row (5,000 enrolled people took seconds), and ordered by id last so pages are stable
-- (PostgREST answers at most 1,000 rows: the scanner page reads the roster in pages).
create or replace function public.kiosk_roster()
returns table (employee_id uuid, name text, site_id uuid, finger public.finger, template bytea, template_format text)
language sql stable security definer set search_path = '' as $$
  with me as materialized (select app.my_role() as role, app.my_site_id() as site)
  select e.id, btrim(e.first_name || ' ' || e.last_name), e.site_id, b.finger, b.template, b.template_format
  from me
  join public.employees e on e.status = 'active' and e.role <> 'kiosk'
    and (me.role = 'admin' or (me.role = 'kiosk' and e.site_id = me.site))
  left join public.biometric_enrolments b on b.employee_id = e.id
  order by e.first_name, e.last_name, e.id, b.finger
$$;

-- A fingerprint of the roster kiosk_roster() would return (who is enrolled with which template):
-- the scanner page polls this cheap value and downloads the roster again only when it changes, so an
-- enrolment or a removal reaches a running kiosk without a reload (kiosks cannot read the tables, so
-- the realtime feed of biometric_enrolments does not reach them).
create function public.kiosk_roster_version()
returns text
language sql stable security definer set search_path = '' as $$
  with me as materialized (select app.my_role() as role, app.my_site_id() as site)
  select md5(coalesce(string_agg(e.id::text || ':' || coalesce(b.id::text, '-') || ':' || e.first_name || ' ' || e.last_name,
    ',' order by e.id, b.id), ''))
  from me
  join public.employees e on e.status = 'active' and e.role <> 'kiosk'
    and (me.role = 'admin' or (me.role = 'kiosk' and e.site_id = me.site))
  left join public.biometric_enrolments b on b.employee_id = e.id
$$;

-- The duplicate check at enrolment (FINGERPRINT.md: "reject an enrolment whose finger already
-- belongs to another employee; a duplicate is found by identification, not by a hash").
--
-- Why this shape. Postgres cannot run the minutiae matcher (it is TypeScript, and a hash of a
-- template finds nothing: every impression differs), and this product has no trusted server
-- code besides the database. So the 1:N search has to run in the scanner page, in the enrolling
-- person's browser. What that browser must not learn is *whose* finger it is: a staff session
-- that could ask "which employee has this finger" would turn enrolment into a way to identify
-- people. This function therefore returns every active enrolment of the company except the
-- person being enrolled, as bare templates: no employee id, no name, no finger, no site, in a
-- new random order on every call. The scanner page identifies the three impressions against
-- them in its worker and reports to the host only "duplicate" or "not a duplicate"; it keeps
-- the templates in memory for that enrolment only and never stores them.
-- Who may call it: exactly who may enrol (admins, HR, a manager for their team or for a new
-- registration), each call audited as a 1:N search with the number of templates searched.
-- Accepted trade-off (kept short-lived and audited): an enrolling session holds anonymous
-- templates for the length of an enrolment. A trusted server-side matcher would remove it.
create function public.fingerprint_duplicate_gallery(p_employee_id uuid default null)
returns table (template bytea, template_format text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  searched integer;
begin
  if not (app.is_trusted() or app.has_role('admin', 'hr')
          or (app.has_role('manager') and (p_employee_id is null or app.manages_employee(p_employee_id)))) then
    perform app.forbid('You cannot enrol fingerprints for this employee');
  end if;
  select count(*) into searched
  from public.biometric_enrolments b join public.employees e on e.id = b.employee_id
  where e.status = 'active' and b.employee_id is distinct from p_employee_id;
  perform app.write_audit('biometric_enrolments', coalesce(p_employee_id::text, 'new'), 'duplicate_search',
    jsonb_build_object('templates', searched));
  return query
    select b.template, b.template_format
    from public.biometric_enrolments b join public.employees e on e.id = b.employee_id
    where e.status = 'active' and b.employee_id is distinct from p_employee_id
    order by random();
end
$$;

-- An admin removes an enrolled finger (e.g. before enrolling it again); the delete is audited
-- by the biometric_audit trigger, the reason here.
create function public.remove_fingerprint(p_employee_id uuid, p_finger public.finger, p_reason text default null)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only admins can remove an enrolled fingerprint');
  end if;
  delete from public.biometric_enrolments where employee_id = p_employee_id and finger = p_finger;
  if not found then
    perform app.refuse('No enrolled fingerprint', 'This finger is not enrolled for the employee.');
  end if;
  perform app.write_audit('biometric_enrolments', p_employee_id::text, 'remove',
    jsonb_build_object('finger', p_finger, 'reason', nullif(btrim(coalesce(p_reason, '')), '')));
end
$$;

revoke execute on function public.kiosk_roster_version(), public.fingerprint_duplicate_gallery(uuid),
  public.remove_fingerprint(uuid, public.finger, text) from anon, public;
grant execute on function public.kiosk_roster_version(), public.fingerprint_duplicate_gallery(uuid),
  public.remove_fingerprint(uuid, public.finger, text) to authenticated, service_role;
