-- Hostile review of stop 33 (L4): a pay input of 'NaN' or 'Infinity' passed payroll.num (NaN and
-- Infinity are not below zero) and reached the gross through the leave inputs. Every amount the
-- engine reads is a finite number.
CREATE OR REPLACE FUNCTION payroll.num(value jsonb)
 RETURNS numeric
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  result numeric;
begin
  if value is null or jsonb_typeof(value) = 'null' then
    return 0;
  end if;
  result := (value #>> '{}')::numeric;
  if result = 'NaN'::numeric or result in ('Infinity'::numeric, '-Infinity'::numeric) then
    perform app.refuse('payroll.not_a_number');
  end if;
  if result < 0 then
    perform app.refuse('payroll.negative_amount');
  end if;
  return result;
exception
  when invalid_text_representation then
    perform app.refuse('payroll.not_a_number', '{}'::jsonb, format('Not a number: %s', value #>> '{}'));
end
$function$;

grant execute on function payroll.num(value jsonb) to public, authenticated, service_role;

