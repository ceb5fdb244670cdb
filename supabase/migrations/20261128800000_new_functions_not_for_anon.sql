-- Functions this session added (or recreated with drop/create) took Supabase's default grant to anon.
-- Each guards itself, but a signed-out caller has no business with any of them: anon loses them,
-- and the two the fingerprint service alone calls lose authenticated too (service_role keeps them).
revoke execute on function public.adjust_leave_balance(p_employee_id uuid, p_leave_type text, p_amount numeric, p_reason text, p_day date) from anon;
revoke execute on function public.attendance_calendar(p_month date, p_site_id uuid) from anon;
revoke execute on function public.attendance_summary(p_date_offset integer, p_department_ids uuid[]) from anon;
revoke execute on function public.cancel_leave(p_request_id uuid) from anon;
revoke execute on function public.decide_leave(p_request_id uuid, p_approve boolean, p_reason text) from anon;
revoke execute on function public.expected_presence(p_from date, p_to date, p_employee_ids uuid[]) from anon;
revoke execute on function public.generate_payment_file(p_run_id uuid, p_kind public.payment_file_kind) from anon;
revoke execute on function public.kiosk_person(p_number text) from anon;
revoke execute on function public.kiosk_verification_templates(p_user_id uuid, p_number text) from anon, authenticated;
revoke execute on function public.leave_balances(p_employee_id uuid, p_as_of date) from anon;
revoke execute on function public.leave_ledger(p_employee_id uuid, p_leave_type text, p_as_of date) from anon;
revoke execute on function public.leave_quote(p_leave_type text, p_start date, p_end date, p_half_day text, p_employee_id uuid) from anon;
revoke execute on function public.link_simulated_finger(p_seed bigint, p_employee_id uuid) from anon;
revoke execute on function public.my_site_biometric_policy() from anon;
revoke execute on function public.payment_account_summary(p_employee_id uuid) from anon;
revoke execute on function public.payment_accounts_missing(p_run_id uuid) from anon;
revoke execute on function public.payment_file_content(p_file_id uuid) from anon;
revoke execute on function public.payment_file_plan(p_run_id uuid) from anon;
revoke execute on function public.record_kiosk_verification(p_user_id uuid, p_employee_id uuid, p_method text, p_score numeric) from anon, authenticated;
revoke execute on function public.request_leave(p_leave_type text, p_start date, p_end date, p_half_day text, p_note text, p_employee_id uuid) from anon;
revoke execute on function public.run_biometric_retention() from anon;
revoke execute on function public.save_payment_account(p_employee_id uuid, p_method public.payment_method, p_routing_number text, p_account_number text, p_account_type public.bank_account_type, p_iban text, p_bank_name text, p_operator public.mobile_operator, p_msisdn text) from anon;
revoke execute on function public.send_notification(p_audience text, p_title text, p_message text, p_target uuid) from anon;
revoke execute on function public.set_site_biometric_policy(p_site_id uuid, p_policy text) from anon;
revoke execute on function public.simulated_finger_seeds() from anon;
revoke execute on function public.today_status(p_employee_ids uuid[]) from anon;
revoke execute on function public.update_salary_proposal(p_id uuid, p_fields jsonb) from anon;
revoke execute on function public.withdraw_salary_proposal(p_id uuid) from anon;
