-- Tables whose changes live screens follow (each event is checked against the subscriber's RLS).
alter publication supabase_realtime add table
  public.attendances, public.notifications, public.system_settings, public.shift_assignments, public.employees;
