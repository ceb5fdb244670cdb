-- Separation of duties on salary structures that cannot be walked around (issue 23 §4).
-- Nobody approves or rejects a structure they created, a structure whose pay terms they changed
-- (at any time while it could still be edited), or their own salary. A change to a structure's pay
-- terms is remembered on the row (by whom and when; every person who changed them) by a trigger
-- from the caller's identity, so a client cannot forge it, and audited with the old and new values.
-- Bulk approval decides every pending structure the caller may decide and skips the others,
-- saying which and why: what a payroll officer clicking 'Bulk Approve' expects, rather than one
-- structure someone else must decide blocking the whole batch.
-- Approving and rejecting need a two-factor session once the person has a factor (issue 28).

alter table public.salary_structures
  add column last_amounts_changed_by uuid references public.employees (id),
  add column last_amounts_changed_at timestamptz,
  add column amounts_changed_by uuid[] not null default '{}';

comment on column public.salary_structures.last_amounts_changed_by is
  'Who last changed the pay terms (amounts, rates, pay basis, frequency, rule set, employee, dates) after creation';
comment on column public.salary_structures.amounts_changed_by is
  'Everyone who changed the pay terms after creation: none of them may approve or reject the structure';

-- The inputs of the pay: a change to any of them changes what the structure pays, or to whom.
create function app.salary_pay_terms() returns text[]
language sql immutable set search_path = '' as $$
  select array['employee_id', 'rule_set', 'country', 'pay_basis', 'frequency', 'basic_salary', 'hours_worked',
    'hourly_rate', 'overtime_hours', 'overtime_rate', 'allowances', 'other_deductions', 'effective_date', 'delay_buffer']
$$;

-- Who changed the terms before this migration, from the audit log's update rows (the triggers are
-- off meanwhile: nothing is recomputed or audited again).
alter table public.salary_structures disable trigger user;
update public.salary_structures s set
  amounts_changed_by = edits.editors, last_amounts_changed_by = edits.last_editor, last_amounts_changed_at = edits.last_at
from (
  select a.entity_id, array_agg(distinct a.actor_employee_id) as editors,
    (array_agg(a.actor_employee_id order by a.created_at desc, a.id desc))[1] as last_editor, max(a.created_at) as last_at
  from public.audit_logs a
  where a.entity = 'salary_structures' and a.action = 'update' and a.actor_employee_id is not null
    and a.diff ?| app.salary_pay_terms()
  group by a.entity_id
) edits
where edits.entity_id = s.id::text;
alter table public.salary_structures enable trigger user;

-- Stamps who changed the pay terms; the stamp itself is never taken from the client.
create function app.salary_terms_editor() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := app.my_employee_id();
begin
  if tg_op = 'INSERT' then
    if not app.is_trusted() then
      new.last_amounts_changed_by := null;
      new.last_amounts_changed_at := null;
      new.amounts_changed_by := '{}';
    end if;
    return new;
  end if;
  new.last_amounts_changed_by := old.last_amounts_changed_by;
  new.last_amounts_changed_at := old.last_amounts_changed_at;
  new.amounts_changed_by := old.amounts_changed_by;
  if app.changed(to_jsonb(old), to_jsonb(new), app.salary_pay_terms()) <> '{}'::jsonb then
    new.last_amounts_changed_by := me;
    new.last_amounts_changed_at := now();
    if me is not null and not me = any (new.amounts_changed_by) then
      new.amounts_changed_by := new.amounts_changed_by || me;
    end if;
  end if;
  return new;
end
$$;
-- Named to run before salary_structures_write (triggers of one event run in name order).
create trigger salary_structures_terms_editor before insert or update on public.salary_structures
  for each row execute function app.salary_terms_editor();

-- The audit row of a change of pay terms: who, and each term's old and new value, with the figures.
create function app.audit_salary_terms() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  terms jsonb := app.changed(to_jsonb(old), to_jsonb(new), app.salary_pay_terms());
begin
  if terms <> '{}'::jsonb then
    perform app.write_audit('salary_structures', new.id::text, 'amounts_changed', jsonb_build_object(
      'changed_by', new.last_amounts_changed_by, 'approval_status', new.approval_status, 'terms', terms,
      'gross_salary', jsonb_build_object('old', old.gross_salary, 'new', new.gross_salary),
      'net_salary', jsonb_build_object('old', old.net_salary, 'new', new.net_salary)));
  end if;
  return null;
end
$$;
create trigger salary_structures_terms_audit after update on public.salary_structures
  for each row execute function app.audit_salary_terms();

-- Why the caller may not decide this structure: null when they may. Trusted server code has no
-- person behind it and is not held to it.
create function app.salary_decision_blocker(s public.salary_structures) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  me uuid := app.my_employee_id();
begin
  if me is null then
    return null;
  elsif s.employee_id = me then
    return 'salary_self_approval';
  elsif s.created_by = me then
    return 'salary_creator_approval';
  elsif me = any (s.amounts_changed_by) then
    return 'salary_editor_approval';
  end if;
  return null;
end
$$;

create function app.salary_decision_refusal(blocker text) returns text
language sql immutable set search_path = '' as $$
  select case blocker
    when 'salary_self_approval' then 'You cannot approve or reject your own salary structure'
    when 'salary_creator_approval' then 'You cannot approve or reject a salary structure you created'
    when 'salary_editor_approval' then 'You cannot approve or reject a salary structure whose amounts you changed'
  end
$$;

-- One decision (body of 20261121002400_create_salary_workflow.sql, with the separation of duties
-- from app.salary_decision_blocker).
create or replace function app.approve_one(s public.salary_structures, approve boolean, reason text) returns public.salary_structures
language plpgsql security definer set search_path = '' as $$
declare
  release date;
  country public.country_code;
  result public.salary_structures;
  blocker text := app.salary_decision_blocker(s);
begin
  if blocker is not null then
    perform app.refuse(app.salary_decision_refusal(blocker), blocker);
  end if;
  if s.approval_status <> 'pending' then
    perform app.refuse(format('This salary structure is already %s', s.approval_status));
  end if;
  perform app.salary_workflow_on();
  if approve then
    select coalesce(si.country, s.country) into country
    from public.employees e left join public.sites si on si.id = e.site_id where e.id = s.employee_id;
    release := app.add_business_days(s.effective_date, s.delay_buffer, country);
    update public.salary_structures set approval_status = 'approved', approved_at = now(), approved_by = app.my_employee_id(),
      rejection_reason = null, scheduled_release_date = release, is_active = true,
      payment_notes = app.append_note(payment_notes, format('Approved; scheduled release %s', release))
    where id = s.id returning * into result;
    -- The version it replaces is no longer the employee's active structure.
    update public.salary_structures set is_active = false where id = s.supersedes_id;
    perform app.notify(s.employee_id, 'Salary approved',
      format('Your salary structure effective %s was approved. Scheduled release: %s.', s.effective_date, release));
  else
    update public.salary_structures set approval_status = 'rejected', rejection_reason = nullif(btrim(coalesce(reason, '')), '')
    where id = s.id returning * into result;
    perform app.notify(s.employee_id, 'Salary rejected',
      format('Your salary structure effective %s was rejected. Reason: %s', s.effective_date, coalesce(nullif(btrim(coalesce(reason, '')), ''), 'N/A')));
  end if;
  return result;
end
$$;

-- The approval dialog: 'approved' or 'rejected'; any other value puts the structure back to pending
-- (body of 20261121002400_create_salary_workflow.sql, with the two-factor step-up first).
create or replace function public.set_salary_approval(p_id uuid, p_status text, p_reason text default null)
returns public.salary_structures
language plpgsql security definer set search_path = '' as $$
declare
  s public.salary_structures;
begin
  perform app.require_aal2();
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can approve or reject salary structures');
  end if;
  select * into s from public.salary_structures where id = p_id for update;
  if not found then
    perform app.refuse('Salary not found');
  end if;
  if p_status in ('approved', 'rejected') then
    return app.approve_one(s, p_status = 'approved', p_reason);
  end if;
  if s.payment_status <> 'pending' then
    perform app.refuse('Failed to update status', 'A structure with a payment in progress cannot go back to pending.');
  end if;
  perform app.salary_workflow_on();
  update public.salary_structures set approval_status = 'pending', approved_at = null, approved_by = null,
    rejection_reason = null, scheduled_release_date = null
  where id = s.id returning * into s;
  return s;
end
$$;

-- Bulk approve / reject every pending structure the caller may decide. The answer says how many
-- were decided and which were skipped and why: {"decided": n, "skipped": [{id, employee_name, reason}]}.
drop function public.bulk_set_salary_approval(boolean, text);
create function public.bulk_set_salary_approval(p_approve boolean, p_reason text default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  s public.salary_structures;
  blocker text;
  decided integer := 0;
  skipped jsonb := '[]'::jsonb;
begin
  perform app.require_aal2();
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can approve or reject salary structures');
  end if;
  if p_approve is null then
    perform app.refuse('Choose to approve or to reject', 'salary_decision_required');
  end if;
  for s in
    select * from public.salary_structures
    where approval_status = 'pending'
    order by created_at, id
    for update skip locked
  loop
    blocker := app.salary_decision_blocker(s);
    if blocker is null then
      perform app.approve_one(s, p_approve, p_reason);
      decided := decided + 1;
    else
      skipped := skipped || jsonb_build_object('id', s.id, 'employee_name', s.employee_name, 'reason', blocker);
    end if;
  end loop;
  if decided = 0 and jsonb_array_length(skipped) = 0 then
    perform app.refuse('No pending salaries', 'No pending salary structures to approve/reject');
  end if;
  if decided = 0 then
    perform app.refuse(format('None of the %s pending salary structures may be decided by you: you created them, '
      'changed their amounts, or they are your own. Another admin must decide them.', jsonb_array_length(skipped)),
      'salary_none_decidable');
  end if;
  return jsonb_build_object('decided', decided, 'skipped', skipped);
end
$$;

revoke execute on function public.bulk_set_salary_approval(boolean, text) from anon, public;
grant execute on function public.bulk_set_salary_approval(boolean, text) to authenticated, service_role;
revoke execute on function app.salary_decision_blocker(public.salary_structures) from anon, public;
