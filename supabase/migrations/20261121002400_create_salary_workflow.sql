-- Salary creation for many employees, approval and payment, as single-transaction RPCs that
-- write the audit log and tell the employee, with the spec's messages.

create function app.salary_workflow_on() returns void
language sql set search_path = '' as $$ select set_config('pointage.salary_workflow', 'on', true) $$;

create function app.notify(employee uuid, title text, message text) returns void
language sql security definer set search_path = '' as $$
  insert into public.notifications (employee_id, title, message, created_by) values (employee, title, message, app.my_employee_id())
$$;

create function app.append_note(notes text, note text) returns text
language sql immutable set search_path = '' as $$ select concat_ws(E'\n', nullif(notes, ''), note) $$;

-- One structure per selected employee, all pending. p_fields holds the dialog's fields.
create function public.create_salary_structures(p_employee_ids uuid[], p_fields jsonb)
returns setof public.salary_structures
language plpgsql security definer set search_path = '' as $$
declare
  employee uuid;
  created public.salary_structures;
begin
  if coalesce(cardinality(p_employee_ids), 0) = 0 then
    perform app.refuse('Select employees', 'Please select at least one employee');
  end if;
  foreach employee in array p_employee_ids loop
    if not (app.is_trusted() or app.has_role('admin', 'hr') or app.manages_employee(employee)) then
      perform app.forbid('You can only propose salaries for your team');
    end if;
    if not exists (select 1 from public.employees e where e.id = employee and e.status = 'active') then
      perform app.refuse('Employee not found');
    end if;
    insert into public.salary_structures (
      employee_id, rule_set, country, pay_basis, frequency, basic_salary, hours_worked, hourly_rate,
      overtime_hours, overtime_rate, allowances, other_deductions, effective_date, delay_buffer
    ) values (
      employee,
      coalesce(p_fields ->> 'rule_set', 'spec-default'),
      coalesce(p_fields ->> 'country', 'US')::public.country_code,
      coalesce(p_fields ->> 'pay_basis', 'salaried')::public.pay_basis,
      coalesce(p_fields ->> 'frequency', 'weekly')::public.pay_frequency,
      payroll.num(p_fields -> 'basic_salary'),
      case when p_fields ? 'hours_worked' then payroll.num(p_fields -> 'hours_worked') else 160 end,
      payroll.num(p_fields -> 'hourly_rate'),
      payroll.num(p_fields -> 'overtime_hours'),
      coalesce(nullif(p_fields ->> 'overtime_rate', '')::numeric, 1.5),
      coalesce(p_fields -> 'allowances', '{}'::jsonb),
      payroll.num(p_fields -> 'other_deductions'),
      coalesce((p_fields ->> 'effective_date')::date, current_date),
      -- The delay buffer is clamped to 0–5 business days.
      least(greatest(coalesce((p_fields ->> 'delay_buffer')::integer, 2), 0), 5)
    ) returning * into created;
    return next created;
  end loop;
exception
  when invalid_text_representation then
    perform app.refuse('Failed to save salary structures', sqlerrm);
end
$$;

-- A change to an approved structure: a new pending version that will supersede it when approved.
create function public.revise_salary_structure(p_id uuid, p_fields jsonb) returns public.salary_structures
language plpgsql security definer set search_path = '' as $$
declare
  current public.salary_structures;
  revised public.salary_structures;
begin
  select * into current from public.salary_structures where id = p_id;
  if not found then
    perform app.refuse('Salary not found');
  end if;
  if not (app.is_trusted() or app.has_role('admin', 'hr') or app.manages_employee(current.employee_id)) then
    perform app.forbid('You cannot revise this salary structure');
  end if;
  perform app.salary_workflow_on();
  insert into public.salary_structures (
    employee_id, version, supersedes_id, rule_set, country, pay_basis, frequency, basic_salary, hours_worked,
    hourly_rate, overtime_hours, overtime_rate, allowances, other_deductions, effective_date, delay_buffer, created_by
  ) values (
    current.employee_id, current.version + 1, current.id,
    coalesce(p_fields ->> 'rule_set', current.rule_set),
    coalesce((p_fields ->> 'country')::public.country_code, current.country),
    coalesce((p_fields ->> 'pay_basis')::public.pay_basis, current.pay_basis),
    coalesce((p_fields ->> 'frequency')::public.pay_frequency, current.frequency),
    case when p_fields ? 'basic_salary' then payroll.num(p_fields -> 'basic_salary') else current.basic_salary end,
    case when p_fields ? 'hours_worked' then payroll.num(p_fields -> 'hours_worked') else current.hours_worked end,
    case when p_fields ? 'hourly_rate' then payroll.num(p_fields -> 'hourly_rate') else current.hourly_rate end,
    case when p_fields ? 'overtime_hours' then payroll.num(p_fields -> 'overtime_hours') else current.overtime_hours end,
    coalesce(nullif(p_fields ->> 'overtime_rate', '')::numeric, current.overtime_rate),
    coalesce(p_fields -> 'allowances', current.allowances),
    case when p_fields ? 'other_deductions' then payroll.num(p_fields -> 'other_deductions') else current.other_deductions end,
    coalesce((p_fields ->> 'effective_date')::date, current.effective_date),
    least(greatest(coalesce((p_fields ->> 'delay_buffer')::integer, current.delay_buffer), 0), 5),
    app.my_employee_id()
  ) returning * into revised;
  return revised;
end
$$;

create function app.approve_one(s public.salary_structures, approve boolean, reason text) returns public.salary_structures
language plpgsql security definer set search_path = '' as $$
declare
  release date;
  country public.country_code;
  result public.salary_structures;
begin
  if s.created_by is not null and s.created_by = app.my_employee_id() then
    perform app.refuse('You cannot approve or reject a salary structure you created', 'Another admin must decide it.');
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

-- The approval dialog: 'approved' or 'rejected'; any other value puts the structure back to pending.
create function public.set_salary_approval(p_id uuid, p_status text, p_reason text default null)
returns public.salary_structures
language plpgsql security definer set search_path = '' as $$
declare
  s public.salary_structures;
begin
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

-- Bulk approve / reject every pending structure the caller may decide (not their own). Returns the count.
create function public.bulk_set_salary_approval(p_approve boolean, p_reason text default null) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  s public.salary_structures;
  decided integer := 0;
begin
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can approve or reject salary structures');
  end if;
  for s in
    select * from public.salary_structures
    where approval_status = 'pending' and created_by is distinct from app.my_employee_id()
    order by created_at
    for update skip locked
  loop
    perform app.approve_one(s, p_approve, p_reason);
    decided := decided + 1;
  end loop;
  if decided = 0 then
    perform app.refuse('No pending salaries', 'No pending salary structures to approve/reject');
  end if;
  return decided;
end
$$;

create function app.release_payment(s public.salary_structures, reference text, note text) returns public.salary_structures
language plpgsql security definer set search_path = '' as $$
declare
  result public.salary_structures;
begin
  perform app.salary_workflow_on();
  update public.salary_structures set payment_status = 'paid', payment_processed_at = now(),
    payment_reference = coalesce(nullif(btrim(coalesce(reference, '')), ''), payment_reference),
    payment_notes = app.append_note(payment_notes, coalesce(nullif(btrim(coalesce(note, '')), ''), format('Released on %s', current_date)))
  where id = s.id returning * into result;
  insert into public.paystubs (salary_structure_id, employee_id, period_end, gross, net, currency, lines)
  values (s.id, s.employee_id, s.effective_date, s.gross_salary, s.net_salary, s.currency, s.computation)
  on conflict do nothing;
  perform app.notify(s.employee_id, 'Salary released', format('Your salary for period %s was released.', s.effective_date));
  perform app.write_audit('salary_structures', s.id::text, 'payment_released',
    jsonb_build_object('reference', result.payment_reference, 'net_salary', s.net_salary));
  return result;
end
$$;

-- The payment dialog: 'paid' or 'failed', with an optional reference.
create function public.set_salary_payment(p_id uuid, p_status text, p_reference text default null, p_note text default null)
returns public.salary_structures
language plpgsql security definer set search_path = '' as $$
declare
  s public.salary_structures;
  same_day boolean;
begin
  if not (app.is_trusted() or app.has_role('admin', 'hr')) then
    perform app.forbid('Only admins and HR process salary payments');
  end if;
  select * into s from public.salary_structures where id = p_id for update;
  if not found then
    perform app.refuse('Salary not found');
  end if;
  if s.approval_status <> 'approved' then
    perform app.refuse('Approval Required', 'Salary must be approved before payment processing');
  end if;
  if s.payment_status = 'paid' then
    perform app.refuse('This salary has already been paid');
  end if;
  perform app.salary_workflow_on();
  if p_status = 'paid' then
    select e.same_day_enabled into same_day from public.employees e where e.id = s.employee_id;
    if current_date < s.scheduled_release_date and not same_day then
      update public.salary_structures set payment_status = 'processing', payment_processed_at = now(),
        payment_reference = nullif(btrim(coalesce(p_reference, '')), ''),
        payment_notes = app.append_note(payment_notes, format('Queued until scheduled release %s', s.scheduled_release_date))
      where id = s.id returning * into s;
      perform app.write_audit('salary_structures', s.id::text, 'payment_queued', jsonb_build_object('release', s.scheduled_release_date));
      return s;
    end if;
    return app.release_payment(s, p_reference, p_note);
  elsif p_status = 'failed' then
    update public.salary_structures set payment_status = 'failed',
      payment_notes = app.append_note(payment_notes, coalesce(nullif(btrim(coalesce(p_note, '')), ''), format('Payment failed on %s', current_date)))
    where id = s.id returning * into s;
    perform app.write_audit('salary_structures', s.id::text, 'payment_failed', jsonb_build_object('reference', p_reference));
    perform app.notify(s.employee_id, 'Salary payment failed',
      format('The payment of your salary for period %s failed and will be retried.', s.effective_date));
    return s;
  end if;
  perform app.refuse('Failed to update status', 'Choose paid or failed.');
end
$$;

-- Moves queued payments whose release date has come to paid. Safe to run twice.
-- On Supabase: select cron.schedule('release-due-payments', '*/15 * * * *', 'select public.release_due_payments()');
create function public.release_due_payments() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  s public.salary_structures;
  released integer := 0;
begin
  if not (app.is_trusted() or app.has_role('admin', 'hr')) then
    perform app.forbid('Only admins and HR release payments');
  end if;
  for s in
    select * from public.salary_structures
    where payment_status = 'processing' and scheduled_release_date <= current_date
    for update skip locked
  loop
    perform app.release_payment(s, null, format('Released on schedule %s', current_date));
    released := released + 1;
  end loop;
  return released;
end
$$;

revoke execute on function public.create_salary_structures(uuid[], jsonb), public.revise_salary_structure(uuid, jsonb),
  public.set_salary_approval(uuid, text, text), public.bulk_set_salary_approval(boolean, text),
  public.set_salary_payment(uuid, text, text, text), public.release_due_payments() from anon, public;
grant execute on function public.create_salary_structures(uuid[], jsonb), public.revise_salary_structure(uuid, jsonb),
  public.set_salary_approval(uuid, text, text), public.bulk_set_salary_approval(boolean, text),
  public.set_salary_payment(uuid, text, text, text), public.release_due_payments() to authenticated, service_role;
