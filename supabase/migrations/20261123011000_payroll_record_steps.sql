-- Process and Mark paid per payroll record, and a run whose status follows its records:
-- a run is draft while one of its records is, processed once none is draft, paid once all are paid.
-- The run-wide steps now only move the records still in the step's starting state, so a run
-- partly settled record by record can still be processed and paid as a whole.

-- What paying a record means: its paystub and a note to the employee.
create function app.pay_payroll_record(r public.payroll_records) returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.paystubs (payroll_record_id, employee_id, period_start, period_end, gross, net, currency, lines)
  values (r.id, r.employee_id, r.pay_period_start, r.pay_period_end, r.gross_pay, r.net_pay, r.currency, r.computation)
  on conflict (payroll_record_id) where payroll_record_id is not null do nothing;
  perform app.notify(r.employee_id, 'Payslip available',
    format('Your pay for %s to %s was paid: your payslip is available.', r.pay_period_start, r.pay_period_end));
end
$$;

-- The run's status from its records (a cancelled run stays cancelled), audited when it moves.
create function app.payroll_run_follows_records(p_run_id uuid) returns public.payroll_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.payroll_runs;
  next_status public.payroll_status;
begin
  select * into run from public.payroll_runs where id = p_run_id for update;
  if run.status = 'cancelled' then
    return run;
  end if;
  select case when count(*) = 0 then run.status
              when bool_and(status = 'paid') then 'paid'
              when bool_and(status in ('processed', 'paid')) then 'processed'
              else 'draft' end::public.payroll_status
    into next_status
  from public.payroll_records where run_id = p_run_id;
  if next_status <> run.status then
    update public.payroll_runs set status = next_status,
      processed_at = case when next_status in ('processed', 'paid') then coalesce(processed_at, now()) end,
      paid_at = case when next_status = 'paid' then now() end
    where id = p_run_id returning * into run;
    perform app.write_audit('payroll_runs', run.id::text, next_status::text,
      jsonb_build_object('total_net', run.total_net, 'followed_records', true));
  end if;
  return run;
end
$$;

create or replace function app.move_payroll_run(p_run_id uuid, from_status public.payroll_status[], to_status public.payroll_status)
returns public.payroll_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.payroll_runs;
begin
  perform app.assert_payroll_staff();
  select * into run from public.payroll_runs where id = p_run_id for update;
  if not found then
    perform app.refuse('Payroll run not found');
  end if;
  if not run.status = any (from_status) then
    perform app.refuse(format('A %s payroll run cannot become %s', run.status, to_status));
  end if;
  if to_status = 'cancelled' and exists (select 1 from public.payroll_records where run_id = run.id and status = 'paid') then
    perform app.refuse('Some records of this payroll run are already paid: it cannot be cancelled');
  end if;
  update public.payroll_runs set status = to_status,
    processed_at = case when to_status = 'processed' then now() else processed_at end,
    paid_at = case when to_status = 'paid' then now() else paid_at end
  where id = run.id returning * into run;
  -- Only the records still where the step starts: a record paid on its own keeps its pay date.
  update public.payroll_records set status = to_status,
    pay_date = case when to_status = 'paid' then current_date else pay_date end, updated_at = now()
  where run_id = run.id and status = any (from_status);
  perform app.write_audit('payroll_runs', run.id::text, to_status::text, jsonb_build_object('total_net', run.total_net));
  return run;
end
$$;

create or replace function public.mark_payroll_run_paid(p_run_id uuid) returns public.payroll_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.payroll_runs := app.move_payroll_run(p_run_id, array['processed']::public.payroll_status[], 'paid');
  r public.payroll_records;
begin
  for r in select rec.* from public.payroll_records rec
           where rec.run_id = run.id and rec.status = 'paid'
             and not exists (select 1 from public.paystubs ps where ps.payroll_record_id = rec.id) loop
    perform app.pay_payroll_record(r);
  end loop;
  return run;
end
$$;

-- One record: draft → processed, or processed → paid.
create function app.move_payroll_record(p_record_id uuid, from_status public.payroll_status, to_status public.payroll_status)
returns public.payroll_records
language plpgsql security definer set search_path = '' as $$
declare
  rec public.payroll_records;
begin
  perform app.assert_payroll_staff();
  select * into rec from public.payroll_records where id = p_record_id;
  if not found then
    perform app.refuse('Payroll record not found');
  end if;
  -- Lock the run first (as the run-wide steps do), then the record.
  perform 1 from public.payroll_runs where id = rec.run_id for update;
  select * into rec from public.payroll_records where id = p_record_id for update;
  if rec.status <> from_status then
    perform app.refuse(format('A %s payroll record cannot become %s', rec.status, to_status));
  end if;
  update public.payroll_records set status = to_status,
    pay_date = case when to_status = 'paid' then current_date else pay_date end, updated_at = now()
  where id = rec.id returning * into rec;
  if to_status = 'paid' then
    perform app.pay_payroll_record(rec);
  end if;
  perform app.write_audit('payroll_records', rec.id::text, to_status::text,
    jsonb_build_object('run_id', rec.run_id, 'employee', rec.employee_name, 'net_pay', rec.net_pay, 'currency', rec.currency));
  perform app.payroll_run_follows_records(rec.run_id);
  return rec;
end
$$;

create function public.process_payroll_record(p_record_id uuid) returns public.payroll_records
language sql security definer set search_path = '' as $$
  select app.move_payroll_record(p_record_id, 'draft', 'processed')
$$;

create function public.mark_payroll_record_paid(p_record_id uuid) returns public.payroll_records
language sql security definer set search_path = '' as $$
  select app.move_payroll_record(p_record_id, 'processed', 'paid')
$$;

-- A processed or paid record is what was (or will be) paid: regenerating its run may not drop it.
create function app.keep_settled_payroll_records() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.status in ('processed', 'paid') then
    perform app.refuse('Some records of this payroll run are already processed: it cannot be regenerated');
  end if;
  return old;
end
$$;
create trigger payroll_records_keep_settled before delete on public.payroll_records
  for each row execute function app.keep_settled_payroll_records();

revoke execute on function app.pay_payroll_record(public.payroll_records), app.payroll_run_follows_records(uuid),
  app.move_payroll_record(uuid, public.payroll_status, public.payroll_status) from anon, authenticated, public;
revoke execute on function public.process_payroll_record(uuid), public.mark_payroll_record_paid(uuid) from anon, public;
grant execute on function public.process_payroll_record(uuid), public.mark_payroll_record_paid(uuid)
  to authenticated, service_role;
