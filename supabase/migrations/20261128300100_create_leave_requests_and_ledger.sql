-- Issue 27 items 2 and 3: leave requests (written only through the workflow RPCs of the next
-- migration), HR's balance adjustments, and the ledger a balance is the sum of. Accruals and
-- expiries are not stored: app.leave_ledger computes them for any date from the policy and the
-- person's service or hours worked, so a balance never drifts and needs no job.
create type public.leave_status as enum ('pending', 'approved', 'rejected', 'cancelled');

create table public.leave_requests (
  id uuid default gen_random_uuid() primary key,
  employee_id uuid not null references public.employees (id) on delete cascade,
  leave_type text not null references public.leave_types (code) on update cascade,
  start_date date not null,
  end_date date not null,
  -- A half day: 'am' or 'pm' of a single day.
  half_day text,
  -- What the request costs, in its policy's unit, computed by the database when it is made.
  amount numeric not null,
  unit text not null,
  status public.leave_status not null default 'pending',
  note text,
  decision_reason text,
  requested_by uuid references public.employees (id) on delete set null,
  decided_by uuid references public.employees (id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default app.now(),
  updated_at timestamptz not null default app.now(),
  constraint leave_requests_dates_window check (start_date >= date '2000-01-01' and end_date <= date '2100-12-31'),
  constraint leave_requests_dates_order check (end_date >= start_date and end_date - start_date <= 366),
  constraint leave_requests_half_day_check check (half_day is null or (half_day in ('am', 'pm') and start_date = end_date)),
  constraint leave_requests_amount_range check (amount >= 0 and amount <= 10000),
  constraint leave_requests_unit_check check (unit in ('days', 'hours')),
  constraint leave_requests_note_length check (char_length(note) <= 500),
  constraint leave_requests_decision_reason_length check (char_length(decision_reason) <= 500)
);
create index leave_requests_employee_idx on public.leave_requests (employee_id, start_date);
create index leave_requests_days_idx on public.leave_requests (start_date, end_date) where status = 'approved';

create table public.leave_adjustments (
  id uuid default gen_random_uuid() primary key,
  employee_id uuid not null references public.employees (id) on delete cascade,
  leave_type text not null references public.leave_types (code) on update cascade,
  day date not null,
  amount numeric not null,
  reason text not null,
  created_by uuid references public.employees (id) on delete set null,
  created_at timestamptz not null default app.now(),
  constraint leave_adjustments_day_window check (day between date '2000-01-01' and date '2100-12-31'),
  constraint leave_adjustments_amount_range check (amount <> 0 and amount between -1000 and 1000),
  constraint leave_adjustments_reason_length check (btrim(reason) <> '' and char_length(reason) <= 500)
);
create index leave_adjustments_employee_idx on public.leave_adjustments (employee_id, leave_type, day);

alter table public.leave_requests enable row level security;
alter table public.leave_adjustments enable row level security;

-- Reads by the role matrix: one's own, a manager their team's, HR and admins everyone's. Writes go
-- through the RPCs only (no insert/update/delete policy).
create policy leave_requests_read on public.leave_requests for select to authenticated using (
  employee_id = (select app.my_employee_id())
  or (select app.has_role('admin', 'hr'))
  or employee_id in (select app.my_team_ids()));
create policy session_assured on public.leave_requests as restrictive for all to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));
create policy leave_adjustments_read on public.leave_adjustments for select to authenticated using (
  employee_id = (select app.my_employee_id())
  or (select app.has_role('admin', 'hr'))
  or employee_id in (select app.my_team_ids()));
create policy session_assured on public.leave_adjustments as restrictive for all to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));

grant select on public.leave_requests, public.leave_adjustments to authenticated;
grant all on public.leave_requests, public.leave_adjustments to service_role;

alter publication supabase_realtime add table public.leave_requests;
alter publication supabase_realtime add table public.leave_adjustments;

create trigger leave_requests_touch before update on public.leave_requests
  for each row execute function app.touch_updated_at();

-- Who may read a person's leave: themselves, their manager, HR and admins (the RLS above, for RPCs).
create function app.may_see_leave(p_employee uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select p_employee = app.my_employee_id() or app.has_role('admin', 'hr') or app.manages_employee(p_employee)
    or app.is_trusted()
$$;
revoke all on function app.may_see_leave(uuid) from public;

-- The first day of service and the country of a person (their site's).
create function app.leave_person(p_employee uuid, out first_day date, out country public.country_code, out today date)
language sql stable security definer set search_path = '' as $$
  select case when e.status <> 'inactive'
      then coalesce(e.joining_date, (e.created_at at time zone coalesce(s.time_zone, 'UTC'))::date) end,
    s.country, (app.now() at time zone coalesce(s.time_zone, 'UTC'))::date
  from public.employees e left join public.sites s on s.id = e.site_id
  where e.id = p_employee
$$;
revoke all on function app.leave_person(uuid) from public;

-- The ledger of one person and type up to a day, in service years (from each anniversary of the
-- first day to the next). Accruals: per completed month of service (dated the day the month is
-- completed), per hours worked (per month of the service year, cumulated and capped for the year),
-- or a grant at each anniversary; seniority additions at the anniversaries; leave taken (approved
-- requests, dated their first day); HR's adjustments; and at each anniversary the expiry of what
-- exceeds the carry-over cap. `seq` orders rows of the same day: the month's accrual (0), the
-- closing year's expiry (1), the new year's grant (2), then leave taken and adjustments (3).
create function app.leave_ledger(p_employee uuid, p_type text, p_to date)
returns table (day date, seq integer, kind text, amount numeric, request_id uuid, adjustment_id uuid, reason text)
language plpgsql stable security definer set search_path = '' as $$
declare
  who record;
  pol public.leave_policies;
  k integer := 0;
  n integer;
  y_start date;
  y_end date;
  m_start date;
  m_end date;
  bal numeric := 0;
  hours numeric;
  cum numeric;
  prev numeric;
  extra numeric;
  r record;
begin
  select * into who from app.leave_person(p_employee);
  if who.first_day is null or who.country is null or p_to is null then return; end if;
  loop
    y_start := (who.first_day + make_interval(years => k))::date;
    exit when y_start > p_to or k > 80;
    y_end := (who.first_day + make_interval(years => k + 1))::date;

    -- At the anniversary: a yearly grant, and the seniority addition.
    pol := app.leave_policy(who.country, p_type, y_start);
    if pol.id is not null and pol.accrual = 'yearly_grant' and pol.accrual_amount > 0 then
      day := y_start; seq := 2; kind := 'grant'; amount := pol.accrual_amount;
      request_id := null; adjustment_id := null; reason := null;
      bal := bal + amount; return next;
    end if;
    if pol.id is not null and k > 0 then
      select max((s ->> 'amount')::numeric) into extra
      from jsonb_array_elements(pol.seniority) s where (s ->> 'years')::integer <= k;
      if extra > 0 then
        day := y_start; seq := 2; kind := 'seniority'; amount := extra;
        request_id := null; adjustment_id := null; reason := null;
        bal := bal + amount; return next;
      end if;
    end if;

    -- Accruals month by month within the service year.
    prev := 0;
    for n in 1..12 loop
      m_start := (who.first_day + make_interval(months => 12 * k + n - 1))::date;
      exit when m_start > p_to;
      m_end := (who.first_day + make_interval(months => 12 * k + n))::date;
      pol := app.leave_policy(who.country, p_type, least(m_end, p_to));
      continue when pol.id is null;
      if pol.accrual = 'monthly_service' and m_end <= p_to then
        day := m_end; seq := 0; kind := 'accrual'; amount := pol.accrual_amount;
        if pol.yearly_cap is not null then amount := greatest(least(amount, pol.yearly_cap - prev), 0); end if;
        prev := prev + amount;
        request_id := null; adjustment_id := null; reason := null;
        if amount > 0 then bal := bal + amount; return next; end if;
      elsif pol.accrual = 'hours_worked' then
        select coalesce(sum(a.total_hours), 0) into hours from public.attendances a
        where a.employee_id = p_employee and a.date >= greatest(y_start, pol.effective_from)
          and a.date < least(m_end, p_to + 1);
        cum := floor(hours / pol.accrual_per_hours) * pol.accrual_amount;
        if pol.yearly_cap is not null then cum := least(cum, pol.yearly_cap); end if;
        if cum > prev then
          day := least(m_end - 1, p_to); seq := 0; kind := 'accrual'; amount := cum - prev;
          request_id := null; adjustment_id := null; reason := null;
          bal := bal + amount; return next;
          prev := cum;
        end if;
      end if;
    end loop;

    -- Leave taken and adjustments of the year (up to the day).
    for r in
      select lr.start_date as d, -lr.amount as amt, lr.id as rid, null::uuid as aid, null::text as why, 'taken' as what
      from public.leave_requests lr
      where lr.employee_id = p_employee and lr.leave_type = p_type and lr.status = 'approved'
        and lr.start_date >= y_start and lr.start_date < y_end and lr.start_date <= p_to
      union all
      select la.day, la.amount, null, la.id, la.reason, 'adjustment'
      from public.leave_adjustments la
      where la.employee_id = p_employee and la.leave_type = p_type
        and la.day >= y_start and la.day < y_end and la.day <= p_to
    loop
      day := r.d; seq := 3; kind := r.what; amount := r.amt;
      request_id := r.rid; adjustment_id := r.aid; reason := r.why;
      bal := bal + amount; return next;
    end loop;

    -- At the next anniversary, what exceeds the carry-over cap expires.
    if y_end <= p_to then
      pol := app.leave_policy(who.country, p_type, y_end - 1);
      if pol.id is not null and pol.carry_over_cap is not null and bal > pol.carry_over_cap then
        day := y_end; seq := 1; kind := 'expiry'; amount := pol.carry_over_cap - bal;
        request_id := null; adjustment_id := null; reason := null;
        bal := bal + amount; return next;
      end if;
    end if;
    k := k + 1;
  end loop;
end
$$;
revoke all on function app.leave_ledger(uuid, text, date) from public;

create function app.leave_balance(p_employee uuid, p_type text, p_to date) returns numeric
language sql stable security definer set search_path = '' as $$
  select coalesce(sum(l.amount), 0) from app.leave_ledger(p_employee, p_type, p_to) l
$$;
revoke all on function app.leave_balance(uuid, text, date) from public;

-- The approved days off of people, one row per person and day: the one source of "on leave" that
-- the expected-presence definition (app.attendance_days_live) and its labels read.
create function app.leave_days(p_employee_ids uuid[], p_from date, p_to date)
returns table (employee_id uuid, day date, leave_type text, half_day text, request_id uuid)
language sql stable security definer set search_path = '' as $$
  select lr.employee_id, g.d::date, lr.leave_type, lr.half_day, lr.id
  from public.leave_requests lr
  cross join lateral generate_series(greatest(lr.start_date, p_from)::timestamp,
    least(lr.end_date, p_to)::timestamp, interval '1 day') g (d)
  where lr.status = 'approved' and lr.start_date <= p_to and lr.end_date >= p_from
    and (p_employee_ids is null or lr.employee_id = any (p_employee_ids))
$$;
revoke all on function app.leave_days(uuid[], date, date) from public;
