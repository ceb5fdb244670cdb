-- Hostile review of session 5, continued (tests/integration/product/attacks-session5.test.ts):
-- 1. Changing where someone's pay goes is what a fraudster inside HR would do first (e.g. their own
--    account in a colleague's name). The audit row alone is read by no one in time: the person is
--    now told at once, with the day and the last four characters, when someone else changes it.
-- 2. save_pay_profile (W-4, Illinois allowances, FLSA status, BF dependants) is a security-definer
--    write: like the others, it now refuses an aal1 session of a person with a verified factor.

create or replace function public.save_payment_account(p_employee_id uuid, p_method public.payment_method, p_routing_number text DEFAULT NULL::text, p_account_number text DEFAULT NULL::text, p_account_type public.bank_account_type DEFAULT NULL::public.bank_account_type, p_iban text DEFAULT NULL::text, p_bank_name text DEFAULT NULL::text, p_operator public.mobile_operator DEFAULT NULL::public.mobile_operator, p_msisdn text DEFAULT NULL::text)
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
  -- Told at once when someone else changes where their pay goes (not when the same details are saved again).
  if p_employee_id is distinct from app.my_employee_id() then
    perform app.notify(p_employee_id, 'payment.account_changed', jsonb_build_object(
      'day', app.today(), 'last4', nullif(app.payment_account_last4(next_row), '')));
  end if;
  return next_row;
end
$function$;

create or replace function public.save_pay_profile(p_employee_id uuid, p_profile jsonb)
 RETURNS public.employee_pay_profiles
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  allowed constant text[] := array['filing_status', 'w4_step2', 'w4_step3', 'w4_step4a', 'w4_step4b', 'w4_step4c',
    'flsa_exempt', 'state_allowances', 'dependants', 'abatement_rate', 'cnss_number'];
  key text;
  value jsonb;
  merged jsonb;
  result public.employee_pay_profiles;
begin
  perform app.require_assured_session();
  if not (app.is_trusted() or app.has_role('admin', 'hr')) then
    perform app.forbid('pay_profile.staff_only');
  end if;
  if not exists (select 1 from public.employees where id = p_employee_id) then
    perform app.refuse('employee.not_found');
  end if;
  if p_profile is null or jsonb_typeof(p_profile) <> 'object' then
    perform app.refuse('pay_profile.not_object');
  end if;
  for key, value in select * from jsonb_each(p_profile) loop
    if not key = any (allowed) then
      perform app.refuse('pay_profile.unknown_field', jsonb_build_object('field', key));
    end if;
    case
      when key = 'filing_status' then
        if jsonb_typeof(value) <> 'string' or not (value #>> '{}') = any (enum_range(null::public.filing_status)::text[]) then
          perform app.refuse('pay_profile.filing_status');
        end if;
      when key = 'flsa_exempt' then
        -- true exempt, false non-exempt, null: by the salary test (29 CFR 541.600).
        if jsonb_typeof(value) not in ('boolean', 'null') then
          perform app.refuse('pay_profile.not_boolean', jsonb_build_object('field', key));
        end if;
      when key = 'state_allowances' then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^\d{1,2}$' then
          perform app.refuse('pay_profile.state_allowances');
        end if;
      when key = 'w4_step2' then
        if jsonb_typeof(value) <> 'boolean' then
          perform app.refuse('pay_profile.not_boolean', jsonb_build_object('field', key));
        end if;
      when key in ('w4_step3', 'w4_step4a', 'w4_step4b', 'w4_step4c') then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^\d{1,10}(\.\d{1,2})?$' then
          perform app.refuse('pay_profile.not_amount', jsonb_build_object('field', key));
        end if;
      when key = 'dependants' then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^\d{1,2}$'
           or (value #>> '{}')::integer > 20 then
          perform app.refuse('pay_profile.dependants');
        end if;
      when key = 'abatement_rate' then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^0?\.\d{1,2}$'
           or (value #>> '{}')::numeric not in (0.20, 0.25) then
          perform app.refuse('pay_profile.abatement');
        end if;
      when key = 'cnss_number' then
        if jsonb_typeof(value) not in ('null', 'string')
           or (jsonb_typeof(value) = 'string' and btrim(value #>> '{}') <> ''
               and btrim(value #>> '{}') !~ '^[0-9A-Za-z][0-9A-Za-z /-]{0,29}$') then
          perform app.refuse('pay_profile.cnss_number');
        end if;
    end case;
  end loop;
  -- An empty CNSS number is no number.
  if p_profile ? 'cnss_number' then
    p_profile := p_profile || jsonb_build_object('cnss_number', nullif(btrim(p_profile ->> 'cnss_number'), ''));
  end if;

  select coalesce((select to_jsonb(p) from public.employee_pay_profiles p where p.employee_id = p_employee_id),
                  to_jsonb(jsonb_populate_record(null::public.employee_pay_profiles, '{}'))
                    || jsonb_build_object('filing_status', 'single', 'w4_step2', false, 'w4_step3', 0, 'w4_step4a', 0,
                         'w4_step4b', 0, 'w4_step4c', 0, 'flsa_exempt', null, 'state_allowances', 0, 'dependants', 0,
                         'abatement_rate', 0.20))
         || p_profile || jsonb_build_object('employee_id', p_employee_id, 'updated_at', app.now())
    into merged;
  insert into public.employee_pay_profiles
  select * from jsonb_populate_record(null::public.employee_pay_profiles, merged)
  on conflict (employee_id) do update set filing_status = excluded.filing_status, w4_step2 = excluded.w4_step2,
    w4_step3 = excluded.w4_step3, w4_step4a = excluded.w4_step4a, w4_step4b = excluded.w4_step4b,
    w4_step4c = excluded.w4_step4c, flsa_exempt = excluded.flsa_exempt, state_allowances = excluded.state_allowances, dependants = excluded.dependants,
    abatement_rate = excluded.abatement_rate, cnss_number = excluded.cnss_number
  returning * into result;
  return result;
end
$function$;
