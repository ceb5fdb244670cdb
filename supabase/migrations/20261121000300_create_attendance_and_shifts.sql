-- Attendance records, shifts and notifications.
create table public.shifts (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  site_id uuid references public.sites (id),
  start_time time not null,
  -- An end at or before the start means the shift ends the next day (a night shift).
  end_time time not null,
  break_duration integer not null default 0 check (break_duration between 0 and 720),
  days_of_week text[] not null check (
    cardinality(days_of_week) > 0
    and days_of_week <@ array['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
  ),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger shifts_touch before update on public.shifts
  for each row execute function app.touch_updated_at();

create table public.shift_assignments (
  shift_id uuid not null references public.shifts (id) on delete cascade,
  employee_id uuid not null references public.employees (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (shift_id, employee_id)
);
create index shift_assignments_employee_idx on public.shift_assignments (employee_id);

create table public.attendances (
  id uuid primary key default gen_random_uuid(),
  employee_id uuid not null references public.employees (id),
  site_id uuid not null references public.sites (id),
  -- The site's local date of the check-in.
  date date not null,
  check_in timestamptz not null,
  check_out timestamptz,
  total_hours numeric(6, 2) generated always as (
    round(extract(epoch from (check_out - check_in)) / 3600.0, 2)
  ) stored,
  status public.attendance_state not null default 'checked_in',
  punctuality public.punctuality not null default 'on_time',
  source public.attendance_source not null,
  device text,
  kiosk_id uuid references public.employees (id),
  created_by uuid references public.employees (id),
  correction_reason text,
  corrected_by uuid references public.employees (id),
  corrected_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint check_out_after_check_in check (check_out is null or check_out > check_in),
  constraint status_follows_check_out check ((status = 'checked_out') = (check_out is not null)),
  constraint correction_has_reason check (
    (source <> 'correction' and corrected_at is null) or btrim(coalesce(correction_reason, '')) <> ''
  ),
  -- No two records of one employee overlap in time (an open record runs to infinity).
  constraint no_overlapping_records exclude using gist (
    employee_id with =,
    tstzrange(check_in, coalesce(check_out, 'infinity'::timestamptz)) with &&
  )
);
-- One open check-in per employee, whatever the concurrency.
create unique index attendances_one_open on public.attendances (employee_id) where check_out is null;
create index attendances_employee_date_idx on public.attendances (employee_id, date desc);
create index attendances_date_idx on public.attendances (date, site_id);
create index attendances_check_in_idx on public.attendances (check_in desc);
create trigger attendances_touch before update on public.attendances
  for each row execute function app.touch_updated_at();

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  employee_id uuid not null references public.employees (id) on delete cascade,
  title text,
  message text not null check (btrim(message) <> ''),
  channel public.notification_channel not null default 'in_app',
  read boolean not null default false,
  read_at timestamptz,
  created_by uuid references public.employees (id) on delete set null,
  created_at timestamptz not null default now()
);
create index notifications_employee_idx on public.notifications (employee_id, created_at desc);
