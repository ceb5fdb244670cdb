-- The scanner page's simulator (generated demo fingers) is a demo and test tool: off on a real
-- system until an admin turns it on in Settings; the demo data turns it on.
alter table public.system_settings
  add column scanner_simulator boolean not null default false;

create or replace function app.audit_settings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.write_audit('system_settings', new.id, 'update',
    app.changed(to_jsonb(old), to_jsonb(new), array['company_name', 'working_hours', 'break_time', 'late_threshold',
      'notifications', 'biometric_auth', 'auto_backup', 'email_reports', 'sms_notifications', 'scanner_simulator']));
  return null;
end
$$;
