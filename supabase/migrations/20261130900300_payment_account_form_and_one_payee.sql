-- Two changes of the same afternoon replaced save_payment_account from the same body: the BF IBAN's
-- form check (20261130200100) and one payee per account (20261130900200). The later one lost the
-- former: this is the function with both.
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
  violated text;
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
  begin
    insert into public.payment_accounts (employee_id, method, country, routing_number, account_number, account_type,
                                         iban, bank_name, operator, msisdn, created_by)
    values (next_row.employee_id, next_row.method, next_row.country, next_row.routing_number, next_row.account_number,
            next_row.account_type, next_row.iban, next_row.bank_name, next_row.operator, next_row.msisdn, app.my_employee_id())
    returning * into next_row;
  exception when unique_violation then
    -- The index, not a prior read, decides: two concurrent saves of one number cannot both pass.
    get stacked diagnostics violated = constraint_name;
    if violated = 'payment_accounts_one_payee' then
      perform app.refuse('payment.account_in_use', jsonb_build_object('last4', app.payment_account_last4(next_row)));
    end if;
    raise;
  end;
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

