-- Hostile review, session 7: trigger functions took the default grant (PUBLIC, and anon by the
-- schema's default privileges). No API role calls a trigger function (Postgres refuses a direct
-- call, and firing a trigger checks no EXECUTE privilege), so a signed-out caller has no business
-- holding it: anon and PUBLIC lose it on every trigger function of the product's schemas.
-- authenticated and service_role keep their explicit grants (nothing they do changes).
do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'app', 'payroll') and p.prorettype = 'trigger'::regtype
  loop
    execute format('revoke execute on function %s from public, anon', f);
  end loop;
end
$$;
