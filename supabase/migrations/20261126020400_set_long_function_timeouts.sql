-- Issue 23 §3: signed-in requests stop after 8 s (the role's statement_timeout, as on Supabase).
-- A few functions legitimately take longer on a large install; each gets its own bound (a
-- function's SET statement_timeout applies to the request that calls it through PostgREST), still
-- finite. Measured on this repository's demo data plus 960 generated employees (1,000 in all), on a
-- shared 2-core machine:
--   report_summary over 5 years    31 s   (days before the person_days roll-ups are computed live)
--   report_monthly over 5 years    13 s
--   report_employees over 5 years  12 s
--   report_daily over 5 years       7 s
--   report_* over 1 year           < 0.2 s (covered by the roll-ups)
--   backup_now   0.3 s and restore_backup 1.1 s for 40 people × 90 days (2,200 attendance rows);
--                both grow with the rows: 1,000 people × a year is about 150 times more.
-- Reports are scoped to the caller's staff (an employee's own report stays fast); backups and
-- restores are admin-only.
alter function public.report_summary(date, date, uuid, uuid[]) set statement_timeout = '60s';
alter function public.report_monthly(date, date, uuid, uuid[]) set statement_timeout = '60s';
alter function public.report_employees(date, date, uuid, uuid[]) set statement_timeout = '60s';
alter function public.report_daily(date, date, uuid, uuid[]) set statement_timeout = '60s';
alter function public.backup_now() set statement_timeout = '5min';
alter function public.restore_backup(bigint) set statement_timeout = '5min';
