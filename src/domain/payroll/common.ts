// The lines every rule set shares (RULES.md, "Common lines") and the assembly of the output.
import { dec, format, round, sum, ONE, TEN, ZERO, type Dec } from './money.ts';
import {
  ALLOWANCE_NAMES,
  PERIODS_PER_YEAR,
  type Currency,
  type PayInput,
  type PayOutput,
  type OvertimeLine,
  type Warning,
} from './types.ts';

/** Periods per year for the input's frequency: weekly 52, biweekly 26, semimonthly 24, monthly 12. */
export function periodsPerYear(input: PayInput): Dec {
  const periods = PERIODS_PER_YEAR[input.frequency];
  if (periods === undefined) throw new TypeError(`frequency: unknown '${String(input.frequency)}'`);
  return dec(String(periods), 'frequency');
}

export function hourlyRate(input: PayInput): Dec {
  return dec(input.hourly_rate, 'hourly_rate');
}

export function overtimeHours(input: PayInput): Dec {
  return dec(input.overtime_hours, 'overtime_hours');
}

/** Overtime rate r: 1 ≤ r ≤ 10 is a multiplier of the hourly rate; otherwise an amount per hour. */
export function isMultiplier(r: Dec): boolean {
  return r.gte(ONE) && r.lte(TEN);
}

/** `basic_pay = round(basic_salary + (pay_basis = 'hourly' ? hours_worked × hourly_rate : 0))` */
export function basicPay(input: PayInput, currency: Currency): Dec {
  if (input.pay_basis !== 'salaried' && input.pay_basis !== 'hourly') {
    throw new TypeError(`pay_basis: unknown '${String(input.pay_basis)}'`);
  }
  const salary = dec(input.basic_salary, 'basic_salary');
  const hours =
    input.pay_basis === 'hourly' ? dec(input.hours_worked, 'hours_worked').mul(hourlyRate(input)) : ZERO;
  return round(salary.plus(hours), currency);
}

/** Each allowance rounded on its own, missing = 0. */
export function allowanceLines(
  input: PayInput,
  currency: Currency,
): Record<(typeof ALLOWANCE_NAMES)[number], Dec> {
  const lines = {} as Record<(typeof ALLOWANCE_NAMES)[number], Dec>;
  for (const name of ALLOWANCE_NAMES) {
    lines[name] = round(dec(input.allowances?.[name], `allowances.${name}`), currency);
  }
  return lines;
}

/** The `other` deduction, round(other_deductions); listed only when not zero. */
export function otherDeduction(input: PayInput, currency: Currency): Dec {
  return round(dec(input.other_deductions, 'other_deductions'), currency);
}

export interface Lines {
  currency: Currency;
  basicPay: Dec;
  overtimePay: Dec;
  overtimePremium: Dec;
  allowancesTotal: Dec;
  /** Rounded deduction lines in output order, `other` not included. */
  deductions: [string, Dec][];
  other: Dec;
  iutsBase?: Dec;
  warnings: Warning[];
  overtimeLines?: OvertimeLine[];
}

/** gross = basic_pay + overtime_pay + allowances_total */
export function grossOf(basic: Dec, overtimePay: Dec, allowancesTotal: Dec): Dec {
  return basic.plus(overtimePay).plus(allowancesTotal);
}

/** Totals from the rounded lines, every amount formatted to the currency's minor unit. */
export function assemble(lines: Lines): PayOutput {
  const { currency } = lines;
  const gross = grossOf(lines.basicPay, lines.overtimePay, lines.allowancesTotal);
  const deductions: [string, Dec][] = [...lines.deductions];
  if (!lines.other.isZero()) deductions.push(['other', lines.other]);
  const total = sum(deductions.map(([, amount]) => amount));
  const output: PayOutput = {
    currency,
    basic_pay: format(lines.basicPay, currency),
    overtime_pay: format(lines.overtimePay, currency),
    overtime_premium: format(lines.overtimePremium, currency),
    allowances_total: format(lines.allowancesTotal, currency),
    gross: format(gross, currency),
    deductions: Object.fromEntries(deductions.map(([name, amount]) => [name, format(amount, currency)])),
    total_deductions: format(total, currency),
    net: format(gross.minus(total), currency),
    warnings: lines.warnings,
  };
  if (lines.iutsBase !== undefined) output.iuts_base = format(lines.iutsBase, currency);
  if (lines.overtimeLines !== undefined) output.overtime_lines = lines.overtimeLines;
  return output;
}
