// The rule-set parameters (rule-sets.json, seeded into payroll_rule_sets) and the choice of the version
// in force for a period: the latest effective_from <= period_date.
import ruleSetsJson from './rule-sets.json' with { type: 'json' };
import type { Currency, DecimalString, FilingStatus, RuleSetName } from './types.ts';

export interface RuleSetVersion<P> {
  effective_from: string;
  params: P;
}

export interface SpecDefaultParams {
  overtime_default_rate: DecimalString;
  US: {
    currency: Currency;
    social_security: DecimalString;
    medicare: DecimalString;
    federal_tax: DecimalString;
  };
  BF: { currency: Currency; cnss: DecimalString; iuts: DecimalString };
}

/** [threshold, base, rate]: tax = base + rate × (adjusted − threshold) for the last row with threshold ≤ adjusted. */
export type BracketRow = [DecimalString, DecimalString, DecimalString];
export type BracketTable = 'single' | 'married_jointly' | 'head_of_household';

/**
 * One state's income tax withholding (us-federal-2026, `state_withholding`): per period,
 * rate × (wages − allowances × allowance_amount / periods), never below 0. A second state, or a new
 * year's figures, is a new version of the rule set with its entry here: no new code.
 */
export interface StateWithholding {
  state: string;
  /** The certificate the allowances come from ('IL-W-4'). */
  form: string;
  rate: DecimalString;
  /** Annual amount per allowance. */
  allowance_amount: DecimalString;
  /** Where the figures come from (publication and method). */
  source: string;
}

export interface UsFederalParams {
  currency: Currency;
  social_security_rate: DecimalString;
  social_security_wage_base: DecimalString;
  medicare_rate: DecimalString;
  additional_medicare_rate: DecimalString;
  additional_medicare_threshold: DecimalString;
  flsa_overtime_multiplier: DecimalString;
  /** 29 CFR 541.600: the weekly salary at or above which a salaried person is exempt by default. */
  flsa_exempt_salary_weekly: DecimalString;
  state_withholding: StateWithholding[];
  step2_deduction: { married_jointly: DecimalString; other: DecimalString };
  brackets: Record<BracketTable, BracketRow[]>;
}

export interface ExemptionParams {
  share: DecimalString;
  cap: DecimalString;
}

export interface BfLeaveParams {
  /** The month counted for this many days ('30'): unpaid leave withholds M(salary) / 30 a day. */
  days_per_month: DecimalString;
  /** Leave types paid by the allowance (allocation de congé) instead of the salary ('annual'). */
  allowance_types: string[];
  /** The allowance's reference: the average monthly pay of this many months before. */
  reference_months: number;
  source: string;
}

export interface BfParams {
  currency: Currency;
  cnss_rate: DecimalString;
  cnss_monthly_ceiling: DecimalString;
  amu_rate: DecimalString;
  exemptions: { house_rent: ExemptionParams; function: ExemptionParams; transport: ExemptionParams };
  /** [lower bound of the slice, rate]. */
  iuts_scale: [DecimalString, DecimalString][];
  iuts_base_rounding: DecimalString;
  /** Index = number of dependants, the last entry for that many or more. */
  family_reduction: DecimalString[];
  overtime_premiums: Record<'h15' | 'h35' | 'night' | 'sunday' | 'sunday_night', DecimalString>;
  weekly_hours_first_band: DecimalString;
  /** The legal night, local time ('22:00' to '05:00'): night overtime bands from the punches. */
  night_start: string;
  night_end: string;
  smig_monthly: DecimalString;
  /** Leave in pay (RULES.md, "Leave"): 1/days_per_month of the monthly salary per day, and the paid-leave allowance. */
  leave?: BfLeaveParams;
}

export interface RuleSets {
  'spec-default': RuleSetVersion<SpecDefaultParams>[];
  'us-federal-2026': RuleSetVersion<UsFederalParams>[];
  'bf-2026': RuleSetVersion<BfParams>[];
}

/** The seeded parameters, as in rule-sets.json. */
export const defaultRuleSets: RuleSets = ruleSetsJson as RuleSets;

/** Which standard table a filing status uses. */
export const FILING_TABLE: Record<FilingStatus, BracketTable> = {
  single: 'single',
  married_separately: 'single',
  married_jointly: 'married_jointly',
  head_of_household: 'head_of_household',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The version in force on `periodDate`: the latest effective_from <= periodDate. */
export function pickVersion<P>(
  ruleSet: RuleSetName,
  versions: readonly RuleSetVersion<P>[] | undefined,
  periodDate: string,
): RuleSetVersion<P> {
  if (typeof periodDate !== 'string' || !ISO_DATE.test(periodDate)) {
    throw new TypeError(`period_date: expected 'YYYY-MM-DD', got '${String(periodDate)}'`);
  }
  if (!versions) throw new RangeError(`unknown rule set '${ruleSet}'`);
  let chosen: RuleSetVersion<P> | undefined;
  for (const version of versions) {
    // ISO dates compare as strings.
    if (version.effective_from <= periodDate && (!chosen || version.effective_from > chosen.effective_from)) {
      chosen = version;
    }
  }
  if (!chosen) throw new RangeError(`rule set '${ruleSet}' has no version in force on ${periodDate}`);
  return chosen;
}
