-- Dated versions of a payroll rule set: an admin adds a version that takes effect from a future
-- date (a copy of the parameters in force then, with figures changed), through add_rule_set_version;
-- payroll.rule_set_params(rule_set, on_date) already picks the latest version effective on a date,
-- so a computation dated on or after it uses the new figures and earlier ones keep the old.
-- A version keeps the parameters' shape (names and kinds), cannot start today or earlier (pay
-- already computed must not change under it), and only a scheduled version can be withdrawn.
-- Every insert and delete is audited by the existing trigger (app.audit_rule_set).

create function app.guard_rule_set_version() returns trigger
language plpgsql set search_path = '' as $$
declare
  base jsonb;
begin
  if app.is_trusted() then
    return coalesce(new, old);
  end if;
  if tg_op = 'DELETE' then
    if old.effective_from <= current_date then
      perform app.refuse('A rule set version already in force cannot be deleted');
    end if;
    return old;
  end if;
  if new.effective_from <= current_date then
    perform app.refuse('A new rule set version must take effect after today');
  end if;
  select r.params into base from public.payroll_rule_sets r
  where r.rule_set = new.rule_set and r.effective_from < new.effective_from
  order by r.effective_from desc limit 1;
  if base is null then
    perform app.refuse(format('No version of %s to start from', new.rule_set));
  end if;
  if app.json_shape(base) is distinct from app.json_shape(new.params) then
    perform app.refuse('Invalid rule set parameters',
      'Keep every parameter''s name and kind (a figure stays a figure); change figures only.');
  end if;
  new.updated_by := app.my_employee_id();
  return new;
end
$$;
create trigger payroll_rule_sets_guard_versions before insert or delete on public.payroll_rule_sets
  for each row execute function app.guard_rule_set_version();

-- A new version of p_rule_set from p_effective_from: p_params, or (when null) a copy of the
-- version in force the day before.
create function public.add_rule_set_version(p_rule_set text, p_effective_from date, p_params jsonb default null)
returns public.payroll_rule_sets
language plpgsql security definer set search_path = '' as $$
declare
  created public.payroll_rule_sets;
begin
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only admins change payroll rule sets');
  end if;
  if p_rule_set is null or p_effective_from is null then
    perform app.refuse('Choose a rule set and the date its new version takes effect');
  end if;
  if not exists (select 1 from public.payroll_rule_sets where rule_set = p_rule_set) then
    perform app.refuse(format('Unknown rule set "%s"', p_rule_set));
  end if;
  if exists (select 1 from public.payroll_rule_sets where rule_set = p_rule_set and effective_from = p_effective_from) then
    perform app.refuse(format('%s already has a version effective from %s', p_rule_set, p_effective_from));
  end if;
  if p_params is not null and jsonb_typeof(p_params) <> 'object' then
    perform app.refuse('Invalid rule set parameters');
  end if;
  insert into public.payroll_rule_sets (rule_set, effective_from, params)
  values (p_rule_set, p_effective_from, coalesce(p_params, payroll.rule_set_params(p_rule_set, p_effective_from - 1)))
  returning * into created;
  return created;
end
$$;

-- Withdraw a version that has not taken effect yet.
create function public.delete_rule_set_version(p_rule_set text, p_effective_from date) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only admins change payroll rule sets');
  end if;
  delete from public.payroll_rule_sets where rule_set = p_rule_set and effective_from = p_effective_from;
  if not found then
    perform app.refuse('Rule set version not found');
  end if;
end
$$;

revoke execute on function app.guard_rule_set_version() from anon, authenticated, public;
revoke execute on function public.add_rule_set_version(text, date, jsonb), public.delete_rule_set_version(text, date)
  from anon, public;
grant execute on function public.add_rule_set_version(text, date, jsonb), public.delete_rule_set_version(text, date)
  to authenticated, service_role;
