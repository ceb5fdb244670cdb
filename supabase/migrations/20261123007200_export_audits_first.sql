-- Export Data writes its audit row before reading the tables, so the workbook's audit_logs sheet
-- includes it and every sheet's row count equals the table's at the moment of the export.
create or replace function public.export_company_data() returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  tbl text;
  rows jsonb;
  result jsonb := '{}'::jsonb;
begin
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can export the company''s data');
  end if;
  perform app.write_audit('export', 'all', 'export', '{}'::jsonb);
  for tbl in
    select c.relname from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname
  loop
    execute format(
      'select coalesce(jsonb_agg(to_jsonb(t) - array[''template'', ''encrypted_password'']), ''[]''::jsonb) from public.%I t',
      tbl) into rows;
    result := result || jsonb_build_object(tbl, rows);
  end loop;
  return result;
end
$$;
