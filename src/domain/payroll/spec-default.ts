// spec-default: the spec's constants (RULES.md, "spec-default").
import { assemble, earnings, hourlyRate, isMultiplier, overtimeHours, periodsPerYear } from './common.ts';
import { dec, round, type Dec } from './money.ts';
import type { SpecDefaultParams } from './rule-sets.ts';
import type { Currency, PayInput, PayOutput } from './types.ts';

export function specDefault(input: PayInput, params: SpecDefaultParams): PayOutput {
  const country = input.country;
  if (country !== 'US' && country !== 'BF') {
    throw new TypeError(`country: spec-default needs 'US' or 'BF', got '${String(country)}'`);
  }
  const currency: Currency = params[country].currency;

  const r = dec(
    input.overtime_rate,
    'overtime_rate',
    dec(params.overtime_default_rate, 'overtime_default_rate'),
  );
  const hours = overtimeHours(input);
  const overtimePay = round(isMultiplier(r) ? r.mul(hourlyRate(input)).mul(hours) : r.mul(hours), currency);
  const earned = earnings(input, currency, overtimePay, periodsPerYear(input));
  const { gross } = earned;

  const deductions: [string, Dec][] =
    country === 'US'
      ? [
          ['social_security', round(dec(params.US.social_security, 'social_security').mul(gross), currency)],
          ['medicare', round(dec(params.US.medicare, 'medicare').mul(gross), currency)],
          ['federal_tax', round(dec(params.US.federal_tax, 'federal_tax').mul(gross), currency)],
        ]
      : [
          ['cnss', round(dec(params.BF.cnss, 'cnss').mul(gross), currency)],
          ['iuts', round(dec(params.BF.iuts, 'iuts').mul(gross), currency)],
        ];

  return assemble(input, earned, { deductions });
}
