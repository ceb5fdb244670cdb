// The lines every rule set shares (RULES.md, "Common lines") and the assembly of the output.
import { Dec, dec, format, min, round, sum, ONE, TEN, ZERO } from './money.ts';
import type { BfLeaveParams } from './rule-sets.ts';
import {
  ALLOWANCE_NAMES,
  type AllowanceName,
  type LeaveKind,
  type LeaveLine,
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
export function allowanceLines(input: PayInput, currency: Currency): Record<AllowanceName, Dec> {
  const lines = {} as Record<AllowanceName, Dec>;
  for (const name of ALLOWANCE_NAMES) {
    lines[name] = round(dec(input.allowances?.[name], `allowances.${name}`), currency);
  }
  return lines;
}

/** The `other` deduction, round(other_deductions); listed only when not zero. */
export function otherDeduction(input: PayInput, currency: Currency): Dec {
  return round(dec(input.other_deductions, 'other_deductions'), currency);
}

export interface Leave {
  /** Added to the gross: hourly paid time and allowances. */
  pay: Dec;
  /** Withheld from the basic pay: salaried unpaid days and the salary the allowance replaces. */
  withheld: Dec;
  /** Undefined when the input has no leave (the output then has no leave keys). */
  lines?: LeaveLine[];
}

export const NO_LEAVE: Leave = { pay: ZERO, withheld: ZERO };

const LEAVE_TYPE = /^[a-z][a-z0-9_]{1,39}$/;
const MAX_LEAVE_DAYS = new Dec(366);
const MAX_LEAVE_HOURS = new Dec(8784);
const trimmed = (x: Dec) => x.toString();

/**
 * The period's leave (RULES.md, "Leave"). `bfLeave` is the bf-2026 rule set's entry: the 1/30 rule
 * and the paid-leave allowance; without it the salary is prorated by the period's working days.
 */
export function leaveLines(
  input: PayInput,
  currency: Currency,
  basic: Dec,
  periods: Dec,
  bfLeave?: BfLeaveParams,
): Leave {
  const entries = input.leave ?? [];
  if (!Array.isArray(entries) || entries.length > 50) throw new TypeError('leave: expected at most 50 lines');
  if (entries.length === 0) return NO_LEAVE;
  const salary = dec(input.basic_salary, 'basic_salary');
  const rate = hourlyRate(input);
  const daysPerMonth = bfLeave ? dec(bfLeave.days_per_month, 'leave.days_per_month') : undefined;
  let pay = ZERO;
  let withheld = ZERO;
  const lines: LeaveLine[] = entries.map((entry, i) => {
    if (!LEAVE_TYPE.test(String(entry?.type)) || typeof entry.paid !== 'boolean') {
      throw new TypeError(`leave[${i}]: expected { type, paid }`);
    }
    const days = dec(entry.days, `leave[${i}].days`);
    const hours = dec(entry.hours, `leave[${i}].hours`);
    if (days.isNeg() || hours.isNeg() || days.gt(MAX_LEAVE_DAYS) || hours.gt(MAX_LEAVE_HOURS)) {
      throw new RangeError(`leave[${i}]: days or hours out of range`);
    }
    // What was worked of the leave: by the hour only the rest is paid (a day topped up, not paid twice).
    const workedDays = dec(entry.worked_days, `leave[${i}].worked_days`);
    const workedHours = dec(entry.worked_hours, `leave[${i}].worked_hours`);
    if (workedDays.isNeg() || workedHours.isNeg() || workedDays.gt(days) || workedHours.gt(hours)) {
      throw new RangeError(`leave[${i}]: worked days or hours out of range`);
    }
    // The salary's share of the days: bf-2026 M(salary) × days / 30; else salary × days / working days.
    let share: Dec | null;
    if (input.pay_basis === 'hourly') share = null;
    else if (daysPerMonth) share = round(salary.mul(periods).mul(days).div(daysPerMonth.mul(12)), currency);
    else if (days.isZero()) share = ZERO;
    else {
      const workingDays = dec(input.working_days, 'working_days');
      if (workingDays.isZero()) throw new RangeError('working_days: needed to prorate a salary for leave');
      share = round(salary.mul(days).div(workingDays), currency);
    }
    let kind: LeaveKind;
    let linePay = ZERO;
    let lineWithheld = ZERO;
    if (entry.paid && daysPerMonth && bfLeave?.allowance_types.includes(entry.type)) {
      kind = 'allowance';
      const reference =
        input.reference_monthly_pay === undefined || input.reference_monthly_pay === null
          ? null
          : dec(input.reference_monthly_pay, 'reference_monthly_pay');
      if (share === null) {
        linePay = round(
          reference
            ? reference.mul(days.minus(workedDays)).div(daysPerMonth)
            : hours.minus(workedHours).mul(rate),
          currency,
        );
      } else {
        lineWithheld = min(share, basic.minus(withheld));
        linePay = round((reference ?? salary.mul(periods).div(12)).mul(days).div(daysPerMonth), currency);
      }
    } else if (entry.paid) {
      kind = share === null ? 'paid_time' : 'included';
      linePay = share ?? round(hours.minus(workedHours).mul(rate), currency);
    } else {
      kind = 'unpaid';
      lineWithheld = share === null ? ZERO : min(share, basic.minus(withheld));
    }
    withheld = withheld.plus(lineWithheld);
    if (kind !== 'included') pay = pay.plus(linePay);
    const line: LeaveLine = {
      type: entry.type,
      kind,
      days: trimmed(days),
      hours: trimmed(hours),
      pay: format(linePay, currency),
      withheld: format(lineWithheld, currency),
    };
    if (share === null && (!workedDays.isZero() || !workedHours.isZero())) {
      line.worked_days = trimmed(workedDays);
      line.worked_hours = trimmed(workedHours);
    }
    return line;
  });
  return { pay, withheld, lines };
}

/** What every rule set earns the same way around its own overtime (RULES.md, "Common lines"). */
export interface Earnings {
  currency: Currency;
  basicPay: Dec;
  overtimePay: Dec;
  allowances: Record<AllowanceName, Dec>;
  allowancesTotal: Dec;
  leave: Leave;
  gross: Dec;
}

/** basic_pay, the allowances and the leave for the period, and the gross with the rule set's overtime. */
export function earnings(
  input: PayInput,
  currency: Currency,
  overtimePay: Dec,
  periods: Dec,
  bfLeave?: BfLeaveParams,
): Earnings {
  const basic = basicPay(input, currency);
  const allowances = allowanceLines(input, currency);
  const allowancesTotal = sum(Object.values(allowances));
  const leave = leaveLines(input, currency, basic, periods, bfLeave);
  return {
    currency,
    basicPay: basic,
    overtimePay,
    allowances,
    allowancesTotal,
    leave,
    gross: grossOf(basic, overtimePay, allowancesTotal, leave),
  };
}

/** What a rule set adds to its earnings: its deduction lines and the keys only it reports. */
export interface RuleSetLines {
  /** Rounded deduction lines in output order, `other` not included. */
  deductions: [string, Dec][];
  /** RULES.md defines the premium line for us-federal-2026 only; zero elsewhere. */
  overtimePremium?: Dec;
  iutsBase?: Dec;
  warnings?: Warning[];
  overtimeLines?: OvertimeLine[];
}

/** gross = basic_pay − leave_withheld + leave_pay + overtime_pay + allowances_total */
export function grossOf(basic: Dec, overtimePay: Dec, allowancesTotal: Dec, leave: Leave): Dec {
  return basic.minus(leave.withheld).plus(leave.pay).plus(overtimePay).plus(allowancesTotal);
}

/** Totals from the rounded lines and the input's `other` deduction, formatted to the currency's minor unit. */
export function assemble(input: PayInput, earned: Earnings, lines: RuleSetLines): PayOutput {
  const { currency, gross, leave } = earned;
  const deductions: [string, Dec][] = [...lines.deductions];
  const other = otherDeduction(input, currency);
  if (!other.isZero()) deductions.push(['other', other]);
  const total = sum(deductions.map(([, amount]) => amount));
  const output: PayOutput = {
    currency,
    basic_pay: format(earned.basicPay, currency),
    overtime_pay: format(earned.overtimePay, currency),
    overtime_premium: format(lines.overtimePremium ?? ZERO, currency),
    allowances_total: format(earned.allowancesTotal, currency),
    gross: format(gross, currency),
    deductions: Object.fromEntries(deductions.map(([name, amount]) => [name, format(amount, currency)])),
    total_deductions: format(total, currency),
    net: format(gross.minus(total), currency),
    warnings: lines.warnings ?? [],
  };
  if (lines.iutsBase !== undefined) output.iuts_base = format(lines.iutsBase, currency);
  if (lines.overtimeLines !== undefined) output.overtime_lines = lines.overtimeLines;
  if (leave.lines !== undefined) {
    output.leave_lines = leave.lines;
    output.leave_pay = format(leave.pay, currency);
    output.leave_withheld = format(leave.withheld, currency);
  }
  return output;
}
