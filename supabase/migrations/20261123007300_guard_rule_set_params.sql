-- An admin may change a rule set's figures (Settings → Payroll rule sets) but not its shape: the
-- same parameter names, nested the same way, each value of the same kind (a decimal figure stays a
-- decimal figure), so the pay computation keeps working.
create function app.json_shape(j jsonb) returns jsonb
language plpgsql immutable set search_path = '' as $$
begin
  return case jsonb_typeof(j)
    when 'object' then coalesce((select jsonb_object_agg(e.key, app.json_shape(e.value)) from jsonb_each(j) e), '{}'::jsonb)
    when 'array' then to_jsonb('array'::text)
    when 'string' then to_jsonb(case when j #>> '{}' ~ '^-?[0-9]+(\.[0-9]+)?$' then 'decimal' else 'string' end)
    else to_jsonb(jsonb_typeof(j))
  end;
end
$$;

create function app.guard_rule_set_params() returns trigger
language plpgsql set search_path = '' as $$
begin
  if app.is_trusted() then
    return new;
  end if;
  if app.json_shape(old.params) is distinct from app.json_shape(new.params) then
    perform app.refuse('Invalid rule set parameters',
      'Keep every parameter''s name and kind (a figure stays a figure); change figures only.');
  end if;
  new.updated_by := app.my_employee_id();
  return new;
end
$$;
create trigger payroll_rule_sets_guard before update on public.payroll_rule_sets
  for each row execute function app.guard_rule_set_params();
