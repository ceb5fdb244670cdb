-- Auto Backup on the local stack: every table of the public schema copied (one JSON row per line,
-- tagged with its table, COPY text format so `COPY ... FROM` reads it back) into a dated file in
-- the database's data directory, recorded with its size. The stack runs public.run_due_backup()
-- on a schedule (server/cli.ts); on Supabase the platform backs up and COPY TO a file is not allowed.

create table public.backups (
  id bigint generated always as identity primary key,
  taken_at timestamptz not null default now(),
  file text not null unique,
  bytes bigint not null check (bytes >= 0),
  tables integer not null,
  rows bigint not null,
  trigger text not null check (trigger in ('schedule', 'admin'))
);
alter table public.backups enable row level security;
create policy backups_read on public.backups for select to authenticated using ((select app.has_role('admin')));
revoke insert, update, delete, truncate on public.backups from authenticated;

create function app.take_backup(p_trigger text) returns public.backups
language plpgsql security definer set search_path = '' as $$
declare
  parts text;
  file text := format('pointage-backup-%s.copy', to_char(clock_timestamp() at time zone 'UTC', 'YYYYMMDD"T"HH24MISS.US'));
  table_count integer;
  row_count bigint;
  result public.backups;
begin
  select string_agg(format('select %L::text as tbl, to_jsonb(t) as row from public.%I t', c.relname, c.relname),
           ' union all ' order by c.relname),
         count(*)
    into parts, table_count
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition;
  execute format('select count(*) from (%s) x', parts) into row_count;
  execute format('copy (%s) to %L', parts, pg_catalog.current_setting('data_directory') || '/' || file);
  insert into public.backups (file, bytes, tables, rows, trigger)
  values (file, (pg_catalog.pg_stat_file(file)).size, table_count, row_count, p_trigger)
  returning * into result;
  perform app.write_audit('backups', result.id::text, 'backup',
    jsonb_build_object('file', file, 'bytes', result.bytes, 'trigger', p_trigger));
  return result;
end
$$;
revoke execute on function app.take_backup(text) from anon, authenticated, public;

-- The schedule: with Auto Backup on, one backup a day (the first check after 01:00 UTC).
create function public.run_due_backup() returns public.backups
language plpgsql security definer set search_path = '' as $$
begin
  if not app.is_trusted() then
    perform app.forbid('Scheduled backups are run by the system');
  end if;
  if not coalesce((select auto_backup from public.system_settings where id = 'default'), false)
     or extract(hour from now() at time zone 'UTC') < 1
     or exists (select 1 from public.backups where trigger = 'schedule'
                and (taken_at at time zone 'UTC')::date = (now() at time zone 'UTC')::date) then
    return null;
  end if;
  return app.take_backup('schedule');
end
$$;
revoke execute on function public.run_due_backup() from anon, authenticated, public;
grant execute on function public.run_due_backup() to service_role;

-- An admin's "Back up now".
create function public.backup_now() returns public.backups
language plpgsql security definer set search_path = '' as $$
begin
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can back up the database');
  end if;
  return app.take_backup('admin');
end
$$;
revoke execute on function public.backup_now() from anon, public;
grant execute on function public.backup_now() to authenticated, service_role;
