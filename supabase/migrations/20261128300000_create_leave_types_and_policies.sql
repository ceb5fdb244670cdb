-- Issue 27 item 1: leave types, and per country the policy of each type as dated versions (the
-- payroll rule sets' model: a version applies from its date until the next one; admins add
-- versions, nobody rewrites history; each version cites its source). Public holidays stay in
-- `holidays`. The company adds its own types (admin screen); a type without a policy for a country
-- is not offered there.
create table public.leave_types (
  id uuid default gen_random_uuid() primary key,
  code text not null unique,
  name_en text not null,
  name_fr text not null,
  builtin boolean not null default false,
  active boolean not null default true,
  created_at timestamptz not null default app.now(),
  constraint leave_types_code_format check (code ~ '^[a-z][a-z0-9_]{1,39}$'),
  constraint leave_types_name_en_length check (btrim(name_en) <> '' and char_length(name_en) <= 80),
  constraint leave_types_name_fr_length check (btrim(name_fr) <> '' and char_length(name_fr) <= 80)
);

create table public.leave_policies (
  id uuid default gen_random_uuid() primary key,
  country public.country_code not null,
  leave_type text not null references public.leave_types (code) on update cascade,
  effective_from date not null,
  paid boolean not null,
  -- The ledger's unit: days, or hours (Chicago's ordinance counts hours).
  unit text not null,
  -- How a request's length is counted: the person's scheduled days, or every calendar day.
  counts text not null,
  -- monthly_service: accrual_amount per completed month of service; hours_worked: accrual_amount per
  -- accrual_per_hours hours worked; yearly_grant: accrual_amount at each service anniversary; none:
  -- no balance is kept (unpaid leave, maternity: the request is checked against max_per_request).
  accrual text not null,
  accrual_amount numeric not null default 0,
  accrual_per_hours numeric,
  yearly_cap numeric,
  carry_over_cap numeric,
  max_per_request numeric,
  -- [{"years": 20, "amount": 2}, ...]: added at each anniversary once the service reaches `years`.
  seniority jsonb not null default '[]'::jsonb,
  half_days boolean not null default true,
  allows_negative boolean not null default false,
  approver text not null default 'manager',
  source text not null,
  updated_by uuid references public.employees (id) on delete set null,
  created_at timestamptz not null default app.now(),
  constraint leave_policies_version_key unique (country, leave_type, effective_from),
  constraint leave_policies_effective_from_window check (effective_from between date '2000-01-01' and date '2100-12-31'),
  constraint leave_policies_unit_check check (unit in ('days', 'hours')),
  constraint leave_policies_counts_check check (counts in ('working_days', 'calendar_days')),
  constraint leave_policies_accrual_check check (accrual in ('monthly_service', 'hours_worked', 'yearly_grant', 'none')),
  constraint leave_policies_accrual_amount_range check (accrual_amount >= 0 and accrual_amount <= 1000),
  constraint leave_policies_accrual_per_hours_range check (
    (accrual = 'hours_worked') = (accrual_per_hours is not null)
    and (accrual_per_hours is null or (accrual_per_hours > 0 and accrual_per_hours <= 1000))),
  constraint leave_policies_yearly_cap_range check (yearly_cap is null or (yearly_cap >= 0 and yearly_cap <= 10000)),
  constraint leave_policies_carry_over_cap_range check (carry_over_cap is null or (carry_over_cap >= 0 and carry_over_cap <= 10000)),
  constraint leave_policies_max_per_request_range check (max_per_request is null or (max_per_request > 0 and max_per_request <= 10000)),
  constraint leave_policies_seniority_shape check (jsonb_typeof(seniority) = 'array' and octet_length(seniority::text) <= 2000),
  constraint leave_policies_approver_check check (approver in ('manager', 'hr')),
  constraint leave_policies_source_length check (btrim(source) <> '' and char_length(source) <= 1000)
);

alter table public.leave_types enable row level security;
alter table public.leave_policies enable row level security;

create policy leave_types_read on public.leave_types for select to authenticated
  using ((select app.my_role()) is not null);
create policy leave_types_admin on public.leave_types to authenticated
  using ((select app.has_role('admin'))) with check ((select app.has_role('admin')));
create policy session_assured on public.leave_types as restrictive for all to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));

create policy leave_policies_read on public.leave_policies for select to authenticated
  using ((select app.my_role()) is not null);
-- A version is added, never rewritten (the ledger of every balance reads it): admins insert only.
create policy leave_policies_admin_insert on public.leave_policies for insert to authenticated
  with check ((select app.has_role('admin')));
create policy session_assured on public.leave_policies as restrictive for all to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));

grant select, insert, update on public.leave_types to authenticated;
grant select, insert on public.leave_policies to authenticated;
grant all on public.leave_types, public.leave_policies to service_role;

create function app.stamp_leave_policy() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.updated_by := app.my_employee_id();
  new.created_at := app.now();
  return new;
end
$$;
revoke all on function app.stamp_leave_policy() from public;
create trigger leave_policies_stamp before insert on public.leave_policies
  for each row execute function app.stamp_leave_policy();
-- A built-in type keeps its code (the policies and the law cite it); its names may be reworded.
create function app.guard_leave_type() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.builtin and (new.code <> old.code or not new.builtin) then
    perform app.refuse('leave.builtin_type');
  end if;
  if not old.builtin and new.builtin and not app.is_trusted() then
    perform app.refuse('leave.builtin_type');
  end if;
  return new;
end
$$;
revoke all on function app.guard_leave_type() from public;
create trigger leave_types_guard before update on public.leave_types
  for each row execute function app.guard_leave_type();

alter publication supabase_realtime add table public.leave_types;
alter publication supabase_realtime add table public.leave_policies;

-- The policy of a type for a country on a day: the latest version that has begun.
create function app.leave_policy(p_country public.country_code, p_type text, p_day date)
returns public.leave_policies
language sql stable security definer set search_path = '' as $$
  select p.* from public.leave_policies p
  where p.country = p_country and p.leave_type = p_type and p.effective_from <= p_day
  order by p.effective_from desc limit 1
$$;
revoke all on function app.leave_policy(public.country_code, text, date) from public;

insert into public.leave_types (code, name_en, name_fr, builtin) values
  ('annual', 'Paid leave', 'Congé payé', true),
  ('sick', 'Sick leave', 'Congé maladie', true),
  ('unpaid', 'Unpaid leave', 'Congé sans solde', true),
  ('maternity', 'Maternity leave', 'Congé de maternité', true),
  ('family_event', 'Family event', 'Permission exceptionnelle (événement familial)', true);

-- Burkina Faso: loi n° 028-2008/AN du 13 mai 2008 portant Code du travail (in force 19 June 2008)
-- and its arrêté on paid leave (taken under its article 164). Chicago: the Paid Leave and Paid Sick
-- and Safe Leave Ordinance (Municipal Code ch. 6-130 and ch. 6-105), in force 1 July 2024.
-- docs/leave.md says which article numbers are confirmed and which are not.
insert into public.leave_policies (country, leave_type, effective_from, paid, unit, counts, accrual,
  accrual_amount, accrual_per_hours, yearly_cap, carry_over_cap, max_per_request, seniority,
  half_days, allows_negative, approver, source) values
  ('BF', 'annual', '2008-06-19', true, 'days', 'calendar_days', 'monthly_service', 2.5, null, null, null, null,
   '[{"years": 20, "amount": 2}, {"years": 25, "amount": 4}, {"years": 30, "amount": 6}]', true, false, 'manager',
   'Code du travail du Burkina Faso (loi 028-2008/AN), congé payé : deux jours et demi calendaires par mois de service effectif (30 jours par an), jouissance après douze mois de service (art. 165 selon la CEACR/OIT, 2008), majoration de 2, 4 et 6 jours après 20, 25 et 30 ans de service ; régime des congés fixé par arrêté pris en application de l''art. 164.'),
  ('BF', 'sick', '2008-06-19', false, 'days', 'calendar_days', 'none', 0, null, null, null, null, '[]', true, true, 'manager',
   'Code du travail du Burkina Faso (loi 028-2008/AN) : absence pour maladie dûment constatée par certificat médical, contrat suspendu ; pas de solde légal (l''indemnisation relève de la convention collective et de la CNSS).'),
  ('BF', 'unpaid', '2008-06-19', false, 'days', 'calendar_days', 'none', 0, null, null, null, null, '[]', true, true, 'manager',
   'Accord entre l''employeur et le travailleur ; non rémunéré.'),
  ('BF', 'maternity', '2008-06-19', true, 'days', 'calendar_days', 'none', 0, null, null, null, 98, '[]', false, true, 'hr',
   'Code du travail du Burkina Faso (loi 028-2008/AN) : congé de maternité de quatorze semaines (98 jours), indemnisé par la CNSS.'),
  ('BF', 'family_event', '2008-06-19', true, 'days', 'working_days', 'yearly_grant', 10, null, null, 0, null, '[]', true, false, 'manager',
   'Code du travail du Burkina Faso (loi 028-2008/AN) : permissions exceptionnelles pour événements familiaux, non déductibles du congé, dans la limite de dix jours par an (nombre à confirmer avec la convention collective).'),
  ('US', 'annual', '2024-07-01', true, 'hours', 'working_days', 'hours_worked', 1, 35, 40, 16, null, '[]', true, false, 'manager',
   'Chicago Paid Leave and Paid Sick and Safe Leave Ordinance (Municipal Code ch. 6-130, paid leave), effective 2024-07-01: 1 hour per 35 hours worked, up to 40 hours per 12-month period, up to 16 unused hours carried over.'),
  ('US', 'sick', '2024-07-01', true, 'hours', 'working_days', 'hours_worked', 1, 35, 40, 80, null, '[]', true, false, 'manager',
   'Chicago Paid Leave and Paid Sick and Safe Leave Ordinance (Municipal Code ch. 6-105, paid sick and safe leave), effective 2024-07-01: 1 hour per 35 hours worked, up to 40 hours per 12-month period, up to 80 unused hours carried over.'),
  ('US', 'unpaid', '2024-07-01', false, 'days', 'working_days', 'none', 0, null, null, null, null, '[]', true, true, 'manager',
   'Company policy: unpaid leave by agreement; no statutory entitlement.'),
  ('US', 'maternity', '2024-07-01', false, 'days', 'working_days', 'none', 0, null, null, null, 60, '[]', false, true, 'hr',
   'Family and Medical Leave Act, 29 U.S.C. 2612(a)(1): up to 12 workweeks of unpaid, job-protected leave (60 working days) for a covered employer and eligible employee.'),
  ('US', 'family_event', '2024-07-01', true, 'days', 'working_days', 'yearly_grant', 3, null, null, 0, null, '[]', true, false, 'manager',
   'Company policy: 3 paid days a year for family events (bereavement, wedding, birth); no statutory entitlement in Illinois.');

-- Audited from here on: the built-in types and policies above are the schema's own reference data,
-- not a change someone made (an audit row each would bury the first real changes of a new install).
create trigger leave_types_audit after insert or update or delete on public.leave_types
  for each row execute function app.audit_reference();
create trigger leave_policies_audit after insert or update or delete on public.leave_policies
  for each row execute function app.audit_reference();
