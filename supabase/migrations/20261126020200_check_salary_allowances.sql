-- Issue 23 §2: allowances with unknown keys or non-numeric values were stored and silently ignored
-- by the pay computation (payroll.compute_pay sums a fixed list of names). A structure's allowances
-- are now the names its rule set's country pays, each a non-negative decimal within the amount
-- bounds of 20261126020100. The same lists are the TypeScript ALLOWANCES_BY_COUNTRY
-- (src/domain/payroll/types.ts); tests/integration/product/input-domains.test.ts keeps them equal.

-- The allowance names of a structure: the rule set fixes the country (us-federal-2026: US, bf-2026:
-- BF); spec-default follows the structure's country. The function allowance exists in Burkina Faso
-- only (its IUTS exemption is in bf-2026's params: exemptions.function).
create or replace function payroll.allowance_names(p_rule_set text, p_country public.country_code)
returns text[]
language sql immutable set search_path = '' as $$
  select case
    when coalesce(case p_rule_set when 'us-federal-2026' then 'US' when 'bf-2026' then 'BF' end, p_country::text) = 'BF'
      then array['house_rent', 'transport', 'medical', 'food', 'other', 'function']
    else array['house_rent', 'transport', 'medical', 'food', 'other']
  end
$$;
grant execute on function payroll.allowance_names(text, public.country_code) to authenticated, service_role;

create or replace function app.check_salary_allowances()
returns trigger
language plpgsql set search_path = '' as $$
declare
  allowed text[] := payroll.allowance_names(new.rule_set, new.country);
  item record;
  amount numeric;
begin
  if jsonb_typeof(new.allowances) is distinct from 'object' then
    perform app.refuse('Allowances must be a list of named amounts', 'salary_allowances_not_object');
  end if;
  for item in select key, value from jsonb_each(new.allowances) loop
    if not item.key = any (allowed) then
      perform app.refuse(
        format('Unknown allowance "%s": this rule set pays %s', left(item.key, 40), array_to_string(allowed, ', ')),
        'salary_allowance_unknown');
    end if;
    continue when jsonb_typeof(item.value) = 'null';
    if jsonb_typeof(item.value) = 'number'
       or (jsonb_typeof(item.value) = 'string' and item.value #>> '{}' ~ '^[0-9]{1,13}(\.[0-9]{1,6})?$') then
      amount := (item.value #>> '{}')::numeric;
    else
      perform app.refuse(format('Allowance "%s" must be a number', item.key), 'salary_allowance_not_number');
    end if;
    if not amount between 0 and 1000000000 then
      perform app.refuse(format('Allowance "%s" must be between 0 and 1,000,000,000', item.key),
        'salary_allowance_range');
    end if;
  end loop;
  return new;
end
$$;

-- Fires before salary_structures_write (triggers run in name order), so nothing is computed from a
-- bad allowance.
create trigger salary_structures_allowances
  before insert or update of allowances, rule_set, country on public.salary_structures
  for each row execute function app.check_salary_allowances();
