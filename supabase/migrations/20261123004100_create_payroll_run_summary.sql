-- A run's gross-to-net summary before processing: totals and each deduction line summed, in the run's currency.
create function public.payroll_run_summary(p_run_id uuid)
returns table (line text, amount numeric, employees bigint)
language sql stable security invoker set search_path = '' as $$
  with recs as (select * from public.payroll_records r where r.run_id = p_run_id)
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
revoke execute on function public.payroll_run_summary(uuid) from anon, public;
grant execute on function public.payroll_run_summary(uuid) to authenticated, service_role;
