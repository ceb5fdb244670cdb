-- Issue 29 leftover: a Burkina Faso IBAN was refused with one code whatever was wrong, and its BBAN
-- was any 24 letters or digits. The form is now checked on its own, with its own refusal
-- (payment.iban_form {length}), before the ISO 13616 check digits (payment.iban_invalid):
-- 28 characters = 'BF', 2 check digits, and the 24-character UEMOA RIB: bank code 5 characters
-- (the bank's country letters then 3 digits, e.g. BF084; a letter first), branch 5 digits, account
-- 12 digits, RIB key 2 digits. BF is not in SWIFT's IBAN registry (it is on the lists of countries
-- using the IBAN partially, 28 characters, example BF42BF0840101300463574000390). The RIB key itself
-- is not checked: no published BCEAO rule was found (docs/payroll.md).

create or replace function app.bf_iban_form(iban text)
 returns boolean
 language sql
 immutable
 set search_path to ''
as $function$
  select coalesce(iban ~ '^BF[0-9]{2}[A-Z][A-Z0-9][0-9]{3}[0-9]{5}[0-9]{12}[0-9]{2}$', false)
$function$;

revoke all on function app.bf_iban_form(iban text) from public;

create or replace function app.bf_iban_valid(iban text)
 returns boolean
 language sql
 immutable
 set search_path to ''
as $function$
  select app.bf_iban_form(iban) and app.iban_mod97(iban) = 1
$function$;

revoke all on function app.bf_iban_valid(iban text) from public;

CREATE OR REPLACE FUNCTION app.check_payment_account()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
    if not coalesce(app.bf_iban_form(new.iban), false) then
      perform app.refuse('payment.iban_form', jsonb_build_object('length', char_length(coalesce(new.iban, ''))));
    end if;
    if not app.bf_iban_valid(new.iban) then
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
$function$;

revoke all on function app.check_payment_account() from public;

CREATE OR REPLACE FUNCTION public.save_payment_account(p_employee_id uuid, p_method public.payment_method, p_routing_number text DEFAULT NULL::text, p_account_number text DEFAULT NULL::text, p_account_type public.bank_account_type DEFAULT NULL::public.bank_account_type, p_iban text DEFAULT NULL::text, p_bank_name text DEFAULT NULL::text, p_operator public.mobile_operator DEFAULT NULL::public.mobile_operator, p_msisdn text DEFAULT NULL::text)
 RETURNS public.payment_accounts
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    -- The form first (28 characters, BF, the RIB's parts), then the check digits (app.check_payment_account).
    if not app.bf_iban_form(next_row.iban) then
      perform app.refuse('payment.iban_form', jsonb_build_object('length', char_length(next_row.iban)));
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
  -- Told at once when someone else changes where their pay goes (not when the same details are saved again).
  if p_employee_id is distinct from app.my_employee_id() then
    perform app.notify(p_employee_id, 'payment.account_changed', jsonb_build_object(
      'day', app.today(), 'last4', nullif(app.payment_account_last4(next_row), '')));
  end if;
  return next_row;
end
$function$;

revoke all on function public.save_payment_account(p_employee_id uuid, p_method public.payment_method, p_routing_number text, p_account_number text, p_account_type public.bank_account_type, p_iban text, p_bank_name text, p_operator public.mobile_operator, p_msisdn text) from public;
grant execute on function public.save_payment_account(p_employee_id uuid, p_method public.payment_method, p_routing_number text, p_account_number text, p_account_type public.bank_account_type, p_iban text, p_bank_name text, p_operator public.mobile_operator, p_msisdn text) to authenticated, service_role;
