-- issue 28 §2: an e-mail change reaches the employee record only once the new address is
-- confirmed, and the audit row names the person as its actor.
--
-- Supabase Auth applies a confirmed change in one UPDATE of auth.users that moves email_change into
-- email (the person followed the link sent to the new address). That transaction carries no JWT, so
-- the employees audit trigger writes its row without an actor: the person is then recorded as the
-- actor of the row this very transaction wrote for their record (now() is the transaction's start,
-- the row's created_at). The employees guard still sees no caller, as for any change made by auth
-- itself. A change through the admin API (service role, immediate) keeps the actor the transaction
-- has, if any.
create or replace function app.handle_user_email_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  confirmed_by_owner boolean :=
    auth.uid() is null and coalesce(old.email_change, '') <> '' and new.email = old.email_change;
  employee uuid;
begin
  if new.email is not distinct from old.email then
    return new;
  end if;
  update public.employees set email = new.email
  where user_id = new.id and email is distinct from new.email
  returning id into employee;
  if confirmed_by_owner and employee is not null then
    update public.audit_logs set actor = new.id, actor_employee_id = employee
    where entity = 'employees' and entity_id = employee::text and actor is null and created_at = now();
  end if;
  return new;
end
$$;
