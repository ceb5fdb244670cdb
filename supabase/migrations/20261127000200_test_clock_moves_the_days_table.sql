-- A pinned test clock is a fresh install at that moment for the cached days too: app.person_days
-- covers [today - 800, yesterday] in UTC and only ever moves forward with the days
-- (app.person_days_advance). The migrations filled it for the real date; a clock pinned on
-- another day (tests pin one in the past) re-bases and refills it, as the migration did.
create or replace function public.set_test_clock(p_at timestamptz, p_frozen boolean default false)
returns timestamptz
language plpgsql volatile security definer set search_path = '' as $$
declare
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
  insert into app.clock (only_row, pinned_at, set_at, frozen)
  values (true, p_at, pg_catalog.now(), coalesce(p_frozen, false))
  on conflict (only_row) do update
    set pinned_at = excluded.pinned_at, set_at = excluded.set_at, frozen = excluded.frozen;

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
