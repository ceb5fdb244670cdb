-- Row-level security per the role matrix of PRODUCT.md. Every table has RLS; anon
-- has no grant on any of them. (select app.fn()) lets Postgres evaluate each helper once per query.

revoke all on all tables in schema public from anon;
alter default privileges in schema public revoke all on tables from anon;

alter table public.sites enable row level security;
alter table public.departments enable row level security;
alter table public.department_managers enable row level security;
alter table public.employees enable row level security;
alter table public.role_requests enable row level security;
alter table public.biometric_enrolments enable row level security;
alter table public.system_settings enable row level security;
alter table public.holidays enable row level security;
alter table public.audit_logs enable row level security;
alter table public.shifts enable row level security;
alter table public.shift_assignments enable row level security;
alter table public.attendances enable row level security;
alter table public.notifications enable row level security;

-- Reference data: read by every signed-in account, written by admins (departments also by HR).
create policy sites_read on public.sites for select to authenticated using ((select app.my_role()) is not null);
create policy sites_admin on public.sites for all to authenticated
  using ((select app.has_role('admin'))) with check ((select app.has_role('admin')));

create policy departments_read on public.departments for select to authenticated
  using ((select app.my_role()) is not null);
create policy departments_write on public.departments for all to authenticated
  using ((select app.has_role('admin', 'hr'))) with check ((select app.has_role('admin', 'hr')));

create policy department_managers_read on public.department_managers for select to authenticated
  using ((select app.has_role('admin', 'hr', 'manager')) or employee_id = (select app.my_employee_id()));
create policy department_managers_write on public.department_managers for all to authenticated
  using ((select app.has_role('admin', 'hr'))) with check ((select app.has_role('admin', 'hr')));

create policy holidays_read on public.holidays for select to authenticated using ((select app.my_role()) is not null);
create policy holidays_admin on public.holidays for all to authenticated
  using ((select app.has_role('admin'))) with check ((select app.has_role('admin')));

create policy settings_read on public.system_settings for select to authenticated
  using ((select app.my_role()) is not null);
create policy settings_admin_update on public.system_settings for update to authenticated
  using ((select app.has_role('admin'))) with check ((select app.has_role('admin')));
create policy settings_admin_insert on public.system_settings for insert to authenticated
  with check ((select app.has_role('admin')));

-- Employees. Kiosks do not read this table: they get their site's roster from kiosk_roster().
create policy employees_read on public.employees for select to authenticated using (
  (select app.has_role('admin', 'hr', 'manager')) or id = (select app.my_employee_id())
);
create policy employees_insert on public.employees for insert to authenticated with check (
  (select app.has_role('admin', 'hr'))
  or ((select app.has_role('manager')) and app.manages_department(department_id))
);
create policy employees_update on public.employees for update to authenticated using (
  (select app.has_role('admin', 'hr')) or app.manages_employee(id) or id = (select app.my_employee_id())
) with check (
  (select app.has_role('admin', 'hr'))
  or ((select app.has_role('manager')) and app.manages_department(department_id))
  or id = (select app.my_employee_id())
);
-- Hard delete only when nothing refers to the employee (foreign keys refuse otherwise).
create policy employees_delete on public.employees for delete to authenticated using (
  (select app.has_role('admin', 'hr')) or app.manages_employee(id)
);

create policy role_requests_read on public.role_requests for select to authenticated using (
  (select app.has_role('admin', 'hr')) or employee_id = (select app.my_employee_id())
);

-- Templates: admins only through the table; kiosks through kiosk_roster(); writes through enrol_fingerprint().
create policy biometric_admin_read on public.biometric_enrolments for select to authenticated
  using ((select app.has_role('admin')));
create policy biometric_delete on public.biometric_enrolments for delete to authenticated
  using ((select app.has_role('admin')));

create policy audit_read on public.audit_logs for select to authenticated using ((select app.has_role('admin', 'hr')));

-- Shifts.
create policy shifts_read on public.shifts for select to authenticated using (
  (select app.has_role('admin', 'hr', 'manager'))
  or ((select app.has_role('kiosk')) and site_id = (select app.my_site_id()))
  or exists (
    select 1 from public.shift_assignments sa
    where sa.shift_id = shifts.id and sa.employee_id = (select app.my_employee_id())
  )
);
create policy shifts_write on public.shifts for all to authenticated
  using ((select app.has_role('admin', 'hr'))) with check ((select app.has_role('admin', 'hr')));

create policy assignments_read on public.shift_assignments for select to authenticated using (
  (select app.has_role('admin', 'hr', 'manager')) or employee_id = (select app.my_employee_id())
);
create policy assignments_insert on public.shift_assignments for insert to authenticated with check (
  (select app.has_role('admin', 'hr')) or app.manages_employee(employee_id)
);
create policy assignments_delete on public.shift_assignments for delete to authenticated using (
  (select app.has_role('admin', 'hr')) or app.manages_employee(employee_id)
);

-- Attendance is read here and written only through the RPCs (check_in, check_out, correct_attendance),
-- which compute dates and punctuality, keep the invariants and write the audit log.
create policy attendances_read on public.attendances for select to authenticated using (
  (select app.has_role('admin', 'hr'))
  or employee_id = (select app.my_employee_id())
  or employee_id in (select app.my_team_ids())
);
revoke insert, update, delete, truncate on public.attendances from authenticated;

-- Notifications.
create policy notifications_read on public.notifications for select to authenticated using (
  (select app.has_role('admin')) or employee_id = (select app.my_employee_id())
  or (created_by = (select app.my_employee_id()) and (select app.has_role('hr', 'manager')))
);
create policy notifications_send on public.notifications for insert to authenticated with check (
  (select app.has_role('admin', 'hr')) or app.manages_employee(employee_id)
);
create policy notifications_mark_read on public.notifications for update to authenticated using (
  (select app.has_role('admin')) or employee_id = (select app.my_employee_id())
) with check (
  (select app.has_role('admin')) or employee_id = (select app.my_employee_id())
);
create policy notifications_admin_delete on public.notifications for delete to authenticated
  using ((select app.has_role('admin')));

revoke truncate on all tables in schema public from authenticated;
revoke insert, update, delete on public.audit_logs from authenticated;
revoke insert, update on public.biometric_enrolments from authenticated;
revoke insert, update, delete on public.role_requests from authenticated;
