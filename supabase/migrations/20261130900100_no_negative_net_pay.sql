-- Hostile review of session 7 (S7-7): a run stored a NEGATIVE net pay (an absurd extra withholding),
-- processed it and marked it paid. Whatever compute_pay gives, no payroll record holds one: the
-- run that would is refused with the person's id, so HR fixes their deductions first.
create or replace function app.refuse_negative_net()
 returns trigger
 language plpgsql
 set search_path to ''
as $function$
begin
  if new.net_pay < 0 then
    perform app.refuse('payroll.negative_net', jsonb_build_object('employee_id', new.employee_id));
  end if;
  return new;
end
$function$;

revoke all on function app.refuse_negative_net() from public;

create trigger payroll_records_net_not_negative before insert or update on public.payroll_records
  for each row execute function app.refuse_negative_net();
