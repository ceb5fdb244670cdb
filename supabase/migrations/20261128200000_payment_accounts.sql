-- Issue 29 item 5 (part 1): how each person is paid. A person has one current payment account
-- (a US bank account, a Burkina Faso bank account, a mobile-money wallet, or cash); a change closes
-- the current row and adds a new one, so the history of where pay went is kept, and each change is
-- audited (with the last four characters only). It is NOT in the pay profile: the pay profile is
-- about how pay is computed, this is about where it goes.
--
-- Who reads it (docs/product.md): admin and HR, and the person their own; managers and kiosks never.
-- Nobody writes the table directly: save_payment_account() (admin/HR, aal2) normalises and inserts,
-- and a trigger validates every row with refusal codes, whoever inserts it (the demo seed too).
-- Screens read the masked summary (payment_account_summary), never the numbers.

create type public.payment_method as enum ('bank_account', 'mobile_money', 'cash');
create type public.bank_account_type as enum ('checking', 'savings');
create type public.mobile_operator as enum ('orange_money', 'moov_money');

-- The ABA routing number check (the Federal Reserve's "check digit routine"): weights 3, 7, 1
-- over the nine digits, the sum a multiple of 10; the first two digits are a Federal Reserve
-- routing symbol (01-12, 21-32 thrift, 61-72 electronic, 80 traveller's cheques).
create function app.aba_routing_valid(routing text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select routing ~ '^[0-9]{9}$'
    and substr(routing, 1, 2)::int in (1,2,3,4,5,6,7,8,9,10,11,12,21,22,23,24,25,26,27,28,29,30,31,32,
                                       61,62,63,64,65,66,67,68,69,70,71,72,80)
    and (3 * (substr(routing, 1, 1)::int + substr(routing, 4, 1)::int + substr(routing, 7, 1)::int)
       + 7 * (substr(routing, 2, 1)::int + substr(routing, 5, 1)::int + substr(routing, 8, 1)::int)
       +     (substr(routing, 3, 1)::int + substr(routing, 6, 1)::int + substr(routing, 9, 1)::int)) % 10 = 0
$$;

-- ISO 13616 check: move the first four characters to the end, letters to numbers (A = 10 ... Z = 35),
-- the whole number mod 97 must be 1. numeric is exact at any length, so no chunking is needed.
create function app.iban_mod97(iban text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select (string_agg(case when c ~ '[0-9]' then c else (ascii(c) - 55)::text end, '' order by i)::numeric % 97)::int
  from unnest(string_to_array(substr(iban, 5) || substr(iban, 1, 4), null)) with ordinality as t(c, i)
$$;

-- A Burkina Faso IBAN: 28 characters, 'BF', two check digits, the 24-character BBAN of the UEMOA
-- RIB (bank code 5, branch 5, account 12, RIB key 2), mod-97 equal to 1.
create function app.bf_iban_valid(iban text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select iban ~ '^BF[0-9]{2}[A-Z0-9]{24}$' and app.iban_mod97(iban) = 1
$$;

-- A Burkina Faso mobile number as +226 and 8 digits. ARCEP's national plan is closed, 8 digits
-- (AB PQ MC DU), its first digit giving the use: 2 fixed lines, 1 and 3 short numbers, 8 special
-- services; mobiles are in the 0, 4, 5, 6 and 7 series (arcep.bf, "Numérotation téléphonique";
-- ARCEP, 27 August 2014: series 4 and 5 for mobiles). Operator prefixes are not checked: we could
-- not cite a current allocation table.
create function app.bf_mobile_valid(msisdn text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select msisdn ~ '^\+226[04567][0-9]{7}$'
$$;

create table public.payment_accounts (
  id uuid primary key default gen_random_uuid(),
  employee_id uuid not null references public.employees(id),
  method public.payment_method not null,
  -- The country of the person's site when saved: which format the details follow.
  country public.country_code not null,
  routing_number text,
  account_number text,
  account_type public.bank_account_type,
  iban text,
  bank_name text,
  operator public.mobile_operator,
  msisdn text,
  created_by uuid references public.employees(id) on delete set null,
  created_at timestamptz not null default app.now(),
  -- Set when a newer account replaces this one: the row stays as history.
  replaced_at timestamptz,
  constraint payment_accounts_routing_number_length check (char_length(routing_number) = 9),
  constraint payment_accounts_account_number_length check (char_length(account_number) between 4 and 17),
  constraint payment_accounts_iban_length check (char_length(iban) = 28),
  constraint payment_accounts_bank_name_length check (char_length(bank_name) between 2 and 80),
  constraint payment_accounts_msisdn_length check (char_length(msisdn) = 12),
  constraint payment_accounts_replaced_at_window check (replaced_at >= created_at),
  -- Each method carries exactly its own details.
  constraint payment_accounts_details_shape check (case
    when method = 'bank_account' and country = 'US' then
      routing_number is not null and account_number is not null and account_type is not null
      and iban is null and operator is null and msisdn is null
    when method = 'bank_account' and country = 'BF' then
      iban is not null and bank_name is not null and routing_number is null and account_number is null
      and account_type is null and operator is null and msisdn is null
    when method = 'mobile_money' then
      country = 'BF' and operator is not null and msisdn is not null and routing_number is null
      and account_number is null and account_type is null and iban is null and bank_name is null
    else routing_number is null and account_number is null and account_type is null and iban is null
      and bank_name is null and operator is null and msisdn is null
  end)
);

create unique index payment_accounts_one_current on public.payment_accounts (employee_id) where replaced_at is null;

-- Every row is checked with a code the form can show, whoever inserts it.
create function app.check_payment_account()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.method = 'mobile_money' and new.country <> 'BF' then
    perform app.refuse('payment.method_not_at_site', jsonb_build_object('method', new.method, 'country', new.country));
  end if;
  if new.method = 'bank_account' and new.country = 'US' then
    if not coalesce(app.aba_routing_valid(new.routing_number), false) then
      perform app.refuse('payment.routing_invalid');
    end if;
    if coalesce(new.account_number, '') !~ '^[0-9]{4,17}$' then
      perform app.refuse('payment.account_number_invalid');
    end if;
    if new.account_type is null then
      perform app.refuse('payment.account_type_required');
    end if;
  end if;
  if new.method = 'bank_account' and new.country = 'BF' then
    if not coalesce(app.bf_iban_valid(new.iban), false) then
      perform app.refuse('payment.iban_invalid');
    end if;
    if char_length(btrim(coalesce(new.bank_name, ''))) < 2 then
      perform app.refuse('payment.bank_name_required');
    end if;
  end if;
  if new.method = 'mobile_money' then
    if new.operator is null then
      perform app.refuse('payment.operator_required');
    end if;
    if not coalesce(app.bf_mobile_valid(new.msisdn), false) then
      perform app.refuse('payment.mobile_invalid');
    end if;
  end if;
  return new;
end
$$;

create trigger payment_accounts_check before insert on public.payment_accounts
  for each row execute function app.check_payment_account();

alter table public.payment_accounts enable row level security;

create policy payment_accounts_read on public.payment_accounts
  for select to authenticated
  using ((select app.has_role('admin', 'hr')) or employee_id = (select app.my_employee_id()));
create policy session_assured on public.payment_accounts
  as restrictive for all to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));

revoke all on public.payment_accounts from anon, authenticated;
grant select on public.payment_accounts to authenticated;
grant all on public.payment_accounts to service_role;

-- The last four characters a screen may show.
create function app.payment_account_last4(a public.payment_accounts)
returns text
language sql
immutable
set search_path = ''
as $$
  select right(coalesce(a.account_number, a.iban, a.msisdn, ''), 4)
$$;

-- What a screen shows of a person's current account: never the numbers, the last four only.
create function public.payment_account_summary(p_employee_id uuid)
returns table (
  employee_id uuid,
  method public.payment_method,
  country public.country_code,
  account_type public.bank_account_type,
  bank_name text,
  operator public.mobile_operator,
  routing_number text,
  last4 text,
  since timestamptz,
  site_country public.country_code
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (app.has_role('admin', 'hr') or p_employee_id = app.my_employee_id()) then
    perform app.forbid('payment.account_private');
  end if;
  return query
    select e.id, a.method, a.country, a.account_type, a.bank_name, a.operator,
           -- A routing number names a bank, not a person: shown whole, as on a cheque.
           a.routing_number, app.payment_account_last4(a), a.created_at, s.country
    from public.employees e
    left join public.sites s on s.id = e.site_id
    left join public.payment_accounts a on a.employee_id = e.id and a.replaced_at is null
    where e.id = p_employee_id;
end
$$;

revoke all on function public.payment_account_summary(uuid) from public;
grant execute on function public.payment_account_summary(uuid) to authenticated, service_role;

-- Digits written in groups ('0710 0001 3', '12-34-56') as one number; anything else (a sign, a
-- letter, an exponent) is left as typed, for the checks to refuse.
create function app.digits_grouped(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when btrim(coalesce(value, '')) ~ '^[0-9]([0-9 .-]*[0-9])?$'
    then regexp_replace(value, '[\s.-]', '', 'g') else btrim(coalesce(value, '')) end
$$;

-- Saves a person's payment account (admin/HR, aal2: changing where pay goes is what a fraudster
-- would do first). Digits written in groups are joined, an IBAN is upper-cased; a mobile number is
-- read as 8 digits, +226 and 8 digits, or 00226 and 8 digits. The same details again change nothing.
create function public.save_payment_account(
  p_employee_id uuid,
  p_method public.payment_method,
  p_routing_number text default null,
  p_account_number text default null,
  p_account_type public.bank_account_type default null,
  p_iban text default null,
  p_bank_name text default null,
  p_operator public.mobile_operator default null,
  p_msisdn text default null
)
returns public.payment_accounts
language plpgsql
security definer
set search_path = ''
as $$
declare
  site_country public.country_code;
  current_row public.payment_accounts;
  next_row public.payment_accounts;
  digits text;
begin
  perform app.require_aal2();
  if not (app.is_trusted() or app.has_role('admin', 'hr')) then
    perform app.forbid('payment.staff_only');
  end if;
  select s.country into site_country
  from public.employees e join public.sites s on s.id = e.site_id
  where e.id = p_employee_id and e.status <> 'terminated';
  if not found then
    perform app.refuse('payment.employee_not_found');
  end if;
  if p_method is null then
    perform app.refuse('payment.method_required');
  end if;

  next_row.employee_id := p_employee_id;
  next_row.method := p_method;
  next_row.country := site_country;
  if p_method = 'bank_account' and site_country = 'US' then
    next_row.routing_number := app.digits_grouped(p_routing_number);
    next_row.account_number := app.digits_grouped(p_account_number);
    next_row.account_type := p_account_type;
    if char_length(next_row.routing_number) <> 9 then
      perform app.refuse('payment.routing_invalid');
    end if;
    if next_row.account_number !~ '^[0-9]{4,17}$' then
      perform app.refuse('payment.account_number_invalid');
    end if;
  elsif p_method = 'bank_account' then
    next_row.iban := upper(regexp_replace(coalesce(p_iban, ''), '[\s.-]', '', 'g'));
    next_row.bank_name := nullif(btrim(p_bank_name), '');
    if char_length(next_row.iban) <> 28 then
      perform app.refuse('payment.iban_invalid');
    end if;
    if char_length(coalesce(next_row.bank_name, '')) not between 2 and 80 then
      perform app.refuse('payment.bank_name_required');
    end if;
  elsif p_method = 'mobile_money' then
    digits := regexp_replace(coalesce(p_msisdn, ''), '[\s.()-]', '', 'g');
    digits := regexp_replace(digits, '^(\+|00)226', '');
    if digits !~ '^[0-9]{8}$' then
      perform app.refuse('payment.mobile_invalid');
    end if;
    next_row.msisdn := '+226' || digits;
    next_row.operator := p_operator;
  end if;

  select * into current_row from public.payment_accounts
  where employee_id = p_employee_id and replaced_at is null for update;
  if found and (current_row.method, current_row.country, current_row.routing_number, current_row.account_number,
                current_row.account_type, current_row.iban, current_row.bank_name, current_row.operator, current_row.msisdn)
      is not distinct from (next_row.method, next_row.country, next_row.routing_number, next_row.account_number,
                next_row.account_type, next_row.iban, next_row.bank_name, next_row.operator, next_row.msisdn) then
    return current_row;
  end if;
  if found then
    update public.payment_accounts set replaced_at = app.now() where id = current_row.id;
  end if;
  insert into public.payment_accounts (employee_id, method, country, routing_number, account_number, account_type,
                                       iban, bank_name, operator, msisdn, created_by)
  values (next_row.employee_id, next_row.method, next_row.country, next_row.routing_number, next_row.account_number,
          next_row.account_type, next_row.iban, next_row.bank_name, next_row.operator, next_row.msisdn, app.my_employee_id())
  returning * into next_row;
  perform app.write_audit('payment_accounts', p_employee_id::text, case when current_row.id is null then 'insert' else 'update' end,
    jsonb_build_object('method', next_row.method, 'last4', app.payment_account_last4(next_row),
                       'operator', next_row.operator, 'bank_name', next_row.bank_name,
                       'previous_method', current_row.method,
                       'previous_last4', case when current_row.id is not null then app.payment_account_last4(current_row) end));
  return next_row;
end
$$;

revoke all on function public.save_payment_account(uuid, public.payment_method, text, text, public.bank_account_type, text, text, public.mobile_operator, text) from public;
grant execute on function public.save_payment_account(uuid, public.payment_method, text, text, public.bank_account_type, text, text, public.mobile_operator, text) to authenticated, service_role;

revoke all on function app.iban_mod97(text) from public;
revoke all on function app.digits_grouped(text) from public;
revoke all on function app.bf_iban_valid(text) from public;
revoke all on function app.bf_mobile_valid(text) from public;
revoke all on function app.payment_account_last4(public.payment_accounts) from public;
revoke all on function app.check_payment_account() from public;
