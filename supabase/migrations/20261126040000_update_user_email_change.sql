-- issue 28 §2: an e-mail change reaches the employee record only once the new address is
-- confirmed, and the audit row names the person as its actor.
--
-- Supabase Auth applies a confirmed change in one UPDATE of auth.users that moves email_change into
-- email (the person followed the link sent to the new address). That transaction carries no JWT,
-- so the employees audit trigger would record no actor: the person's own identity is set for the
-- length of the employees update, then the previous claims are put back. A change by the admin API
-- (service role, immediate) keeps whatever identity the transaction has.
create or replace function app.handle_user_email_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  previous_claims text := current_setting('request.jwt.claims', true);
  confirmed_by_owner boolean :=
    auth.uid() is null and coalesce(old.email_change, '') <> '' and new.email = old.email_change;
begin
  if new.email is not distinct from old.email then
    return new;
  end if;
  if confirmed_by_owner then
    perform set_config('request.jwt.claims',
      jsonb_build_object('sub', new.id, 'role', 'authenticated')::text, true);
  end if;
  update public.employees set email = new.email where user_id = new.id and email is distinct from new.email;
  if confirmed_by_owner then
    perform set_config('request.jwt.claims', coalesce(previous_claims, ''), true);
  end if;
  return new;
end
$$;
