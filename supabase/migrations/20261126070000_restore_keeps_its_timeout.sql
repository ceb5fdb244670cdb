-- restore_backup was redefined for the two-factor step-up (20261126050100), and `create or replace`
-- drops a function's own settings: give it back the statement timeout a restore needs
-- (20261126020400 measured it), or a large restore would stop at the API role's 8 s.
alter function public.restore_backup(bigint) set statement_timeout = '5min';
