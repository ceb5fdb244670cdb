-- The covered range of app.person_days moves forward with the days instead of starting forever at
-- the first migration's date minus 800 days: when the table moves its end up to yesterday (the
-- first write of a UTC day, app.person_days_advance), its start moves up to the first day of the
-- month 800 days before that (about two years and two months: a year's report against the year
-- before always reads the table). The table then holds 800 to 831 days instead of growing by a
-- year per year, and so does the work of a change that refreshes everything (the default working
-- hours).
--
-- Why whole months: the roll-ups (app.person_months, app.person_days_cum's running sums within a
-- month) of a month whose first covered day is its first day do not depend on anything before it,
-- so dropping the months before the new start is only deletes: nothing is recomputed, and every
-- row left is still exactly what the definition says. Days before the start are computed live on
-- read (correct, slower), as before.
create or replace function app.person_days_advance() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  target date := (now() at time zone 'UTC')::date - 1;
  new_lo date := date_trunc('month', (now() at time zone 'UTC')::date - 1 - 800)::date;
  old_hi date;
  old_lo date;
begin
  select c.hi into old_hi from app.person_days_coverage c;
  if not found or old_hi >= target then return; end if;
  -- One writer moves it; the others wait here and then find it done.
  select c.lo, c.hi into old_lo, old_hi from app.person_days_coverage c for update;
  if old_hi >= target then return; end if;
  update app.person_days_coverage set hi = target;
  perform app.person_days_refresh(null, old_hi + 1, target);
  if old_lo < new_lo then
    update app.person_days_coverage set lo = new_lo;
    delete from app.person_days where day < new_lo;
    delete from app.person_days_cum where day < new_lo;
    delete from app.person_months where month < new_lo;
    delete from app.day_figures where day < new_lo;
  end if;
end
$$;
revoke execute on function app.person_days_advance() from anon, authenticated, public;
