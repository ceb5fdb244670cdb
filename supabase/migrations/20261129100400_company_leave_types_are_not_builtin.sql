-- Issue 27 item 1: admins add the company's own leave types from Settings; a type they add is never
-- a built-in one (built-in types keep their code, app.guard_leave_type).
create policy leave_types_company_insert on public.leave_types
  as restrictive
  for insert
  to authenticated
  with check (not builtin);
