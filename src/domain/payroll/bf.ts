// bf-2026: Burkina Faso — overtime by legal premium band, CNSS with its monthly ceiling, AMU, and IUTS
// on monthly equivalents (RULES.md, "bf-2026").
//
// k = periods / 12 is 13/3 for weekly pay and 13/6 for biweekly: not a finite decimal. To stay exact,
// every monthly equivalent M(x) = x × k is carried as 12 × M(x) = x × periods (always a finite decimal)
// and divided by 12 once, just before the line is floored or rounded. This is the same arithmetic as
// RULES.md, without the rounding a finite k would bring (which can drop floor_to_100 by 100 when the
// exact base is a multiple of 100).
import { assemble, earnings, hourlyRate, overtimeHours, periodsPerYear } from './common.ts';
import { Dec, dec, floorTo, format, max, min, round, sum, ONE, ZERO } from './money.ts';
import type { BfParams } from './rule-sets.ts';
import {
  OVERTIME_BAND_NAMES,
  type Currency,
  type OvertimeBandName,
  type OvertimeLine,
  type PayInput,
  type PayOutput,
  type Warning,
} from './types.ts';

const TWELVE = new Dec(12);

/** Hours by premium band: `overtime_bands` when given, else h15 up to 8 h a week and h35 beyond. */
export function bandHours(input: PayInput, params: BfParams, periods: Dec): Record<OvertimeBandName, Dec> {
  const bands = {} as Record<OvertimeBandName, Dec>;
  if (input.overtime_bands) {
    for (const name of OVERTIME_BAND_NAMES) {
      bands[name] = dec(input.overtime_bands[name], `overtime_bands.${name}`);
    }
    return bands;
  }
  const hours = overtimeHours(input);
  // h15 = min(overtime_hours, 8 × 52 / periods), compared as hours × periods to stay exact.
  const firstBandTimesPeriods = dec(params.weekly_hours_first_band, 'weekly_hours_first_band').mul(52);
  const h15 = min(hours.mul(periods), firstBandTimesPeriods).div(periods);
  for (const name of OVERTIME_BAND_NAMES) bands[name] = ZERO;
  bands.h15 = h15;
  bands.h35 = hours.minus(h15);
  return bands;
}

/** Each band's hours × periods × (1 + premium), in band order (exact; see above). */
function weightedBands(input: PayInput, params: BfParams, periods: Dec) {
  const bands = bandHours(input, params, periods);
  return OVERTIME_BAND_NAMES.map((name) => ({
    name,
    hours: bands[name],
    premium: params.overtime_premiums[name],
    weighted: bands[name]
      .mul(periods)
      .mul(ONE.plus(dec(params.overtime_premiums[name], `overtime_premiums.${name}`))),
  }));
}

/** overtime_pay = round(hourly_rate × Σ band_hours × (1 + premium)); overtime_rate is not used. */
export function bfOvertime(input: PayInput, params: BfParams, periods: Dec, currency: Currency): Dec {
  // Σ (band hours × periods) × (1 + premium), divided by periods at the end (exact; see above).
  const weighted = sum(weightedBands(input, params, periods).map((b) => b.weighted));
  return round(hourlyRate(input).mul(weighted).div(periods), currency);
}

/**
 * One line per band with hours: amount_i = round(rate × Σ_{j≤i} w_j) − round(rate × Σ_{j<i} w_j)
 * (cumulative rounding in band order), so the lines add up to overtime_pay exactly and each is
 * within one minor unit of round(rate × hours × (1 + premium)).
 */
export function bfOvertimeLines(
  input: PayInput,
  params: BfParams,
  periods: Dec,
  currency: Currency,
): OvertimeLine[] {
  const rate = hourlyRate(input);
  const lines: OvertimeLine[] = [];
  let cumulative = ZERO;
  let paid = ZERO;
  for (const band of weightedBands(input, params, periods)) {
    cumulative = cumulative.plus(band.weighted);
    if (band.hours.isZero()) continue;
    const upTo = round(rate.mul(cumulative).div(periods), currency);
    lines.push({
      band: band.name,
      hours: band.hours.toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2),
      premium: band.premium,
      amount: format(upTo.minus(paid), currency),
    });
    paid = upTo;
  }
  return lines;
}

/** Tax of the monthly scale, each rate on its slice. */
export function iutsScaleTax(base: Dec, params: BfParams): Dec {
  const scale = params.iuts_scale;
  let tax = ZERO;
  scale.forEach(([lowerText, rateText], i) => {
    const lower = dec(lowerText, 'iuts_scale');
    if (base.lte(lower)) return;
    const next = scale[i + 1];
    const upper = next ? min(base, dec(next[0], 'iuts_scale')) : base;
    tax = tax.plus(dec(rateText, 'iuts_scale').mul(upper.minus(lower)));
  });
  return tax;
}

/** Family reduction rate: index = dependants, the last entry for that many or more. */
export function familyReduction(input: PayInput, params: BfParams): Dec {
  const dependants = input.profile?.dependants ?? 0;
  if (!Number.isInteger(dependants) || dependants < 0) {
    throw new TypeError(`profile.dependants: expected a whole number >= 0, got ${String(dependants)}`);
  }
  const last = params.family_reduction.length - 1;
  return dec(params.family_reduction[dependants > last ? last : dependants], 'family_reduction');
}

export function bf(input: PayInput, params: BfParams): PayOutput {
  const currency = params.currency;
  const periods = periodsPerYear(input);
  /** 12 × M(x) = x × periods. */
  const m12 = (x: Dec): Dec => x.mul(periods);

  const overtimePay = bfOvertime(input, params, periods, currency);
  const earned = earnings(input, currency, overtimePay, periods, params.leave);
  const { basicPay: basic, allowances, leave, gross } = earned;

  // cnss = round(rate × min(gross, ceiling / k)) = round(rate × min(gross × periods, ceiling × 12) / periods)
  const ceiling12 = dec(params.cnss_monthly_ceiling, 'cnss_monthly_ceiling').mul(TWELVE);
  const cnss = round(
    dec(params.cnss_rate, 'cnss_rate')
      .mul(min(m12(gross), ceiling12))
      .div(periods),
    currency,
  );
  const amu = round(dec(params.amu_rate, 'amu_rate').mul(gross), currency);

  // IUTS on monthly equivalents, every term × 12.
  const g12 = m12(gross);
  const exempt12 = sum(
    (['house_rent', 'function', 'transport'] as const).map((name) => {
      const { share, cap } = params.exemptions[name];
      const shareOfGross = dec(share, `exemptions.${name}.share`).mul(g12);
      return min(min(m12(allowances[name]), shareOfGross), dec(cap, `exemptions.${name}.cap`).mul(TWELVE));
    }),
  );
  const abatementRate = dec(
    input.profile?.abatement_rate,
    'profile.abatement_rate',
    dec('0.20', 'abatement_rate'),
  );
  const abatement12 = abatementRate.mul(m12(basic.minus(leave.withheld).plus(leave.pay).plus(overtimePay)));
  const iutsBase = floorTo(
    max(ZERO, g12.minus(exempt12).minus(m12(cnss)).minus(abatement12)).div(TWELVE),
    dec(params.iuts_base_rounding, 'iuts_base_rounding'),
  );
  const tax = iutsScaleTax(iutsBase, params);
  // iuts = round(tax × (1 − reduction) / k) = round(tax × (1 − reduction) × 12 / periods)
  const iuts = round(
    tax
      .mul(ONE.minus(familyReduction(input, params)))
      .mul(TWELVE)
      .div(periods),
    currency,
  );

  const warnings: Warning[] = [];
  const smig12 = dec(params.smig_monthly, 'smig_monthly').mul(TWELVE);
  if (input.pay_basis === 'salaried' && m12(basic).lt(smig12)) warnings.push('below_smig');

  return assemble(input, earned, {
    deductions: [
      ['cnss', cnss],
      ['amu', amu],
      ['iuts', iuts],
    ],
    iutsBase,
    warnings,
    overtimeLines: bfOvertimeLines(input, params, periods, currency),
  });
}
