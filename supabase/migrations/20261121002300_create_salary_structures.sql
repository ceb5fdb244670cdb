-- Salary structures: the spec's fields, computed by the database (client figures are ignored),
-- versioned (an approved structure is never edited: a change is a new version).
create type public.approval_status as enum ('pending', 'approved', 'rejected');
create type public.payment_status as enum ('pending', 'processing', 'paid', 'failed');

create table public.salary_structures (
  id uuid primary key default gen_random_uuid(),
  employee_id uuid not null references public.employees (id),
  employee_name text not null default '',
  version integer not null default 1 check (version >= 1),
  supersedes_id uuid references public.salary_structures (id),
  rule_set text not null default 'spec-default' check (rule_set in ('spec-default', 'us-federal-2026', 'bf-2026')),
  country public.country_code not null default 'US',
  currency text not null default 'USD',
  pay_basis public.pay_basis not null default 'salaried',
  frequency public.pay_frequency not null default 'weekly',
  basic_salary numeric(14, 2) not null default 0 check (basic_salary >= 0),
  hours_worked numeric(8, 2) not null default 160 check (hours_worked >= 0),
  hourly_rate numeric(12, 2) not null default 0 check (hourly_rate >= 0),
  overtime_hours numeric(8, 2) not null default 0 check (overtime_hours >= 0),
  overtime_rate numeric(10, 2) not null default 1.5 check (overtime_rate >= 0),
  allowances jsonb not null default '{}'::jsonb check (jsonb_typeof(allowances) = 'object'),
  other_deductions numeric(14, 2) not null default 0 check (other_deductions >= 0),
  -- Computed by the database from the fields above.
  overtime_pay numeric(14, 2) not null default 0,
  deductions jsonb not null default '{}'::jsonb,
  gross_salary numeric(14, 2) not null default 0,
  net_salary numeric(14, 2) not null default 0,
  computation jsonb not null default '{}'::jsonb,
  effective_date date not null default current_date,
  delay_buffer smallint not null default 2 check (delay_buffer between 0 and 5),
  is_active boolean not null default true,
  approval_status public.approval_status not null default 'pending',
  payment_status public.payment_status not null default 'pending',
  approved_at timestamptz,
  approved_by uuid references public.employees (id),
  rejection_reason text,
  payment_notes text,
  payment_processed_at timestamptz,
  payment_reference text,
  scheduled_release_date date,
  created_by uuid references public.employees (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payment_needs_approval check (payment_status = 'pending' or approval_status = 'approved')
);
create index salary_structures_employee_idx on public.salary_structures (employee_id, effective_date desc);
create index salary_structures_pending_idx on public.salary_structures (approval_status) where approval_status = 'pending';
create trigger salary_structures_touch before update on public.salary_structures
  for each row execute function app.touch_updated_at();

create table public.paystubs (
  id uuid primary key default gen_random_uuid(),
  salary_structure_id uuid references public.salary_structures (id),
  payroll_record_id uuid,
  employee_id uuid not null references public.employees (id),
  period_start date,
  period_end date not null,
  gross numeric(14, 2) not null,
  net numeric(14, 2) not null,
  currency text not null,
  lines jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index paystubs_employee_idx on public.paystubs (employee_id, period_end desc);
create unique index paystubs_one_per_structure on public.paystubs (salary_structure_id) where salary_structure_id is not null;

-- Business days after a date, skipping weekends and the country's public holidays.
create function app.add_business_days(start_date date, days integer, country public.country_code) returns date
language plpgsql stable security definer set search_path = '' as $$
declare
  result date := start_date;
  remaining integer := least(greatest(coalesce(days, 0), 0), 5);
begin
  while remaining > 0 loop
    result := result + 1;
    if extract(isodow from result) < 6
       and not exists (select 1 from public.holidays h where h.country = add_business_days.country and h.date = result) then
      remaining := remaining - 1;
    end if;
  end loop;
  return result;
end
$$;

-- The pay figures of a structure, from the database's rules (RULES.md).
create function app.structure_pay_input(s public.salary_structures) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'rule_set', s.rule_set, 'country', s.country, 'period_date', s.effective_date, 'frequency', s.frequency,
    'pay_basis', s.pay_basis, 'basic_salary', s.basic_salary, 'hours_worked', s.hours_worked,
    'hourly_rate', s.hourly_rate, 'overtime_hours', s.overtime_hours, 'overtime_rate', s.overtime_rate,
    'allowances', s.allowances, 'other_deductions', s.other_deductions,
    'profile', coalesce((select to_jsonb(p) - 'employee_id' - 'updated_at' from public.employee_pay_profiles p
                         where p.employee_id = s.employee_id), '{}'::jsonb),
    'ytd', (select jsonb_build_object('ss_wages', coalesce(sum(ps.gross), 0), 'medicare_wages', coalesce(sum(ps.gross), 0))
            from public.paystubs ps
            where ps.employee_id = s.employee_id and ps.period_end < s.effective_date
              and extract(year from ps.period_end) = extract(year from s.effective_date)))
$$;

create function app.salary_structure_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  result jsonb;
  workflow boolean := coalesce(current_setting('pointage.salary_workflow', true), '') = 'on';
  inputs text[] := array['employee_id', 'rule_set', 'country', 'pay_basis', 'frequency', 'basic_salary', 'hours_worked',
    'hourly_rate', 'overtime_hours', 'overtime_rate', 'allowances', 'other_deductions', 'effective_date', 'delay_buffer'];
  status_fields text[] := array['approval_status', 'payment_status', 'approved_at', 'approved_by', 'rejection_reason',
    'payment_notes', 'payment_processed_at', 'payment_reference', 'scheduled_release_date', 'version', 'supersedes_id',
    'created_by', 'is_active'];
begin
  if tg_op = 'INSERT' then
    if not workflow and not app.is_trusted() then
      new.approval_status := 'pending';
      new.payment_status := 'pending';
      new.approved_at := null;
      new.approved_by := null;
      new.rejection_reason := null;
      new.payment_notes := null;
      new.payment_processed_at := null;
      new.payment_reference := null;
      new.scheduled_release_date := null;
      new.version := 1;
      new.supersedes_id := null;
      new.is_active := true;
      new.created_by := app.my_employee_id();
    end if;
  else
    if app.changed(to_jsonb(old), to_jsonb(new), inputs) <> '{}'::jsonb and old.approval_status = 'approved' then
      perform app.refuse('An approved salary structure cannot be edited', 'Create a new version instead.');
    end if;
    if not workflow and not app.is_trusted()
       and app.changed(to_jsonb(old), to_jsonb(new), status_fields) <> '{}'::jsonb then
      perform app.forbid('Approval and payment change only through their actions');
    end if;
  end if;
  select btrim(e.first_name || ' ' || e.last_name) into new.employee_name from public.employees e where e.id = new.employee_id;
  if new.rule_set = 'us-federal-2026' then
    new.country := 'US';
  elsif new.rule_set = 'bf-2026' then
    new.country := 'BF';
  end if;
  result := payroll.compute_pay(app.structure_pay_input(new));
  new.currency := result ->> 'currency';
  new.overtime_pay := (result ->> 'overtime_pay')::numeric;
  new.gross_salary := (result ->> 'gross')::numeric;
  new.net_salary := (result ->> 'net')::numeric;
  new.deductions := result -> 'deductions';
  new.computation := result;
  return new;
end
$$;
create trigger salary_structures_write before insert or update on public.salary_structures
  for each row execute function app.salary_structure_write();

create function app.salary_structure_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.approval_status = 'approved' and old.payment_status in ('paid', 'processing') then
    perform app.refuse('A paid salary structure cannot be deleted');
  end if;
  perform app.write_audit('salary_structures', old.id::text, 'delete',
    jsonb_build_object('employee_id', old.employee_id, 'gross_salary', old.gross_salary, 'approval_status', old.approval_status));
  return old;
end
$$;
create trigger salary_structures_delete before delete on public.salary_structures
  for each row execute function app.salary_structure_delete();

create function app.audit_salary_structure() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform app.write_audit('salary_structures', new.id::text, 'create', jsonb_build_object('employee_id', new.employee_id,
      'version', new.version, 'gross_salary', new.gross_salary, 'net_salary', new.net_salary));
  else
    perform app.write_audit('salary_structures', new.id::text, 'update', app.changed(to_jsonb(old), to_jsonb(new),
      array['basic_salary', 'hours_worked', 'hourly_rate', 'overtime_hours', 'overtime_rate', 'allowances', 'other_deductions',
        'gross_salary', 'net_salary', 'approval_status', 'payment_status', 'payment_reference', 'is_active', 'effective_date']));
  end if;
  return null;
end
$$;
create trigger salary_structures_audit after insert or update on public.salary_structures
  for each row execute function app.audit_salary_structure();

-- Who sees and writes structures (PRODUCT.md): admin all; HR all, edits pending; a manager
-- reads the team's and proposes for it; an employee reads their own approved ones; kiosks nothing.
alter table public.salary_structures enable row level security;
alter table public.paystubs enable row level security;
create policy salary_read on public.salary_structures for select to authenticated using (
  (select app.has_role('admin', 'hr'))
  or employee_id in (select app.my_team_ids())
  or (employee_id = (select app.my_employee_id()) and approval_status = 'approved')
);
create policy salary_insert on public.salary_structures for insert to authenticated with check (
  (select app.has_role('admin', 'hr')) or app.manages_employee(employee_id)
);
create policy salary_update on public.salary_structures for update to authenticated
  using ((select app.has_role('admin')) or ((select app.has_role('hr')) and approval_status = 'pending'))
  with check ((select app.has_role('admin', 'hr')));
create policy salary_delete on public.salary_structures for delete to authenticated
  using ((select app.has_role('admin')) or ((select app.has_role('hr')) and approval_status <> 'approved'));

create policy paystubs_read on public.paystubs for select to authenticated using (
  (select app.has_role('admin', 'hr')) or employee_id = (select app.my_employee_id())
);
revoke insert, update, delete on public.paystubs from authenticated;

alter publication supabase_realtime add table public.salary_structures;
