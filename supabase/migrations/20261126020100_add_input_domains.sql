-- Issue 23 §2: every input has a domain, enforced by the table itself, whoever writes (an RPC, a
-- plain REST update allowed by row-level security, a restore).
--
-- Postgres numeric accepts 'NaN' and 'Infinity' (any spelling: 'infinity', '-Infinity'), and NaN
-- compares greater than every number, so `x >= 0` alone let them through and they flowed into run
-- totals. A closed range (`between lo and hi`) refuses NaN and both infinities.
--
-- Constraint names say what they hold, so that the client can show the right text for a 23514:
--   <table>_<column>_range    a number outside its bounds (or NaN / ±Infinity)
--   <table>_<column>_window   a date or time outside 2000-01-01 .. 2100-12-31 (or ±infinity)
--   <table>_<column>_length   a text longer than a person would type
--   <table>_<column>_size     a JSON document too large
-- Bounds: one amount at most 1,000,000,000 (XOF has no decimals: a billion francs a month is far
-- above any salary), hours of one pay period at most 744 (31 days × 24 h), rates at most 1,000,000.

-- Money and hours ---------------------------------------------------------------------------------
alter table public.employees
  add constraint employees_salary_range check (salary between 0 and 1000000000);

alter table public.salary_structures
  add constraint salary_structures_basic_salary_range check (basic_salary between 0 and 1000000000),
  add constraint salary_structures_hours_worked_range check (hours_worked between 0 and 744),
  add constraint salary_structures_hourly_rate_range check (hourly_rate between 0 and 1000000),
  add constraint salary_structures_overtime_hours_range check (overtime_hours between 0 and 744),
  add constraint salary_structures_overtime_rate_range check (overtime_rate between 0 and 1000000),
  add constraint salary_structures_other_deductions_range check (other_deductions between 0 and 1000000000),
  add constraint salary_structures_overtime_pay_range check (overtime_pay between 0 and 10000000000),
  add constraint salary_structures_gross_salary_range check (gross_salary between 0 and 10000000000),
  add constraint salary_structures_net_salary_range check (net_salary between -10000000000 and 10000000000);

alter table public.payroll_records
  add constraint payroll_records_regular_hours_range check (regular_hours between 0 and 744),
  add constraint payroll_records_overtime_hours_range check (overtime_hours between 0 and 744),
  add constraint payroll_records_basic_pay_range check (basic_pay between 0 and 10000000000),
  add constraint payroll_records_overtime_pay_range check (overtime_pay between 0 and 10000000000),
  add constraint payroll_records_allowances_range check (allowances between 0 and 10000000000),
  add constraint payroll_records_bonus_range check (bonus between 0 and 1000000000),
  add constraint payroll_records_gross_pay_range check (gross_pay between 0 and 10000000000),
  add constraint payroll_records_total_deductions_range check (total_deductions between 0 and 10000000000),
  add constraint payroll_records_net_pay_range check (net_pay between -10000000000 and 10000000000);

alter table public.payroll_runs
  add constraint payroll_runs_employee_count_range check (employee_count between 0 and 1000000),
  add constraint payroll_runs_total_gross_range check (total_gross between 0 and 10000000000000),
  add constraint payroll_runs_total_deductions_range check (total_deductions between 0 and 10000000000000),
  add constraint payroll_runs_total_net_range check (total_net between -10000000000000 and 10000000000000);

alter table public.paystubs
  add constraint paystubs_gross_range check (gross between 0 and 10000000000),
  add constraint paystubs_net_range check (net between -10000000000 and 10000000000);

alter table public.employee_pay_profiles
  add constraint employee_pay_profiles_w4_step3_range check (w4_step3 between 0 and 1000000000),
  add constraint employee_pay_profiles_w4_step4a_range check (w4_step4a between 0 and 1000000000),
  add constraint employee_pay_profiles_w4_step4b_range check (w4_step4b between 0 and 1000000000),
  add constraint employee_pay_profiles_w4_step4c_range check (w4_step4c between 0 and 1000000000);

-- Dates and times people type ---------------------------------------------------------------------
alter table public.employees
  add constraint employees_joining_date_window check (joining_date between '2000-01-01' and '2100-12-31');

alter table public.attendances
  add constraint attendances_date_window check (date between '2000-01-01' and '2100-12-31'),
  add constraint attendances_check_in_window
    check (check_in >= '2000-01-01 00:00:00+00' and check_in < '2101-01-01 00:00:00+00'),
  add constraint attendances_check_out_window
    check (check_out >= '2000-01-01 00:00:00+00' and check_out < '2101-01-01 00:00:00+00');

alter table public.holidays
  add constraint holidays_date_window check (date between '2000-01-01' and '2100-12-31');

alter table public.salary_structures
  add constraint salary_structures_effective_date_window check (effective_date between '2000-01-01' and '2100-12-31'),
  add constraint salary_structures_scheduled_release_date_window
    check (scheduled_release_date between '2000-01-01' and '2100-12-31');

alter table public.payroll_runs
  add constraint payroll_runs_period_start_window check (period_start between '2000-01-01' and '2100-12-31'),
  add constraint payroll_runs_period_end_window check (period_end between '2000-01-01' and '2100-12-31');

alter table public.payroll_records
  add constraint payroll_records_pay_period_start_window check (pay_period_start between '2000-01-01' and '2100-12-31'),
  add constraint payroll_records_pay_period_end_window check (pay_period_end between '2000-01-01' and '2100-12-31'),
  add constraint payroll_records_pay_date_window check (pay_date between '2000-01-01' and '2100-12-31');

alter table public.paystubs
  add constraint paystubs_period_start_window check (period_start between '2000-01-01' and '2100-12-31'),
  add constraint paystubs_period_end_window check (period_end between '2000-01-01' and '2100-12-31');

alter table public.payroll_rule_sets
  add constraint payroll_rule_sets_effective_from_window check (effective_from between '2000-01-01' and '2100-12-31');

alter table public.punch_replays
  add constraint punch_replays_punched_at_window
    check (punched_at >= '2000-01-01 00:00:00+00' and punched_at < '2101-01-01 00:00:00+00');

-- Texts people type -------------------------------------------------------------------------------
-- Names 100, e-mails 255 (RFC 5321's path limit is 256), phones 40, addresses 500, positions and
-- titles 100–200, reasons 500, messages 2000. Texts written by the system (audit rows, refusal
-- messages) get generous bounds too, so that no path can store a megabyte.
alter table public.employees
  add constraint employees_first_name_length check (char_length(first_name) <= 100),
  add constraint employees_last_name_length check (char_length(last_name) <= 100),
  add constraint employees_email_length check (char_length(email) <= 255),
  add constraint employees_phone_length check (char_length(phone) <= 40),
  add constraint employees_address_length check (char_length(address) <= 500),
  add constraint employees_position_length check (char_length(position) <= 100),
  add constraint employees_emergency_contact_length check (char_length(emergency_contact) <= 100),
  add constraint employees_emergency_phone_length check (char_length(emergency_phone) <= 40);

alter table public.account_invitations
  add constraint account_invitations_email_length check (char_length(email) <= 255);

alter table public.departments
  add constraint departments_name_length check (char_length(name) <= 100);

alter table public.sites
  add constraint sites_name_length check (char_length(name) <= 100),
  add constraint sites_time_zone_length check (char_length(time_zone) <= 64);

alter table public.shifts
  add constraint shifts_name_length check (char_length(name) <= 100);

alter table public.holidays
  add constraint holidays_name_length check (char_length(name) <= 200);

alter table public.notifications
  add constraint notifications_title_length check (char_length(title) <= 200),
  add constraint notifications_message_length check (char_length(message) <= 2000);

alter table public.attendances
  add constraint attendances_device_length check (char_length(device) <= 100),
  add constraint attendances_correction_reason_length check (char_length(correction_reason) <= 500);

alter table public.punch_replays
  add constraint punch_replays_device_length check (char_length(device) <= 100),
  add constraint punch_replays_reason_length check (char_length(reason) <= 2000),
  add constraint punch_replays_hint_length check (char_length(hint) <= 2000);

alter table public.salary_structures
  add constraint salary_structures_employee_name_length check (char_length(employee_name) <= 201),
  add constraint salary_structures_rejection_reason_length check (char_length(rejection_reason) <= 500),
  add constraint salary_structures_payment_reference_length check (char_length(payment_reference) <= 100),
  -- Notes grow by one line per workflow step (app.append_note): room for many steps.
  add constraint salary_structures_payment_notes_length check (char_length(payment_notes) <= 10000);

alter table public.payroll_records
  add constraint payroll_records_employee_name_length check (char_length(employee_name) <= 201),
  add constraint payroll_records_cancel_reason_length check (char_length(cancel_reason) <= 500);

alter table public.system_settings
  add constraint system_settings_company_name_length check (char_length(company_name) <= 120);

alter table public.biometric_enrolments
  add constraint biometric_enrolments_consent_text_version_length check (char_length(consent_text_version) <= 100);

alter table public.audit_logs
  add constraint audit_logs_entity_length check (char_length(entity) <= 100),
  add constraint audit_logs_entity_id_length check (char_length(entity_id) <= 200),
  add constraint audit_logs_action_length check (char_length(action) <= 100);

-- JSON documents ----------------------------------------------------------------------------------
alter table public.payroll_rule_sets
  add constraint payroll_rule_sets_params_size check (octet_length(params::text) <= 65536);
alter table public.salary_structures
  add constraint salary_structures_allowances_size check (octet_length(allowances::text) <= 4096);
