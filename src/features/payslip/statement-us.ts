// The US earnings statement. For an Illinois site it is the statement of the Illinois Wage Payment
// and Collection Act (820 ILCS 115/10: an itemized statement of deductions every pay period) with
// what its rules have the employer record for each pay period (56 Ill. Adm. Code 300.630: pay
// period, hours worked, rate of pay, gross, each deduction, net), and the state's withholding line.
// A line that does not apply is left out: no overtime line for an exempt person or a period without
// overtime, no Additional Medicare line below its threshold.
import { orderedDeductions } from '../../domain/payroll/deductions.ts';
import { Dec } from '../../domain/payroll/money.ts';
import { formatMoneyForPrint } from '../../shared/format/index.ts';
import type { PayslipData } from './data.ts';
import { allowanceRows, hours, leaveRows, periodText, sum, payslip, type PayslipContent } from './lines.ts';

const US_DEDUCTIONS: Record<string, string> = {
  social_security: 'Social Security (OASDI)',
  medicare: 'Medicare',
  additional_medicare: 'Additional Medicare',
  federal_tax: 'Federal income tax withholding',
  other: 'Other deductions',
};
/** The state income tax line, named by its state (the rule set's entry: IL-700-T for Illinois). */
const STATE_TAX: Record<string, string> = { IL: 'Illinois income tax withholding (IL-700-T)' };
const STATE_NAME: Record<string, string> = { IL: 'Illinois' };

const US_ALLOWANCES: Record<string, string> = {
  house_rent: 'Housing allowance',
  transport: 'Transport allowance',
  medical: 'Medical allowance',
  food: 'Meal allowance',
  other: 'Other allowance',
  function: 'Function allowance',
};
export function statementUs(d: PayslipData): PayslipContent {
  const fmt = (v: string | number | undefined) => formatMoneyForPrint(v ?? 0, d.currency, 'en');
  const c = d.computation;
  const salaried = d.structure?.pay_basis !== 'hourly';
  const otRate = d.structure?.overtime_rate ?? 1.5;
  const overtimeHours = new Dec(String(d.overtime_hours ?? 0));
  const overtimePay = new Dec(c.overtime_pay);
  const otPerHour = overtimeHours.gt(0) ? overtimePay.div(overtimeHours).toFixed(2) : null;
  // Overtime applies to a non-exempt person who worked some, or was paid some.
  const showOvertime = c.flsa_exempt !== true && (overtimeHours.gt(0) || !overtimePay.isZero());
  const state = c.state ?? null;
  const stateLabel = (state && STATE_TAX[state]) || (state ? `${state} state income tax withholding` : '');
  const deductions = orderedDeductions(c.deductions).filter(
    ([name, v]) => !(name === 'additional_medicare' && new Dec(v).isZero()),
  );
  const period = periodText(d, 'en');
  const illinois = state === 'IL' || d.employer?.state === 'IL';
  const flsa =
    c.flsa_exempt === undefined
      ? null
      : c.flsa_exempt
        ? 'Exempt (no overtime pay)'
        : 'Non-exempt (overtime over 40 hours a workweek)';
  return payslip(d, 'en', fmt(c.net), {
    sections: [
      {
        title: 'Employer and employee',
        rows: [
          ['Employer', d.employer?.company ?? ''],
          [
            'Employer address',
            d.employer?.address || [d.employer?.site, 'United States'].filter(Boolean).join(', '),
          ],
          ['Employee', d.employee.name],
          ['Employee ID', d.employee.id.slice(0, 8).toUpperCase()],
          ['Position / department', [d.employee.position, d.employee.department].filter(Boolean).join(' / ')],
          ['Pay period', period],
          ['Pay date', d.pay_date ?? 'not paid yet'],
          ['Pay frequency', d.frequency],
          ...(flsa ? [['FLSA status', flsa]] : []),
        ],
      },
      {
        title: 'Earnings',
        head: ['Description', 'Hours', 'Rate', 'Amount'],
        rows: [
          [
            salaried ? 'Regular pay (salary)' : 'Regular pay (hourly)',
            hours(d.regular_hours),
            // A salary is not an hourly rate: its rate column says what it is.
            salaried
              ? `${fmt(d.structure?.basic_salary ?? c.basic_pay)} / ${PERIOD_NAME[d.frequency] ?? d.frequency}`
              : fmt(d.structure?.hourly_rate ?? 0),
            fmt(c.basic_pay),
          ],
          ...(showOvertime
            ? [
                [
                  'Overtime',
                  hours(d.overtime_hours),
                  otPerHour ? `${fmt(otPerHour)} (x${otRate})` : `x${otRate}`,
                  fmt(c.overtime_pay),
                ],
              ]
            : []),
          ...allowanceRows(d, US_ALLOWANCES, fmt),
          ...leaveRows(d, 'en', fmt),
          [
            'Gross wages',
            hours(sum([d.regular_hours, showOvertime ? d.overtime_hours : 0]).toString()),
            '',
            fmt(c.gross),
          ],
        ],
      },
      {
        title: 'Deductions',
        head: ['Description', 'Amount'],
        rows: [
          ...deductions.map(([name, v]) => [
            name === 'state_income_tax' ? stateLabel : (US_DEDUCTIONS[name] ?? name),
            fmt(v),
          ]),
          ['Total deductions', fmt(c.total_deductions)],
        ],
      },
      {
        title: 'Net pay',
        head: ['', 'This period', 'Year to date'],
        rows: [
          ['Gross wages', fmt(c.gross), fmt(d.ytd.gross)],
          ['Deductions', fmt(c.total_deductions), fmt(d.ytd.deductions)],
          ['Net wages', fmt(c.net), fmt(d.ytd.net)],
        ],
      },
    ],
    notes: [
      illinois
        ? 'Statement of wages and itemized deductions under the Illinois Wage Payment and Collection Act (820 ILCS 115/10; 56 Ill. Adm. Code 300.630).'
        : 'Statement of wages and itemized deductions for the pay period (Fair Labor Standards Act records, 29 CFR 516.2).',
      state
        ? `${STATE_NAME[state] ?? state} income tax withheld by the state's withholding rules (${state === 'IL' ? 'IL-700-T, IL-W-4 allowances' : 'state certificate'}).`
        : 'No state income tax withholding rule applies to this site.',
      `Rule set: ${d.rule_set}.${d.payment_reference ? ` Payment reference: ${d.payment_reference}.` : ''}`,
      'Year to date: wages paid this calendar year up to and including this period.',
    ],
  });
}

const PERIOD_NAME: Record<string, string> = {
  weekly: 'week',
  biweekly: 'two weeks',
  semimonthly: 'half month',
  monthly: 'month',
};
