-- Issue 26 item 3 (retention): templates are destroyed when their purpose ends. Illinois BIPA asks a
-- public retention schedule that destroys biometrics when the purpose is met or within 3 years of the
-- last interaction, whichever comes first. A person archived loses their templates at archive
-- (already so); this job also destroys, every day, the templates of anyone archived meanwhile and of
-- anyone with no punch for system_settings.biometric_retention_days (default 365, at most 1,095),
-- counted from their last punch or, if they never punched, from their enrolment. Each destruction is
-- audited with its reason. It runs through pg_cron on Supabase (below, only where the extension
-- exists) and the local stack's schedule (server/cli.ts).

alter table public.system_settings add column biometric_retention_days integer not null default 365
  constraint system_settings_biometric_retention_days_check check (biometric_retention_days between 30 and 1095);

create function app.destroy_stale_templates()
returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  keep_days integer := coalesce((select s.biometric_retention_days from public.system_settings s where s.id = 'default'), 365);
  cutoff timestamptz := app.now() - make_interval(days => keep_days);
  stale record;
  destroyed integer := 0;
begin
  for stale in
    select b.id, b.employee_id, b.finger, e.status::text as status, last.punched_at,
      case when e.status <> 'active' then 'archived' else 'no_punch' end as reason
    from public.biometric_enrolments b
    join public.employees e on e.id = b.employee_id
    left join lateral (select max(a.check_in) as punched_at from public.attendances a where a.employee_id = e.id) last on true
    where e.status <> 'active' or greatest(last.punched_at, b.created_at) < cutoff
    for update of b skip locked
  loop
    delete from public.biometric_enrolments where id = stale.id;
    perform app.write_audit('biometric_enrolments', stale.employee_id::text, 'retention_destroyed',
      jsonb_build_object('finger', stale.finger, 'reason', stale.reason, 'last_punch', stale.punched_at,
        'retention_days', keep_days));
    destroyed := destroyed + 1;
  end loop;
  return destroyed;
end
$$;
revoke all on function app.destroy_stale_templates() from public;

-- The schedule's entry point: the service role (the local stack's timer, pg_cron) or an admin.
create function public.run_biometric_retention()
returns integer
language plpgsql security definer set search_path = '' as $$
begin
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('biometric.retention_admin_only');
  end if;
  return app.destroy_stale_templates();
end
$$;
revoke all on function public.run_biometric_retention() from public;
grant execute on function public.run_biometric_retention() to authenticated, service_role;

-- Supabase: pg_cron runs it every night. Elsewhere (the local stack, the test stacks) the extension
-- does not exist and the stack's own schedule runs it.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('biometric-retention', '17 3 * * *', 'select app.destroy_stale_templates()')$cron$;
  end if;
end
$$;
