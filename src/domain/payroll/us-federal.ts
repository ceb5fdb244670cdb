// us-federal-2026: FLSA overtime, Social Security with its wage base, Medicare and Additional Medicare,
// federal income tax withholding by IRS Pub. 15-T Worksheet 1A (RULES.md, "us-federal-2026").
import { assemble, earnings, hourlyRate, isMultiplier, overtimeHours, periodsPerYear } from './common.ts';
import { Dec, dec, max, min, round, ONE, ZERO } from './money.ts';

const FORTY = new Dec(40);
import { FILING_TABLE, type UsFederalParams } from './rule-sets.ts';
import type { Currency, PayInput, PayOutput } from './types.ts';

interface Overtime {
  pay: Dec;
  premium: Dec;
}

/**
 * FLSA status: the profile's when it says so; else the salary test of 29 CFR 541.600 (a salaried person
 * paid at least the weekly threshold, $684 since the 2024 rule was vacated, is exempt; hourly is not).
 */
export function flsaExempt(input: PayInput, params: UsFederalParams): boolean {
  const stated = input.profile?.flsa_exempt;
  if (stated === true || stated === false) return stated;
  if (input.pay_basis !== 'salaried') return false;
  // basic_salary × periods / 52 ≥ threshold, compared as basic_salary × periods ≥ threshold × 52.
  const threshold = dec(params.flsa_exempt_salary_weekly, 'flsa_exempt_salary_weekly');
  return dec(input.basic_salary, 'basic_salary').mul(periodsPerYear(input)).gte(threshold.mul(52));
}

/**
 * Straight time for the overtime hours as numerator / denominator, divided once at the end so that
 * SQL and TypeScript round the same exact quotient. Hourly: hourly_rate × hours. Salaried
 * (29 CFR 778.113): the salary as a weekly amount (× periods / 52) over the hours it is meant to pay
 * a week (salary_weekly_hours, 40 when missing).
 */
function straightTime(input: PayInput, hours: Dec): { num: Dec; den: Dec } {
  if (input.pay_basis !== 'salaried') return { num: hourlyRate(input).mul(hours), den: ONE };
  const weeklyHours = dec(input.salary_weekly_hours, 'salary_weekly_hours', FORTY);
  if (weeklyHours.lte(ZERO)) throw new RangeError('salary_weekly_hours: must be above 0');
  return {
    num: dec(input.basic_salary, 'basic_salary').mul(periodsPerYear(input)).mul(hours),
    den: weeklyHours.mul(52),
  };
}

/** Non-exempt: at least 1.5 × the regular rate; the part above straight time is the premium. */
export function usOvertime(input: PayInput, params: UsFederalParams, currency: Currency): Overtime {
  if (flsaExempt(input, params)) return { pay: ZERO, premium: ZERO };
  const floor = dec(params.flsa_overtime_multiplier, 'flsa_overtime_multiplier');
  const r = dec(input.overtime_rate, 'overtime_rate', floor);
  const hours = overtimeHours(input);
  const { num, den } = straightTime(input, hours);
  let pay: Dec;
  if (isMultiplier(r)) pay = round(max(r, floor).mul(num).div(den), currency);
  // A per-hour amount: the larger of r × hours and 1.5 × straight time (compared without dividing).
  else if (r.mul(hours).mul(den).gte(floor.mul(num))) pay = round(r.mul(hours), currency);
  else pay = round(floor.mul(num).div(den), currency);
  return { pay, premium: pay.minus(round(num.div(den), currency)) };
}

/**
 * State income tax withheld this period, by the rule-set entry for the work site's state:
 * round(max(0, rate × (gross × periods − allowances × allowance_amount) / periods)). Null when the
 * site has no state or the version in force has no entry for it.
 */
export function stateTax(
  gross: Dec,
  params: UsFederalParams,
  input: PayInput,
  currency: Currency,
): { state: string; tax: Dec } | null {
  if (!input.state) return null;
  const rule = params.state_withholding.find((entry) => entry.state === input.state);
  if (!rule) return null;
  const allowances = input.profile?.state_allowances ?? 0;
  if (!Number.isInteger(allowances) || allowances < 0 || allowances > 99) {
    throw new RangeError(`profile.state_allowances: expected 0..99, got ${String(allowances)}`);
  }
  const periods = periodsPerYear(input);
  const exempt = dec(rule.allowance_amount, 'allowance_amount').mul(allowances);
  const taxable = max(ZERO, gross.mul(periods).minus(exempt));
  return { state: rule.state, tax: round(dec(rule.rate, 'rate').mul(taxable).div(periods), currency) };
}

/** The annual tax of Worksheet 1A, without intermediate rounding. */
export function annualTax(adjusted: Dec, params: UsFederalParams, input: PayInput): Dec {
  const profile = input.profile ?? {};
  const status = profile.filing_status ?? 'single';
  const table = FILING_TABLE[status];
  if (table === undefined) throw new TypeError(`profile.filing_status: unknown '${String(status)}'`);
  // W-4 step 2 checked (Pub. 15-T's checkbox table): bases halved, thresholds (threshold + step 2 deduction) / 2.
  const checkbox = profile.w4_step2 === true;
  const half = dec('0.5', 'half');
  const offset = dec(
    status === 'married_jointly' ? params.step2_deduction.married_jointly : params.step2_deduction.other,
    'step2_deduction',
  );
  // base + rate × (adjusted − threshold) for the last row with threshold ≤ adjusted.
  let tax = ZERO;
  for (const [thresholdText, baseText, rateText] of params.brackets[table]) {
    const standard = dec(thresholdText, 'threshold');
    const threshold = checkbox ? standard.plus(offset).mul(half) : standard;
    if (threshold.lte(adjusted)) {
      const base = dec(baseText, 'base');
      tax = (checkbox ? base.mul(half) : base).plus(dec(rateText, 'rate').mul(adjusted.minus(threshold)));
    }
  }
  return tax;
}

/** Federal income tax withheld this period (Pub. 15-T Worksheet 1A). */
export function federalTax(gross: Dec, params: UsFederalParams, input: PayInput, currency: Currency): Dec {
  const profile = input.profile ?? {};
  const periods = periodsPerYear(input);
  const annual = gross.mul(periods).plus(dec(profile.w4_step4a, 'profile.w4_step4a'));
  const step2Deduction =
    profile.w4_step2 === true
      ? ZERO
      : dec(
          profile.filing_status === 'married_jointly'
            ? params.step2_deduction.married_jointly
            : params.step2_deduction.other,
          'step2_deduction',
        );
  const adjusted = max(ZERO, annual.minus(dec(profile.w4_step4b, 'profile.w4_step4b')).minus(step2Deduction));
  const perPeriod = annualTax(adjusted, params, input)
    .div(periods)
    .minus(dec(profile.w4_step3, 'profile.w4_step3').div(periods));
  return round(max(ZERO, perPeriod).plus(dec(profile.w4_step4c, 'profile.w4_step4c')), currency);
}

export function usFederal(input: PayInput, params: UsFederalParams): PayOutput {
  const currency = params.currency;
  const overtime = usOvertime(input, params, currency);
  const earned = earnings(input, currency, overtime.pay, periodsPerYear(input));
  const { gross } = earned;

  const ssYtd = dec(input.ytd?.ss_wages, 'ytd.ss_wages');
  const medicareYtd = dec(input.ytd?.medicare_wages, 'ytd.medicare_wages');
  const wageBase = dec(params.social_security_wage_base, 'social_security_wage_base');
  const threshold = dec(params.additional_medicare_threshold, 'additional_medicare_threshold');

  const socialSecurity = round(
    dec(params.social_security_rate, 'social_security_rate').mul(
      min(gross, max(ZERO, wageBase.minus(ssYtd))),
    ),
    currency,
  );
  const medicare = round(dec(params.medicare_rate, 'medicare_rate').mul(gross), currency);
  const additionalMedicare = round(
    dec(params.additional_medicare_rate, 'additional_medicare_rate').mul(
      max(ZERO, medicareYtd.plus(gross).minus(max(threshold, medicareYtd))),
    ),
    currency,
  );

  const state = stateTax(gross, params, input, currency);
  const deductions: [string, Dec][] = [
    ['social_security', socialSecurity],
    ['medicare', medicare],
    ['additional_medicare', additionalMedicare],
    ['federal_tax', federalTax(gross, params, input, currency)],
  ];
  if (state) deductions.push(['state_income_tax', state.tax]);

  const output = assemble(input, earned, { deductions, overtimePremium: overtime.premium });
  output.flsa_exempt = flsaExempt(input, params);
  if (state) output.state = state.state;
  return output;
}
