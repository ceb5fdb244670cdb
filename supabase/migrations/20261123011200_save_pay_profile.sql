-- The pay profile (W-4 inputs, dependants, professional abatement, CNSS number) edited from the
-- salary dialog through one RPC that says what is wrong, audited by the table's trigger.

-- The employee's CNSS registration number (Burkina Faso), printed on the bulletin de paie.
alter table public.employee_pay_profiles add column cnss_number text
  constraint cnss_number_format check (cnss_number is null or cnss_number ~ '^[0-9A-Za-z][0-9A-Za-z /-]{0,29}$');

create or replace function app.audit_pay_profile() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.write_audit('employee_pay_profiles', coalesce(new.employee_id, old.employee_id)::text, lower(tg_op),
    case when tg_op = 'UPDATE' then app.changed(to_jsonb(old), to_jsonb(new), array['filing_status', 'w4_step2',
      'w4_step3', 'w4_step4a', 'w4_step4b', 'w4_step4c', 'flsa_exempt', 'dependants', 'abatement_rate', 'cnss_number'])
    else coalesce(to_jsonb(new), to_jsonb(old)) end);
  return null;
end
$$;

create function public.save_pay_profile(p_employee_id uuid, p_profile jsonb) returns public.employee_pay_profiles
language plpgsql security definer set search_path = '' as $$
declare
  allowed constant text[] := array['filing_status', 'w4_step2', 'w4_step3', 'w4_step4a', 'w4_step4b', 'w4_step4c',
    'flsa_exempt', 'dependants', 'abatement_rate', 'cnss_number'];
  labels constant jsonb := '{"w4_step3": "W-4 step 3 (dependents)", "w4_step4a": "W-4 step 4(a) (other income)",
    "w4_step4b": "W-4 step 4(b) (deductions)", "w4_step4c": "W-4 step 4(c) (extra withholding)"}';
  key text;
  value jsonb;
  merged jsonb;
  result public.employee_pay_profiles;
begin
  if not (app.is_trusted() or app.has_role('admin', 'hr')) then
    perform app.forbid('Only admins and HR edit pay profiles');
  end if;
  if not exists (select 1 from public.employees where id = p_employee_id) then
    perform app.refuse('Employee not found');
  end if;
  if p_profile is null or jsonb_typeof(p_profile) <> 'object' then
    perform app.refuse('Give the pay profile as an object');
  end if;
  for key, value in select * from jsonb_each(p_profile) loop
    if not key = any (allowed) then
      perform app.refuse(format('Unknown pay profile field "%s"', key));
    end if;
    case
      when key = 'filing_status' then
        if jsonb_typeof(value) <> 'string' or not (value #>> '{}') = any (enum_range(null::public.filing_status)::text[]) then
          perform app.refuse('Filing status must be single, married_jointly, married_separately or head_of_household');
        end if;
      when key in ('w4_step2', 'flsa_exempt') then
        if jsonb_typeof(value) <> 'boolean' then
          perform app.refuse(format('%s must be true or false', key));
        end if;
      when key in ('w4_step3', 'w4_step4a', 'w4_step4b', 'w4_step4c') then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^\d{1,10}(\.\d{1,2})?$' then
          perform app.refuse(format('%s must be an amount of 0 or more, with at most 2 decimals', labels ->> key));
        end if;
      when key = 'dependants' then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^\d{1,2}$'
           or (value #>> '{}')::integer > 20 then
          perform app.refuse('Dependants must be a whole number from 0 to 20');
        end if;
      when key = 'abatement_rate' then
        if jsonb_typeof(value) not in ('number', 'string') or (value #>> '{}') !~ '^0?\.\d{1,2}$'
           or (value #>> '{}')::numeric not in (0.20, 0.25) then
          perform app.refuse('The professional abatement is 20 % or 25 %');
        end if;
      when key = 'cnss_number' then
        if jsonb_typeof(value) not in ('null', 'string')
           or (jsonb_typeof(value) = 'string' and btrim(value #>> '{}') <> ''
               and btrim(value #>> '{}') !~ '^[0-9A-Za-z][0-9A-Za-z /-]{0,29}$') then
          perform app.refuse('The CNSS number has letters, digits, spaces, / or - (at most 30)');
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
                         'w4_step4b', 0, 'w4_step4c', 0, 'flsa_exempt', false, 'dependants', 0, 'abatement_rate', 0.20))
         || p_profile || jsonb_build_object('employee_id', p_employee_id, 'updated_at', now())
    into merged;
  insert into public.employee_pay_profiles
  select * from jsonb_populate_record(null::public.employee_pay_profiles, merged)
  on conflict (employee_id) do update set filing_status = excluded.filing_status, w4_step2 = excluded.w4_step2,
    w4_step3 = excluded.w4_step3, w4_step4a = excluded.w4_step4a, w4_step4b = excluded.w4_step4b,
    w4_step4c = excluded.w4_step4c, flsa_exempt = excluded.flsa_exempt, dependants = excluded.dependants,
    abatement_rate = excluded.abatement_rate, cnss_number = excluded.cnss_number
  returning * into result;
  return result;
end
$$;

revoke execute on function public.save_pay_profile(uuid, jsonb) from anon, public;
grant execute on function public.save_pay_profile(uuid, jsonb) to authenticated, service_role;
