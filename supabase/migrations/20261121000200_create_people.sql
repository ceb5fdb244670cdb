-- Sites, departments, employees and what hangs off them.
create table public.sites (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (btrim(name) <> ''),
  country public.country_code not null,
  time_zone text not null,
  currency text not null check (currency in ('USD', 'XOF')),
  created_at timestamptz not null default now(),
  constraint site_currency_matches_country check ((country = 'US') = (currency = 'USD'))
);

create function app.check_time_zone() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not exists (select 1 from pg_catalog.pg_timezone_names where name = new.time_zone) then
    raise exception using errcode = '22023', message = format('Unknown time zone "%s"', new.time_zone);
  end if;
  return new;
end
$$;
create trigger sites_time_zone_valid before insert or update of time_zone on public.sites
  for each row execute function app.check_time_zone();

create table public.departments (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  created_at timestamptz not null default now()
);
create unique index departments_name_key on public.departments (lower(name));

create table public.employees (
  id uuid primary key default gen_random_uuid(),
  user_id uuid unique references auth.users (id) on delete set null,
  first_name text not null check (btrim(first_name) <> ''),
  last_name text not null default '',
  email text not null check (email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'),
  phone text,
  address text,
  position text,
  department_id uuid references public.departments (id),
  site_id uuid references public.sites (id),
  salary numeric(14, 2) check (salary >= 0),
  joining_date date,
  employment_type public.employment_type not null default 'full_time',
  emergency_contact text,
  emergency_phone text,
  has_agreed_to_terms boolean not null default false,
  role public.employee_role not null default 'employee',
  status public.employee_status not null default 'active',
  locale text check (locale in ('en', 'fr')),
  same_day_enabled boolean not null default false,
  terminated_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint kiosk_has_site check (role <> 'kiosk' or site_id is not null),
  constraint terminated_has_date check ((status = 'terminated') = (terminated_at is not null))
);
create unique index employees_email_key on public.employees (lower(email));
create index employees_department_idx on public.employees (department_id);
create index employees_site_idx on public.employees (site_id) where status = 'active';

-- Who manages which department (a department may have several managers).
create table public.department_managers (
  department_id uuid not null references public.departments (id) on delete cascade,
  employee_id uuid not null references public.employees (id) on delete cascade,
  primary key (department_id, employee_id)
);
create index department_managers_employee_idx on public.department_managers (employee_id);

-- A sign-up that asked for more than an employee account waits here for an admin.
create table public.role_requests (
  id uuid primary key default gen_random_uuid(),
  employee_id uuid not null references public.employees (id) on delete cascade,
  requested_role public.employee_role not null check (requested_role in ('admin', 'hr', 'manager')),
  status public.request_status not null default 'pending',
  decided_by uuid references public.employees (id),
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  constraint decided_when_not_pending check ((status = 'pending') = (decided_at is null))
);
create unique index role_requests_one_pending on public.role_requests (employee_id) where status = 'pending';

-- Fingerprint templates (never images), with the consent given at enrolment.
create table public.biometric_enrolments (
  id uuid primary key default gen_random_uuid(),
  employee_id uuid not null references public.employees (id) on delete cascade,
  finger public.finger not null,
  template bytea not null check (octet_length(template) between 16 and 65536),
  template_format text not null default 'pointage-v1',
  quality smallint not null check (quality between 0 and 100),
  consent_text_version text not null check (btrim(consent_text_version) <> ''),
  consent_at timestamptz not null,
  enrolled_by uuid references public.employees (id),
  created_at timestamptz not null default now(),
  unique (employee_id, finger)
);

create table public.system_settings (
  id text primary key default 'default' check (id = 'default'),
  company_name text not null default 'Pointage' check (btrim(company_name) <> ''),
  working_hours integer not null default 9 check (working_hours between 1 and 24),
  break_time integer not null default 1 check (break_time between 0 and 12),
  late_threshold integer not null default 15 check (late_threshold between 0 and 240),
  notifications boolean not null default true,
  biometric_auth boolean not null default false,
  auto_backup boolean not null default true,
  email_reports boolean not null default true,
  sms_notifications boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid references public.employees (id) on delete set null
);
insert into public.system_settings (id) values ('default') on conflict do nothing;

create table public.holidays (
  id uuid primary key default gen_random_uuid(),
  country public.country_code not null,
  date date not null,
  name text not null check (btrim(name) <> ''),
  unique (country, date)
);

create table public.audit_logs (
  id bigint generated always as identity primary key,
  entity text not null,
  entity_id text not null,
  action text not null,
  diff jsonb not null default '{}'::jsonb,
  actor uuid,
  actor_employee_id uuid,
  created_at timestamptz not null default now()
);
create index audit_logs_entity_idx on public.audit_logs (entity, entity_id, created_at desc);

create function app.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end
$$;
create trigger employees_touch before update on public.employees
  for each row execute function app.touch_updated_at();
create trigger system_settings_touch before update on public.system_settings
  for each row execute function app.touch_updated_at();
