-- Payroll screens follow runs and records live (each event is checked against the subscriber's RLS:
-- an employee hears only of their own processed or paid records).
alter publication supabase_realtime add table public.payroll_runs, public.payroll_records;
