// us-federal-2026: FLSA overtime, Social Security with its wage base, Medicare and Additional Medicare,
// federal income tax withholding by IRS Pub. 15-T Worksheet 1A (RULES.md, "us-federal-2026").
import {
  allowanceLines,
  assemble,
  basicPay,
  grossOf,
  hourlyRate,
  isMultiplier,
  otherDeduction,
  overtimeHours,
  periodsPerYear,
} from './common.ts';
import { dec, max, min, round, sum, ZERO, type Dec } from './money.ts';
import { FILING_TABLE, type UsFederalParams } from './rule-sets.ts';
import type { Currency, PayInput, PayOutput } from './types.ts';

interface Overtime {
  pay: Dec;
  premium: Dec;
}

/** Non-exempt: at least 1.5 × the regular rate; the part above straight time is the premium. */
export function usOvertime(input: PayInput, params: UsFederalParams, currency: Currency): Overtime {
  if (input.profile?.flsa_exempt === true) return { pay: ZERO, premium: ZERO };
  const floor = dec(params.flsa_overtime_multiplier, 'flsa_overtime_multiplier');
  const r = dec(input.overtime_rate, 'overtime_rate', floor);
  const rate = hourlyRate(input);
  const hours = overtimeHours(input);
  const pay = isMultiplier(r)
    ? round(max(r, floor).mul(rate).mul(hours), currency)
    : round(max(r, floor.mul(rate)).mul(hours), currency);
  const straight = round(rate.mul(hours), currency);
  return { pay, premium: pay.minus(straight) };
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
  const basic = basicPay(input, currency);
  const overtime = usOvertime(input, params, currency);
  const allowancesTotal = sum(Object.values(allowanceLines(input, currency)));
  const gross = grossOf(basic, overtime.pay, allowancesTotal);

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

  return assemble({
    currency,
    basicPay: basic,
    overtimePay: overtime.pay,
    overtimePremium: overtime.premium,
    allowancesTotal,
    deductions: [
      ['social_security', socialSecurity],
      ['medicare', medicare],
      ['additional_medicare', additionalMedicare],
      ['federal_tax', federalTax(gross, params, input, currency)],
    ],
    other: otherDeduction(input, currency),
    warnings: [],
  });
}
