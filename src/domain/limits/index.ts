// The database's domains of what people type (migrations 20261126020100..020300), for the forms to
// mirror: a field never lets a person type what the table would refuse.

/** Longest text per table and column (CHECK <table>_<column>_length). */
export const TEXT_LIMITS = {
  employees: {
    first_name: 100,
    last_name: 100,
    email: 255,
    phone: 40,
    address: 500,
    position: 100,
    emergency_contact: 100,
    emergency_phone: 40,
  },
  notifications: { title: 200, message: 2000 },
  attendances: { correction_reason: 500 },
  holidays: { name: 200 },
  shifts: { name: 100 },
  salary_structures: { rejection_reason: 500, payment_reference: 100 },
  payroll_records: { cancel_reason: 500 },
  system_settings: { company_name: 120 },
} as const;

/** Dates people type lie in this window (CHECK <table>_<column>_window). */
export const DATE_WINDOW = { start: '2000-01-01', end: '2100-12-31' } as const;

/** One amount of money (CHECK <table>_<column>_range). */
export const MAX_AMOUNT = 1_000_000_000;

/** W-4 step 4(c), extra withholding per pay period (CHECK employee_pay_profiles_w4_step4c_range). */
export const MAX_EXTRA_WITHHOLDING = 100_000;
