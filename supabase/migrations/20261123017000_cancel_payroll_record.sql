-- Cancel one payroll record (draft or processed, never paid) with a reason, by admins and HR.
-- The run follows its records: cancelled records no longer count, so a run whose other records
-- are all processed is processed, all paid is paid, and a run whose records are all cancelled is
-- cancelled. The run's totals are those of its records still to be paid (or paid); the cards'
-- average and the run's summary leave cancelled records out.

alter table public.payroll_records add column cancel_reason text;

-- The run's status from its records that are not cancelled (a cancelled run stays cancelled).
create or replace function app.payroll_run_follows_records(p_run_id uuid) returns public.payroll_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.payroll_runs;
  next_status public.payroll_status;
  all_records bigint;
begin
  select * into run from public.payroll_runs where id = p_run_id for update;
  if run.status = 'cancelled' then
    return run;
  end if;
  select count(*),
         case when count(*) = 0 then run.status
              when count(*) filter (where status <> 'cancelled') = 0 then 'cancelled'
              when bool_and(status = 'paid') filter (where status <> 'cancelled') then 'paid'
              when bool_and(status in ('processed', 'paid')) filter (where status <> 'cancelled') then 'processed'
              else 'draft' end::public.payroll_status
    into all_records, next_status
  from public.payroll_records where run_id = p_run_id;
  if next_status <> run.status then
    update public.payroll_runs set status = next_status,
      processed_at = case when next_status in ('processed', 'paid') then coalesce(processed_at, now()) else processed_at end,
      paid_at = case when next_status = 'paid' then now() end
    where id = p_run_id returning * into run;
    perform app.write_audit('payroll_runs', run.id::text, next_status::text,
      jsonb_build_object('total_net', run.total_net, 'followed_records', true));
  end if;
  return run;
end
$$;

create function public.cancel_payroll_record(p_record_id uuid, p_reason text) returns public.payroll_records
language plpgsql security definer set search_path = '' as $$
declare
  rec public.payroll_records;
  reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  perform app.assert_payroll_staff();
  select * into rec from public.payroll_records where id = p_record_id;
  if not found then
    perform app.refuse('Payroll record not found');
  end if;
  if reason is null then
    perform app.refuse('Give a reason to cancel this payroll record');
  end if;
  if length(reason) > 500 then
    perform app.refuse('The reason is too long (500 characters at most)');
  end if;
  -- Lock the run first (as the other steps do), then the record.
  perform 1 from public.payroll_runs where id = rec.run_id for update;
  select * into rec from public.payroll_records where id = p_record_id for update;
  if rec.status = 'paid' then
    perform app.refuse('A paid payroll record cannot be cancelled');
  end if;
  if rec.status = 'cancelled' then
    perform app.refuse('This payroll record is already cancelled');
  end if;
  update public.payroll_records set status = 'cancelled', cancel_reason = reason, updated_at = now()
  where id = rec.id returning * into rec;
  perform app.write_audit('payroll_records', rec.id::text, 'cancelled',
    jsonb_build_object('run_id', rec.run_id, 'employee', rec.employee_name, 'net_pay', rec.net_pay,
      'currency', rec.currency, 'reason', reason));
  -- The run's totals are what its remaining records pay; a run left with none keeps its last totals.
  update public.payroll_runs run set (employee_count, total_gross, total_deductions, total_net) = (
      select count(*), coalesce(sum(r.gross_pay), 0), coalesce(sum(r.total_deductions), 0), coalesce(sum(r.net_pay), 0)
      from public.payroll_records r where r.run_id = run.id and r.status <> 'cancelled')
  where run.id = rec.run_id
    and exists (select 1 from public.payroll_records r where r.run_id = run.id and r.status <> 'cancelled');
  perform app.payroll_run_follows_records(rec.run_id);
  return rec;
end
$$;
revoke execute on function public.cancel_payroll_record(uuid, text) from anon, public;
grant execute on function public.cancel_payroll_record(uuid, text) to authenticated, service_role;

-- Cards: the average pay is over the records that are (or will be) paid, not the cancelled ones.
create or replace function public.payroll_summary(
  p_month integer default null, p_status text default null, p_search text default null
) returns table (currency text, total_records bigint, total_paid numeric, pending bigint, average_pay numeric)
language sql stable security invoker set search_path = '' as $$
  select r.currency, count(*),
    coalesce(sum(r.net_pay) filter (where r.status = 'paid'), 0),
    count(*) filter (where r.status in ('draft', 'processed')),
    coalesce(round(avg(r.net_pay) filter (where r.status <> 'cancelled'), case when r.currency = 'XOF' then 0 else 2 end), 0)
  from public.payroll_records r
  where (p_month is null or extract(month from r.pay_period_end) = p_month)
    and (p_status is null or r.status::text = p_status)
    and (p_search is null or btrim(p_search) = '' or r.employee_name ilike '%' || btrim(p_search) || '%'
         or r.id::text ilike btrim(p_search) || '%' or r.employee_id::text ilike btrim(p_search) || '%')
  group by r.currency
  order by r.currency
$$;

-- A run's gross-to-net summary over its records not cancelled (all of them once the run is cancelled).
create or replace function public.payroll_run_summary(p_run_id uuid)
returns table (line text, amount numeric, employees bigint)
language sql stable security invoker set search_path = '' as $$
  with recs as (
    select r.* from public.payroll_records r
    where r.run_id = p_run_id
      and (r.status <> 'cancelled'
           or not exists (select 1 from public.payroll_records o where o.run_id = p_run_id and o.status <> 'cancelled'))
  )
  select 'basic_pay', coalesce(sum(basic_pay), 0), count(*) from recs
  union all select 'overtime_pay', coalesce(sum(overtime_pay), 0), count(*) from recs
  union all select 'allowances', coalesce(sum(allowances), 0), count(*) from recs
  union all select 'gross', coalesce(sum(gross_pay), 0), count(*) from recs
  union all (
    select 'deduction:' || d.key, sum(d.value::numeric), count(*)
    from recs, jsonb_each_text(recs.deductions) d
    group by d.key order by min(array_position(array['social_security', 'medicare', 'additional_medicare',
      'federal_tax', 'cnss', 'amu', 'iuts', 'other'], d.key))
  )
  union all select 'total_deductions', coalesce(sum(total_deductions), 0), count(*) from recs
  union all select 'net', coalesce(sum(net_pay), 0), count(*) from recs
$$;
