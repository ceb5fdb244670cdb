// Input and output of the pay computation, exactly as RULES.md names them (snake_case), so that the
// same JSON feeds `payroll.compute_pay(input jsonb)` in SQL and `computePay` here.

/** A decimal number written as a string ('1234.5', '0.062'). Never a JS number. */
export type DecimalString = string;

export type RuleSetName = 'spec-default' | 'us-federal-2026' | 'bf-2026';
export type Country = 'US' | 'BF';
export type Currency = 'USD' | 'XOF';
export type Frequency = 'weekly' | 'biweekly' | 'semimonthly' | 'monthly';
export type PayBasis = 'salaried' | 'hourly';
export type FilingStatus = 'single' | 'married_jointly' | 'married_separately' | 'head_of_household';

export const ALLOWANCE_NAMES = ['house_rent', 'transport', 'medical', 'food', 'other', 'function'] as const;
export type AllowanceName = (typeof ALLOWANCE_NAMES)[number];
export type Allowances = Partial<Record<AllowanceName, DecimalString>>;
/**
 * The allowances a structure may hold, by the country its rule set pays in (the function allowance
 * exists in Burkina Faso only). The database refuses any other name: payroll.allowance_names
 * (migration 20261126020200), kept equal to this list by tests/integration/product/input-domains.test.ts.
 */
export const ALLOWANCES_BY_COUNTRY: Record<Country, readonly AllowanceName[]> = {
  US: ['house_rent', 'transport', 'medical', 'food', 'other'],
  BF: ['house_rent', 'transport', 'medical', 'food', 'other', 'function'],
};

export const OVERTIME_BAND_NAMES = ['h15', 'h35', 'night', 'sunday', 'sunday_night'] as const;
export type OvertimeBandName = (typeof OVERTIME_BAND_NAMES)[number];
/** Overtime hours by legal premium band (bf-2026 only). */
export type OvertimeBands = Partial<Record<OvertimeBandName, DecimalString>>;

export interface UsProfile {
  filing_status?: FilingStatus;
  w4_step2?: boolean;
  /** Annual credits. */
  w4_step3?: DecimalString;
  /** Annual other income. */
  w4_step4a?: DecimalString;
  /** Annual deductions. */
  w4_step4b?: DecimalString;
  /** Extra withholding per period. */
  w4_step4c?: DecimalString;
  /** FLSA status: true exempt, false non-exempt, missing or null = by the salary test (RULES.md). */
  flsa_exempt?: boolean | null;
  /** Allowances claimed on the state's withholding certificate (IL-W-4 line 1 for Illinois), 0..99. */
  state_allowances?: number;
}

export interface BfProfile {
  dependants?: number;
  abatement_rate?: '0.20' | '0.25';
}

export type Profile = UsProfile & BfProfile;

/** Wages already paid this calendar year, before this period (us-federal-2026). */
export interface Ytd {
  ss_wages?: DecimalString;
  medicare_wages?: DecimalString;
}

/** The approved leave of the period, one entry per type (RULES.md, "Leave"). */
export interface LeaveInput {
  /** The leave type's code ('annual', 'unpaid', …). */
  type: string;
  /** Whether the policy in force pays it. */
  paid: boolean;
  /** Days taken in the period, half days counting half (bf-2026: calendar days; else working days). */
  days?: DecimalString;
  /** Hours those days are worth (working days × the policy's day hours), for hourly pay. */
  hours?: DecimalString;
  /**
   * What was worked of the leave (missing = 0): on each leave day the hours punched, capped at the
   * leave of the day, summed (≤ hours); `worked_days` the same in days (≤ days). By the hour, only
   * the rest is paid as leave: the leave tops a day up to the policy's hours, never pays it twice.
   */
  worked_days?: DecimalString;
  worked_hours?: DecimalString;
}

/**
 * How a leave line is paid: 'included' (a salary already pays it: shown, not added), 'paid_time'
 * (hourly: hours × the regular rate, added), 'unpaid' (salaried: the salary's share withheld;
 * hourly: nothing), 'allowance' (bf-2026: the paid-leave allowance replaces the salary's share).
 */
export type LeaveKind = 'included' | 'paid_time' | 'unpaid' | 'allowance';

export interface LeaveLine {
  type: string;
  kind: LeaveKind;
  days: DecimalString;
  hours: DecimalString;
  /** What the line pays (for 'included', the part of the salary that pays it). */
  pay: DecimalString;
  /** The salary withheld for these days. */
  withheld: DecimalString;
  /** By the hour, when some of the leave was worked: that part (not paid as leave again). */
  worked_days?: DecimalString;
  worked_hours?: DecimalString;
}

export interface PayInput {
  rule_set: RuleSetName;
  /** Required for spec-default; implied by us-federal-2026 (US) and bf-2026 (BF). */
  country?: Country;
  /** 'YYYY-MM-DD': picks the rule-set version (latest effective_from <= period_date). */
  period_date: string;
  frequency: Frequency;
  pay_basis: PayBasis;
  basic_salary?: DecimalString;
  hours_worked?: DecimalString;
  hourly_rate?: DecimalString;
  overtime_hours?: DecimalString;
  /** Multiplier when 1 <= r <= 10, else an amount per hour. Missing = 1.5. */
  overtime_rate?: DecimalString;
  allowances?: Allowances;
  other_deductions?: DecimalString;
  overtime_bands?: OvertimeBands;
  profile?: Profile;
  ytd?: Ytd;
  /** us-federal-2026: the US state of the work site ('IL'); its withholding comes from the rule set. */
  state?: string | null;
  /** us-federal-2026: hours per workweek the salary is meant to pay (29 CFR 778.113). Missing = 40. */
  salary_weekly_hours?: DecimalString;
  /** The period's approved leave, per type (RULES.md, "Leave"). Missing or empty = none. */
  leave?: LeaveInput[];
  /** The period's working days: the salaried proration's denominator outside bf-2026. */
  working_days?: DecimalString;
  /** bf-2026: the average monthly pay of the reference months (the paid-leave allowance's base). */
  reference_monthly_pay?: DecimalString;
}

export type Warning = 'below_smig';

/** One overtime premium band of a bulletin de paie (bf-2026): its hours, premium and amount. */
export interface OvertimeLine {
  band: OvertimeBandName;
  /** Hours in the band, to 2 decimals. */
  hours: DecimalString;
  /** The legal premium ('0.15' for +15 %). */
  premium: DecimalString;
  /** The band's pay; the lines always add up to overtime_pay exactly. */
  amount: DecimalString;
}

/** Every amount is a decimal string with exactly the currency's minor-unit decimals. */
export interface PayOutput {
  currency: Currency;
  basic_pay: DecimalString;
  overtime_pay: DecimalString;
  overtime_premium: DecimalString;
  allowances_total: DecimalString;
  gross: DecimalString;
  /** In the order RULES.md lists per rule set; `other` last and only when not zero. */
  deductions: Record<string, DecimalString>;
  total_deductions: DecimalString;
  net: DecimalString;
  /** us-federal-2026 only: the FLSA status applied (from the profile or the salary test). */
  flsa_exempt?: boolean;
  /** us-federal-2026 only, when state_income_tax is withheld: the state whose rule it follows. */
  state?: string;
  /** Monthly IUTS base, bf-2026 only. */
  iuts_base?: DecimalString;
  warnings: Warning[];
  /** bf-2026 only: one line per premium band with hours, in band order (empty without overtime). */
  overtime_lines?: OvertimeLine[];
  /** When the input has leave: one line per type, and what they add to and withhold from the pay. */
  leave_lines?: LeaveLine[];
  leave_pay?: DecimalString;
  leave_withheld?: DecimalString;
}

export const PERIODS_PER_YEAR: Record<Frequency, number> = {
  weekly: 52,
  biweekly: 26,
  semimonthly: 24,
  monthly: 12,
};
