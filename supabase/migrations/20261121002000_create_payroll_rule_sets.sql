-- Payroll rule sets as effective-dated data (admins may change a figure without a release),
-- and the per-employee tax inputs they need.
create schema if not exists payroll;
grant usage on schema payroll to authenticated, service_role;

create type public.pay_basis as enum ('salaried', 'hourly');
create type public.pay_frequency as enum ('weekly', 'biweekly', 'semimonthly', 'monthly');
create type public.filing_status as enum ('single', 'married_jointly', 'married_separately', 'head_of_household');

create table public.payroll_rule_sets (
  rule_set text not null check (rule_set in ('spec-default', 'us-federal-2026', 'bf-2026')),
  effective_from date not null,
  params jsonb not null check (jsonb_typeof(params) = 'object'),
  updated_at timestamptz not null default now(),
  updated_by uuid references public.employees (id) on delete set null,
  primary key (rule_set, effective_from)
);
alter table public.payroll_rule_sets enable row level security;
create policy rule_sets_read on public.payroll_rule_sets for select to authenticated
  using ((select app.my_role()) is not null);
create policy rule_sets_admin on public.payroll_rule_sets for all to authenticated
  using ((select app.has_role('admin'))) with check ((select app.has_role('admin')));
create trigger payroll_rule_sets_touch before update on public.payroll_rule_sets
  for each row execute function app.touch_updated_at();

create function app.audit_rule_set() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.write_audit('payroll_rule_sets', coalesce(new.rule_set, old.rule_set) || '@' || coalesce(new.effective_from, old.effective_from),
    lower(tg_op), jsonb_build_object('old', case when tg_op <> 'INSERT' then old.params end, 'new', case when tg_op <> 'DELETE' then new.params end));
  return null;
end
$$;
create trigger payroll_rule_sets_audit after insert or update or delete on public.payroll_rule_sets
  for each row execute function app.audit_rule_set();

-- W-4 inputs (US) and IUTS inputs (BF). Salary-related: HR and admins write, the employee reads their own.
create table public.employee_pay_profiles (
  employee_id uuid primary key references public.employees (id) on delete cascade,
  filing_status public.filing_status not null default 'single',
  w4_step2 boolean not null default false,
  w4_step3 numeric(12, 2) not null default 0 check (w4_step3 >= 0),
  w4_step4a numeric(12, 2) not null default 0 check (w4_step4a >= 0),
  w4_step4b numeric(12, 2) not null default 0 check (w4_step4b >= 0),
  w4_step4c numeric(12, 2) not null default 0 check (w4_step4c >= 0),
  flsa_exempt boolean not null default false,
  dependants smallint not null default 0 check (dependants between 0 and 20),
  abatement_rate numeric(3, 2) not null default 0.20 check (abatement_rate in (0.20, 0.25)),
  updated_at timestamptz not null default now()
);
alter table public.employee_pay_profiles enable row level security;
create policy pay_profiles_read on public.employee_pay_profiles for select to authenticated using (
  (select app.has_role('admin', 'hr')) or employee_id = (select app.my_employee_id())
);
create policy pay_profiles_write on public.employee_pay_profiles for all to authenticated
  using ((select app.has_role('admin', 'hr'))) with check ((select app.has_role('admin', 'hr')));
create trigger employee_pay_profiles_touch before update on public.employee_pay_profiles
  for each row execute function app.touch_updated_at();

create function app.audit_pay_profile() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.write_audit('employee_pay_profiles', coalesce(new.employee_id, old.employee_id)::text, lower(tg_op),
    case when tg_op = 'UPDATE' then app.changed(to_jsonb(old), to_jsonb(new), array['filing_status', 'w4_step2',
      'w4_step3', 'w4_step4a', 'w4_step4b', 'w4_step4c', 'flsa_exempt', 'dependants', 'abatement_rate'])
    else coalesce(to_jsonb(new), to_jsonb(old)) end);
  return null;
end
$$;
create trigger employee_pay_profiles_audit after insert or update or delete on public.employee_pay_profiles
  for each row execute function app.audit_pay_profile();
