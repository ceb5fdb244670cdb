-- Enumerations shared by the core tables. One list per concept: the TypeScript unions
-- in src/domain mirror these names exactly.
create extension if not exists btree_gist with schema extensions;

create type public.country_code as enum ('US', 'BF');
create type public.employee_role as enum ('admin', 'hr', 'manager', 'employee', 'kiosk');
create type public.employee_status as enum ('active', 'inactive', 'terminated');
create type public.employment_type as enum ('full_time', 'part_time', 'contract', 'intern');
create type public.attendance_state as enum ('checked_in', 'checked_out');
create type public.punctuality as enum ('on_time', 'late');
create type public.attendance_source as enum ('fingerprint', 'manual', 'kiosk_pin', 'correction');
create type public.request_status as enum ('pending', 'approved', 'rejected');
create type public.notification_channel as enum ('in_app', 'email', 'sms', 'push');
create type public.finger as enum (
  'right_thumb', 'right_index', 'right_middle', 'right_ring', 'right_little',
  'left_thumb', 'left_index', 'left_middle', 'left_ring', 'left_little'
);

-- Private helpers live outside the schemas PostgREST exposes.
create schema if not exists app;
grant usage on schema app to anon, authenticated, service_role;
