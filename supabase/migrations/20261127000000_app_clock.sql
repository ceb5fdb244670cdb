-- One clock for business time (issue 24 item 5). Every function, default and trigger that needs
-- "now" or "today" for the product reads app.now() / app.today() (the rewrite migration after this
-- one moves them all), so that tests can pin the date and hour they need.
--
-- app.now() is the real now() unless a test clock is pinned, and a test clock can only be pinned
-- in a database where the local stack allowed it (`alter database ... set app.test_clock = 'on'`,
-- done by server/stack.ts for test and bench stacks only: `npm start` and Supabase never set it,
-- so not even the service key can move a production clock).
--
-- Performance: app.now() is called in report queries. It is a plain SQL function without
-- `set search_path`, so the planner inlines it: in production it costs a setting lookup beside
-- now(); the pinned clock's table is read only where the setting is on.

-- At most one row: the pinned moment, the real time it was pinned at, and whether it stays still.
create table app.clock (
  only_row boolean primary key default true check (only_row),
  pinned_at timestamptz not null,
  set_at timestamptz not null,
  frozen boolean not null default false
);
alter table app.clock enable row level security;
revoke all on app.clock from public, anon, authenticated, service_role;
create policy session_assured on app.clock as restrictive for all to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));

-- The pinned clock: it advances with real time from the moment it was pinned (a test still sees
-- a check-out after its check-in), unless frozen. The real now() when nothing is pinned.
create function app.test_clock_now() returns timestamptz
language sql stable security definer parallel safe set search_path = '' as $$
  select coalesce(
    (select case when c.frozen then c.pinned_at else c.pinned_at + (pg_catalog.now() - c.set_at) end
       from app.clock c),
    pg_catalog.now())
$$;

-- THE time of the product. Inlinable: language sql, stable, no `set` clause, qualified names.
create function app.now() returns timestamptz
language sql stable parallel safe as $$
  select case when pg_catalog.current_setting('app.test_clock', true) = 'on'
    then app.test_clock_now() else pg_catalog.now() end
$$;

-- What current_date meant: the date of app.now() in the session's time zone.
create function app.today() returns date
language sql stable parallel safe as $$
  select app.now()::date
$$;

grant execute on function app.test_clock_now(), app.now(), app.today() to public;

-- Whether this database allows a test clock: the database-level setting (pg_db_role_setting), not
-- the session's, which any connection could set for itself.
create function app.test_clock_allowed() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from pg_catalog.pg_db_role_setting s
      join pg_catalog.pg_database d on d.oid = s.setdatabase
     where d.datname = pg_catalog.current_database() and s.setrole = 0
       and 'app.test_clock=on' = any (s.setconfig))
$$;
revoke execute on function app.test_clock_allowed() from public, anon, authenticated;
grant execute on function app.test_clock_allowed() to service_role;

-- Pins the clock at p_at (advancing from there, or frozen). Test and bench stacks only.
create function public.set_test_clock(p_at timestamptz, p_frozen boolean default false)
returns timestamptz
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not app.test_clock_allowed() then
    raise exception using errcode = '42501', message = 'clock.test_clock_not_allowed',
      detail = '{}', hint = 'Only a test or bench stack allows a test clock.';
  end if;
  if p_at is null then
    raise exception using errcode = '22004', message = 'clock.moment_required', detail = '{}';
  end if;
  insert into app.clock (only_row, pinned_at, set_at, frozen)
  values (true, p_at, pg_catalog.now(), coalesce(p_frozen, false))
  on conflict (only_row) do update
    set pinned_at = excluded.pinned_at, set_at = excluded.set_at, frozen = excluded.frozen;
  return p_at;
end
$$;

-- Back to the real time.
create function public.clear_test_clock() returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not app.test_clock_allowed() then
    raise exception using errcode = '42501', message = 'clock.test_clock_not_allowed',
      detail = '{}', hint = 'Only a test or bench stack allows a test clock.';
  end if;
  delete from app.clock where only_row;
end
$$;

revoke execute on function public.set_test_clock(timestamptz, boolean), public.clear_test_clock()
  from public, anon, authenticated;
grant execute on function public.set_test_clock(timestamptz, boolean), public.clear_test_clock()
  to service_role;
