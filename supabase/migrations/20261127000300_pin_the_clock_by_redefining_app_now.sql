-- app.now() without a cost: measured on a million rows, the setting lookup of the first version
-- doubled the time of now() in production, and a pinned test clock (a table read per call) made
-- it forty times slower. Now app.now() is just pg_catalog.now() (inlined: the same cost), and
-- pinning the clock re-creates app.now() with the pinned moment as a constant:
--   advancing: '<pinned_at>'::timestamptz + (pg_catalog.now() - '<real time when pinned>')
--   frozen:    '<pinned_at>'::timestamptz
-- Plans cached in other functions follow: Postgres invalidates a plan when a function it
-- inlined is redefined. Only a database where the stack allowed test clocks can be pinned
-- (app.test_clock_allowed), so `npm start` and Supabase keep the real time.

create or replace function app.now() returns timestamptz
language sql stable parallel safe as $$
  select pg_catalog.now()
$$;

-- Back to the real time (no check: used by the stack and by clear_test_clock).
create function app.unpin_clock() returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  execute $sql$
    create or replace function app.now() returns timestamptz
    language sql stable parallel safe as $body$
      select pg_catalog.now()
    $body$
  $sql$;
end
$$;
revoke execute on function app.unpin_clock() from public, anon, authenticated, service_role;

create or replace function public.set_test_clock(p_at timestamptz, p_frozen boolean default false)
returns timestamptz
language plpgsql volatile security definer set search_path = '' as $$
declare
  moment text := pg_catalog.quote_literal(p_at::text);
  day date;
  covered_to date;
begin
  if not app.test_clock_allowed() then
    raise exception using errcode = '42501', message = 'clock.test_clock_not_allowed',
      detail = '{}', hint = 'Only a test or bench stack allows a test clock.';
  end if;
  if p_at is null then
    raise exception using errcode = '22004', message = 'clock.moment_required', detail = '{}';
  end if;
  execute format(
    $sql$
      create or replace function app.now() returns timestamptz
      language sql stable parallel safe as $body$
        select %s
      $body$
    $sql$,
    case when coalesce(p_frozen, false) then format('%s::timestamptz', moment)
      else format('%s::timestamptz + (pg_catalog.now() - %L::timestamptz)', moment, pg_catalog.now()::text) end);

  -- The cached days table, re-based on the pinned yesterday (see 20261127000200).
  day := (p_at at time zone 'UTC')::date;
  select c.hi into covered_to from app.person_days_coverage c for update;
  if found and covered_to <> day - 1 then
    delete from app.person_days;
    delete from app.person_days_cum;
    delete from app.person_months;
    delete from app.day_figures;
    update app.person_days_coverage set lo = day - 800, hi = day - 1;
    perform app.person_days_refresh(null, '-infinity', 'infinity');
  end if;
  return p_at;
end
$$;

create or replace function public.clear_test_clock() returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not app.test_clock_allowed() then
    raise exception using errcode = '42501', message = 'clock.test_clock_not_allowed',
      detail = '{}', hint = 'Only a test or bench stack allows a test clock.';
  end if;
  perform app.unpin_clock();
end
$$;

-- The first version's pinned clock: a table read on every call.
drop function app.test_clock_now();
drop table app.clock;
