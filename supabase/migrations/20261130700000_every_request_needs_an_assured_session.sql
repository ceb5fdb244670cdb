-- A password-only session of a person with two-factor sign-in reads and writes nothing: the
-- restrictive `session_assured` policy covered the tables, but security-definer RPCs run past row
-- security (a hostile review read another person's payslip and processed a payroll run at aal1).
-- PostgREST calls one function before every request, table or RPC alike (its db-pre-request
-- setting, in the database so a Supabase project gets it from this migration): it refuses such a
-- session with the same code as the tables' policy. Kiosks and people without a factor pass.
create or replace function app.pre_request()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform app.require_assured_session();
end
$$;

revoke all on function app.pre_request() from public;
grant execute on function app.pre_request() to anon, authenticated, service_role;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'authenticator') then
    alter role authenticator set pgrst.db_pre_request = 'app.pre_request';
  end if;
end
$$;

notify pgrst, 'reload config';
