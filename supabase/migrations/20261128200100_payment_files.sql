-- Issue 29 item 5 (part 2): the files that pay a processed run, one per run and kind:
--   ach            NACHA ACH, PPD credits, for US bank accounts (USD)
--   bank_transfer  a bulk transfer CSV for Burkina Faso bank accounts (XOF, no decimals)
--   orange_money, moov_money  a bulk payment CSV per mobile-money operator (XOF)
--   cash_sheet     the list a cashier pays from; the screen prints it as a PDF with a signature column
-- A file is generated once: its content and SHA-256 are stored, a second request returns the same
-- row, and a payroll record can be in one file only (a unique key), so nobody is paid twice.
-- Nobody is left out silently: while a payee has no usable account, generation is refused with
-- their count (payment_accounts_missing lists them). Marking records paid (by run or one by one)
-- stamps their file entries: which file paid whom. Formats and why: docs/payroll.md.

create type public.payment_file_kind as enum ('ach', 'bank_transfer', 'orange_money', 'moov_money', 'cash_sheet');

-- The ACH originator per site (the company as its bank knows it), edited by admins.
create table public.payment_originators (
  id uuid primary key default gen_random_uuid(),
  site_id uuid not null unique references public.sites(id),
  -- NACHA batch header "company name" (16) and "company identification" (10: usually '1' + EIN).
  company_name text not null,
  company_id text not null,
  -- The originating bank (ODFI): its routing number and name (file header, 23).
  odfi_routing text not null,
  odfi_name text not null,
  updated_at timestamptz not null default app.now(),
  constraint payment_originators_company_name_length check (char_length(company_name) between 1 and 16),
  constraint payment_originators_company_id_length check (company_id ~ '^[0-9A-Z ]{10}$'),
  constraint payment_originators_odfi_routing_valid check (app.aba_routing_valid(odfi_routing)),
  constraint payment_originators_odfi_name_length check (char_length(odfi_name) between 1 and 23)
);

alter table public.payment_originators enable row level security;
create policy payment_originators_read on public.payment_originators
  for select to authenticated using ((select app.has_role('admin', 'hr')));
create policy payment_originators_admin on public.payment_originators
  for all to authenticated
  using ((select app.has_role('admin'))) with check ((select app.has_role('admin')));
create policy session_assured on public.payment_originators
  as restrictive for all to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));
revoke all on public.payment_originators from anon, authenticated;
grant select, insert, update, delete on public.payment_originators to authenticated;
grant all on public.payment_originators to service_role;
create trigger payment_originators_audit after insert or update or delete on public.payment_originators
  for each row execute function app.audit_reference();
create trigger payment_originators_touch before update on public.payment_originators
  for each row execute function app.touch_updated_at();

create table public.payment_files (
  id uuid primary key default gen_random_uuid(),
  run_id uuid not null references public.payroll_runs(id),
  kind public.payment_file_kind not null,
  file_name text not null,
  content text not null,
  sha256 text not null,
  currency text not null,
  total numeric(16,2) not null,
  entry_count integer not null,
  created_by uuid references public.employees(id) on delete set null,
  created_at timestamptz not null default app.now(),
  constraint payment_files_once unique (run_id, kind),
  constraint payment_files_file_name_length check (char_length(file_name) between 1 and 120),
  constraint payment_files_content_size check (octet_length(content) <= 10000000),
  constraint payment_files_sha256_length check (sha256 ~ '^[0-9a-f]{64}$'),
  constraint payment_files_total_range check (total > 0 and total <= 10000000000000),
  constraint payment_files_entry_count_range check (entry_count between 1 and 1000000)
);

create table public.payment_file_entries (
  file_id uuid not null references public.payment_files(id),
  -- One file per record: the same pay can never be put in a second file.
  payroll_record_id uuid not null unique references public.payroll_records(id),
  employee_id uuid not null references public.employees(id),
  payment_account_id uuid references public.payment_accounts(id),
  amount numeric(14,2) not null,
  reference text not null,
  -- When the record was marked paid: this file paid this person.
  paid_at timestamptz,
  primary key (file_id, payroll_record_id),
  constraint payment_file_entries_amount_range check (amount > 0 and amount <= 10000000000),
  constraint payment_file_entries_reference_length check (char_length(reference) between 1 and 15)
);

alter table public.payment_files enable row level security;
alter table public.payment_file_entries enable row level security;
create policy payment_files_read on public.payment_files
  for select to authenticated using ((select app.has_role('admin', 'hr')));
create policy payment_file_entries_read on public.payment_file_entries
  for select to authenticated using ((select app.has_role('admin', 'hr')));
create policy session_assured on public.payment_files
  as restrictive for all to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));
create policy session_assured on public.payment_file_entries
  as restrictive for all to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));
revoke all on public.payment_files, public.payment_file_entries from anon, authenticated;
grant select on public.payment_files, public.payment_file_entries to authenticated;
grant all on public.payment_files, public.payment_file_entries to service_role;

-- Text as bank formats take it: upper case, accents folded, only A-Z 0-9 space and . , ' -
create function app.bank_text(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select btrim(regexp_replace(
    translate(upper(coalesce(value, '')), 'ÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸŒÆ', 'AAAAAACEEEEIIIINOOOOOUUUUYYOA'),
    '[^A-Z0-9 .,''-]', '', 'g'))
$$;

-- A left-justified, space-padded NACHA field of exactly n characters.
create function app.nacha_alpha(value text, n integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select rpad(left(app.bank_text(value), n), n, ' ')
$$;

-- A right-justified, zero-padded NACHA field of exactly n digits.
create function app.nacha_num(value numeric, n integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select lpad(right(trunc(value)::bigint::text, n), n, '0')
$$;

-- One CSV field (';' separated, RFC 4180 quoting when needed).
create function app.csv_field(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when value ~ '[;"\n\r]' then '"' || replace(value, '"', '""') || '"' else coalesce(value, '') end
$$;

-- Which file pays an account.
create function app.payment_file_kind_of(a public.payment_accounts)
returns public.payment_file_kind
language sql
immutable
set search_path = ''
as $$
  select case
    when a.method = 'bank_account' and a.country = 'US' then 'ach'
    when a.method = 'bank_account' then 'bank_transfer'
    when a.method = 'mobile_money' and a.operator = 'orange_money' then 'orange_money'
    when a.method = 'mobile_money' then 'moov_money'
    else 'cash_sheet'
  end::public.payment_file_kind
$$;

-- The people a run still has to pay (processed records with a positive net) and each one's current
-- account, usable when its country is the run's site's.
create function app.run_payees(p_run_id uuid)
returns table (record_id uuid, employee_id uuid, employee_name text, amount numeric, account public.payment_accounts, kind public.payment_file_kind)
language sql
stable
security definer
set search_path = ''
as $$
  select rec.id, rec.employee_id, rec.employee_name, rec.net_pay,
         case when a.id is not null then a end,
         case when a.id is not null then app.payment_file_kind_of(a) end
  from public.payroll_records rec
  join public.payroll_runs r on r.id = rec.run_id
  join public.sites s on s.id = r.site_id
  left join public.payment_accounts a
    on a.employee_id = rec.employee_id and a.replaced_at is null and a.country = s.country
  where rec.run_id = p_run_id and rec.status = 'processed' and rec.net_pay > 0
$$;

-- The NACHA file (Nacha Operating Rules, Appendix Three): a file header (1), one batch of PPD
-- credits (5, service class 220), an entry per person (6: 22 checking / 32 savings credit), the
-- batch control (8) and file control (9) with counts, the entry hash (sum of the receiving banks'
-- 8-digit routing numbers, last 10 digits) and the credit total, padded with records of '9' to a
-- multiple of 10 records (blocking factor 10). Each record is 94 characters.
create function app.nacha_content(run public.payroll_runs, site public.sites, origin public.payment_originators,
                                  entries jsonb, effective date)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  local_now timestamp := app.now() at time zone site.time_zone;
  odfi8 text := left(origin.odfi_routing, 8);
  lines text[] := array[]::text[];
  e jsonb;
  seq integer := 0;
  entry_hash numeric := 0;
  credit_cents numeric := 0;
  cents numeric;
  record_count integer;
begin
  lines := lines || ('101 ' || origin.odfi_routing || app.nacha_alpha(origin.company_id, 10)
    || to_char(local_now, 'YYMMDDHH24MI') || 'A094101'
    || app.nacha_alpha(origin.odfi_name, 23) || app.nacha_alpha(origin.company_name, 23) || repeat(' ', 8));
  lines := lines || ('5220' || app.nacha_alpha(origin.company_name, 16) || repeat(' ', 20)
    || app.nacha_alpha(origin.company_id, 10) || 'PPD' || app.nacha_alpha('PAYROLL', 10)
    || app.nacha_alpha(to_char(run.period_end, 'MONYY'), 6) || to_char(effective, 'YYMMDD') || '   ' || '1'
    || odfi8 || '0000001');
  for e in select value from jsonb_array_elements(entries) loop
    seq := seq + 1;
    cents := round((e ->> 'amount')::numeric * 100);
    credit_cents := credit_cents + cents;
    entry_hash := entry_hash + left(e ->> 'routing_number', 8)::numeric;
    lines := lines || ('6' || case when e ->> 'account_type' = 'savings' then '32' else '22' end
      || (e ->> 'routing_number') || rpad(e ->> 'account_number', 17, ' ') || app.nacha_num(cents, 10)
      || app.nacha_alpha(e ->> 'reference', 15) || app.nacha_alpha(e ->> 'name', 22) || '  ' || '0'
      || odfi8 || app.nacha_num(seq, 7));
  end loop;
  lines := lines || ('8220' || app.nacha_num(seq, 6) || app.nacha_num(entry_hash % 10000000000, 10)
    || app.nacha_num(0, 12) || app.nacha_num(credit_cents, 12) || app.nacha_alpha(origin.company_id, 10)
    || repeat(' ', 19) || repeat(' ', 6) || odfi8 || '0000001');
  record_count := array_length(lines, 1) + 1;
  lines := lines || ('9' || app.nacha_num(1, 6) || app.nacha_num(ceil(record_count / 10.0), 6)
    || app.nacha_num(seq, 8) || app.nacha_num(entry_hash % 10000000000, 10)
    || app.nacha_num(0, 12) || app.nacha_num(credit_cents, 12) || repeat(' ', 39));
  while array_length(lines, 1) % 10 <> 0 loop
    lines := lines || repeat('9', 94);
  end loop;
  return array_to_string(lines, E'\n') || E'\n';
end
$$;

-- An amount as the file writes it: XOF whole francs (refused if a fraction is left), USD cents.
create function app.file_amount(amount numeric, currency text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if currency = 'XOF' then
    if amount <> trunc(amount) then
      perform app.refuse('payment.amount_not_whole', jsonb_build_object('amount', amount));
    end if;
    return trunc(amount)::bigint::text;
  end if;
  return to_char(amount, 'FM999999999990.00');
end
$$;

-- The CSV files: one header line, one line per person, CRLF line ends (what spreadsheet-based bank
-- and operator portals expect), ';' separated (the French-locale spreadsheet default).
create function app.csv_content(kind public.payment_file_kind, currency text, label text, entries jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case kind
    when 'bank_transfer' then 'BENEFICIAIRE;IBAN;BANQUE;MONTANT;DEVISE;REFERENCE;MOTIF'
    when 'cash_sheet' then 'NAME;AMOUNT;CURRENCY;REFERENCE'
    else 'MSISDN;MONTANT;NOM;REFERENCE;MOTIF'
  end || E'\r\n' || coalesce(string_agg(
    case kind
      when 'bank_transfer' then concat_ws(';', app.csv_field(app.bank_text(e ->> 'name')), e ->> 'iban',
        app.csv_field(app.bank_text(e ->> 'bank_name')), app.file_amount((e ->> 'amount')::numeric, currency),
        currency, e ->> 'reference', app.csv_field(label))
      when 'cash_sheet' then concat_ws(';', app.csv_field(e ->> 'name'),
        app.file_amount((e ->> 'amount')::numeric, currency), currency, e ->> 'reference')
      else concat_ws(';', substr(e ->> 'msisdn', 2), app.file_amount((e ->> 'amount')::numeric, currency),
        app.csv_field(app.bank_text(e ->> 'name')), e ->> 'reference', app.csv_field(label))
    end || E'\r\n', '' order by ordinality), '')
  from jsonb_array_elements(entries) with ordinality as t(e, ordinality)
$$;

-- Who blocks a run's files: payees with no current account usable at the run's site.
create function public.payment_accounts_missing(p_run_id uuid)
returns table (employee_id uuid, employee_name text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform app.assert_payroll_staff();
  return query select p.employee_id, p.employee_name from app.run_payees(p_run_id) p
               where p.kind is null order by p.employee_name;
end
$$;

-- A run's files, generated or to generate: per kind, the people and the total it pays, and the
-- stored file when there is one (its content is read with payment_file_content).
create function public.payment_file_plan(p_run_id uuid)
returns table (kind public.payment_file_kind, entry_count integer, total numeric, currency text,
               file_id uuid, file_name text, sha256 text, generated_at timestamptz, paid_count integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform app.assert_payroll_staff();
  return query
    with planned as (
      select p.kind, count(*)::int as n, sum(p.amount) as total from app.run_payees(p_run_id) p
      where p.kind is not null
        and not exists (select 1 from public.payment_file_entries fe where fe.payroll_record_id = p.record_id)
      group by p.kind
    )
    select coalesce(f.kind, pl.kind), coalesce(f.entry_count, pl.n), coalesce(f.total, pl.total), r.currency,
           f.id, f.file_name, f.sha256, f.created_at,
           (select count(*)::int from public.payment_file_entries fe where fe.file_id = f.id and fe.paid_at is not null)
    from (select * from public.payment_files where run_id = p_run_id) f
    full join planned pl on pl.kind = f.kind
    cross join (select pr.currency from public.payroll_runs pr where pr.id = p_run_id) r
    order by 1;
end
$$;

-- Generates a run's file of one kind, once. The run must be processed and every payee must have a
-- usable account; a second call returns the stored file unchanged.
create function public.generate_payment_file(p_run_id uuid, p_kind public.payment_file_kind)
returns public.payment_files
language plpgsql
security definer
set search_path = ''
as $$
declare
  run public.payroll_runs;
  site public.sites;
  origin public.payment_originators;
  f public.payment_files;
  missing integer;
  entries jsonb;
  total numeric;
  n integer;
  content text;
  label text;
begin
  perform app.require_aal2();
  perform app.assert_payroll_staff();
  if p_kind is null then
    perform app.refuse('payment.kind_required');
  end if;
  select * into run from public.payroll_runs where id = p_run_id for update;
  if not found then
    perform app.refuse('payroll.run_not_found');
  end if;
  select * into f from public.payment_files where run_id = run.id and kind = p_kind;
  if found then
    return f;
  end if;
  if run.status <> 'processed' then
    perform app.refuse('payment.run_not_processed', jsonb_build_object('status', run.status));
  end if;
  select * into site from public.sites where id = run.site_id;
  select count(*) into missing from app.run_payees(run.id) where kind is null;
  if missing > 0 then
    perform app.refuse('payment.accounts_missing', jsonb_build_object('count', missing));
  end if;

  select jsonb_agg(jsonb_build_object(
           'record_id', p.record_id, 'employee_id', p.employee_id, 'account_id', (p.account).id,
           'name', p.employee_name, 'amount', p.amount,
           'reference', 'P' || upper(left(replace(p.record_id::text, '-', ''), 14)),
           'routing_number', (p.account).routing_number, 'account_number', (p.account).account_number,
           'account_type', (p.account).account_type, 'iban', (p.account).iban,
           'bank_name', (p.account).bank_name, 'msisdn', (p.account).msisdn)
         order by p.employee_name, p.record_id),
         sum(p.amount), count(*)
    into entries, total, n
  from app.run_payees(run.id) p
  where p.kind = p_kind
    and not exists (select 1 from public.payment_file_entries fe where fe.payroll_record_id = p.record_id);
  if n = 0 then
    perform app.refuse('payment.nobody_to_pay', jsonb_build_object('kind', p_kind));
  end if;

  label := 'SALAIRE ' || to_char(run.period_start, 'DD/MM/YYYY') || '-' || to_char(run.period_end, 'DD/MM/YYYY');
  if p_kind = 'ach' then
    if run.currency <> 'USD' then
      perform app.refuse('payment.kind_not_at_site', jsonb_build_object('kind', p_kind));
    end if;
    select * into origin from public.payment_originators where site_id = site.id;
    if not found then
      perform app.refuse('payment.originator_missing');
    end if;
    content := app.nacha_content(run, site, origin, entries, app.add_business_days(app.today(), 1, site.country));
  else
    if p_kind <> 'cash_sheet' and run.currency <> 'XOF' then
      perform app.refuse('payment.kind_not_at_site', jsonb_build_object('kind', p_kind));
    end if;
    content := app.csv_content(p_kind, run.currency, label, entries);
  end if;

  insert into public.payment_files (run_id, kind, file_name, content, sha256, currency, total, entry_count, created_by)
  values (run.id, p_kind,
          replace(p_kind::text, '_', '-') || '-' || to_char(run.period_start, 'YYYYMMDD') || '-'
            || to_char(run.period_end, 'YYYYMMDD') || case when p_kind = 'ach' then '.ach' else '.csv' end,
          content, encode(sha256(convert_to(content, 'UTF8')), 'hex'), run.currency, total, n, app.my_employee_id())
  returning * into f;
  insert into public.payment_file_entries (file_id, payroll_record_id, employee_id, payment_account_id, amount, reference)
  select f.id, (e ->> 'record_id')::uuid, (e ->> 'employee_id')::uuid, (e ->> 'account_id')::uuid,
         (e ->> 'amount')::numeric, e ->> 'reference'
  from jsonb_array_elements(entries) e;
  perform app.write_audit('payment_files', f.id::text, 'generate',
    jsonb_build_object('run_id', run.id, 'kind', p_kind, 'entry_count', n, 'total', total, 'sha256', f.sha256));
  return f;
end
$$;

-- A stored file's content, for the download (admin/HR; RLS on payment_files says the same).
create function public.payment_file_content(p_file_id uuid)
returns table (file_name text, kind public.payment_file_kind, content text, sha256 text, currency text,
               total numeric, entry_count integer, generated_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.assert_payroll_staff();
  return query select f.file_name, f.kind, f.content, f.sha256, f.currency, f.total, f.entry_count, f.created_at
               from public.payment_files f where f.id = p_file_id;
  if not found then
    perform app.refuse('payment.file_not_found');
  end if;
  perform app.write_audit('payment_files', p_file_id::text, 'download', '{}'::jsonb);
end
$$;

-- Marking a record paid (the run's mark-paid, or one record's) stamps its file entry: which file
-- paid whom. A record in a file may not go back (cancelled): the file may already be at the bank.
create function app.payment_file_follows_record()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'paid' then
    update public.payment_file_entries set paid_at = app.now() where payroll_record_id = new.id and paid_at is null;
  elsif exists (select 1 from public.payment_file_entries where payroll_record_id = new.id) then
    perform app.refuse('payment.record_in_file', jsonb_build_object('employee', new.employee_name));
  end if;
  return new;
end
$$;

create trigger payroll_records_payment_file after update of status on public.payroll_records
  for each row when (old.status = 'processed' and new.status <> 'processed')
  execute function app.payment_file_follows_record();

revoke all on function app.bank_text(text) from public;
revoke all on function app.nacha_alpha(text, integer) from public;
revoke all on function app.nacha_num(numeric, integer) from public;
revoke all on function app.csv_field(text) from public;
revoke all on function app.payment_file_kind_of(public.payment_accounts) from public;
revoke all on function app.run_payees(uuid) from public;
revoke all on function app.nacha_content(public.payroll_runs, public.sites, public.payment_originators, jsonb, date) from public;
revoke all on function app.file_amount(numeric, text) from public;
revoke all on function app.csv_content(public.payment_file_kind, text, text, jsonb) from public;
revoke all on function app.payment_file_follows_record() from public;
revoke all on function public.payment_accounts_missing(uuid) from public;
revoke all on function public.payment_file_plan(uuid) from public;
revoke all on function public.generate_payment_file(uuid, public.payment_file_kind) from public;
revoke all on function public.payment_file_content(uuid) from public;
grant execute on function public.payment_accounts_missing(uuid) to authenticated, service_role;
grant execute on function public.payment_file_plan(uuid) to authenticated, service_role;
grant execute on function public.generate_payment_file(uuid, public.payment_file_kind) to authenticated, service_role;
grant execute on function public.payment_file_content(uuid) to authenticated, service_role;
