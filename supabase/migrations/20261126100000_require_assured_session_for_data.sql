-- Supabase's MFA pattern in the database itself (follow-up to issue 28 §4): once a person has a
-- verified factor, a session that has not been verified with it (aal1, e.g. a stolen password)
-- reads and writes none of the company's data through plain REST or realtime, not only the
-- sensitive RPCs. Every table of the public schema with row-level security gets a RESTRICTIVE
-- policy for the authenticated role: it is ANDed with the table's permissive policies.
--
-- Reads keep to the factor rule only: the setting 'Require two-factor sign-in for admins and HR'
-- is enforced on the sensitive actions (app.require_aal2), not here, so that an admin or HR person
-- without a factor can still open the app and enrol one.
--
-- RULE FOR LATER MIGRATIONS: a new table with RLS needs the same policy:
--   create policy session_assured on public.<table> as restrictive for all to authenticated
--     using ((select app.session_assured())) with check ((select app.session_assured()));
-- tests/integration/product/two-factor.test.ts fails while a table lacks it.

create function app.session_assured() returns boolean
language sql stable security definer set search_path = '' as $$
  select not app.has_verified_factor() or coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
$$;
revoke execute on function app.session_assured() from public;
grant execute on function app.session_assured() to anon, authenticated, service_role;

do $$
declare
  t record;
begin
  for t in
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
      and not exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'session_assured')
    order by c.relname
  loop
    -- (select ...) makes it an init plan: evaluated once per statement, not once per row.
    execute format(
      'create policy session_assured on public.%I as restrictive for all to authenticated '
      'using ((select app.session_assured())) with check ((select app.session_assured()))',
      t.relname);
  end loop;
end
$$;
