-- Cards: with only cancelled records in view (e.g. the Cancelled filter), there is no average pay
-- to show; it was 0, which reads as a figure. Now null, and the card shows a dash.
create or replace function public.payroll_summary(
  p_month integer default null, p_status text default null, p_search text default null
) returns table (currency text, total_records bigint, total_paid numeric, pending bigint, average_pay numeric)
language sql stable security invoker set search_path = '' as $$
  select r.currency, count(*),
    coalesce(sum(r.net_pay) filter (where r.status = 'paid'), 0),
    count(*) filter (where r.status in ('draft', 'processed')),
    round(avg(r.net_pay) filter (where r.status <> 'cancelled'), case when r.currency = 'XOF' then 0 else 2 end)
  from public.payroll_records r
  where (p_month is null or extract(month from r.pay_period_end) = p_month)
    and (p_status is null or r.status::text = p_status)
    and (p_search is null or btrim(p_search) = '' or r.employee_name ilike '%' || btrim(p_search) || '%'
         or r.id::text ilike btrim(p_search) || '%' or r.employee_id::text ilike btrim(p_search) || '%')
  group by r.currency
  order by r.currency
$$;
