-- Restore a local backup (admins, local stack only: the file is read from the database's data
-- directory, which Supabase does not allow; there, the platform's backups are restored from its
-- dashboard). One transaction: a backup of the current data is taken first (so the restore can be
-- undone), then every public table the file holds is emptied and refilled from it, except the
-- backups list and the audit log (both only ever grow: what happened since stays on record); tables
-- created after the backup are left as they are. Triggers (audit,
-- guards, foreign-key actions) are off while the rows go back, as they were when the file was taken;
-- identity counters move past the restored ids; the restore is audited once it is done.
create function public.restore_backup(p_backup_id bigint) returns public.backups
language plpgsql security definer set search_path = '' as $$
declare
  source public.backups;
  safety public.backups;
  t record;
  cols text;
  col record;
begin
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can restore the database');
  end if;
  select * into source from public.backups where id = p_backup_id;
  if not found then
    perform app.refuse('Backup not found');
  end if;
  if pg_catalog.pg_stat_file(source.file, true) is null then
    perform app.refuse(format('The file %s is no longer in the data directory', source.file));
  end if;
  safety := app.take_backup('admin');

  create temp table restore_rows (tbl text, row jsonb) on commit drop;
  execute format('copy restore_rows from %L', pg_catalog.current_setting('data_directory') || '/' || source.file);

  set local session_replication_role = replica;
  for t in
    select c.oid, c.relname from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and c.relname not in ('backups', 'audit_logs')
      and exists (select 1 from restore_rows r where r.tbl = c.relname)
    order by c.relname
  loop
    select string_agg(format('%I', a.attname), ', ' order by a.attnum) into cols
    from pg_catalog.pg_attribute a
    where a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '';
    execute format('delete from public.%I', t.relname);
    execute format('insert into public.%1$I (%2$s) overriding system value select %2$s from restore_rows r, '
      'jsonb_populate_record(null::public.%1$I, r.row) where r.tbl = %3$L', t.relname, cols, t.relname);
    for col in
      select a.attname from pg_catalog.pg_attribute a
      where a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped and a.attidentity <> ''
    loop
      execute format('select pg_catalog.setval(pg_catalog.pg_get_serial_sequence(%L, %L), '
        'coalesce((select max(%I) from public.%I), 0) + 1, false)',
        'public.' || t.relname, col.attname, col.attname, t.relname);
    end loop;
  end loop;
  set local session_replication_role = origin;

  perform app.write_audit('backups', source.id::text, 'restore',
    jsonb_build_object('file', source.file, 'taken_at', source.taken_at, 'safety_backup', safety.file));
  return source;
end
$$;
revoke execute on function public.restore_backup(bigint) from anon, public;
grant execute on function public.restore_backup(bigint) to authenticated, service_role;
