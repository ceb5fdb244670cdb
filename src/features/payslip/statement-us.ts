// The US earnings statement, with what California Labor Code §226(a) asks for.
import { orderedDeductions } from '../../domain/payroll/deductions.ts';
import { Dec } from '../../domain/payroll/money.ts';
import { formatMoneyForPrint } from '../../shared/format/index.ts';
import type { PayslipData } from './data.ts';
import { allowanceRows, hours, sum, type PayslipContent } from './lines.ts';

const US_DEDUCTIONS: Record<string, string> = {
  social_security: 'Social Security (OASDI)',
  medicare: 'Medicare',
  additional_medicare: 'Additional Medicare',
  federal_tax: 'Federal income tax withholding',
  other: 'Other deductions',
};
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
  const rate = d.structure?.hourly_rate ?? 0;
  const otRate = d.structure?.overtime_rate ?? 1.5;
  const otPerHour =
    Number(d.overtime_hours) > 0 ? new Dec(c.overtime_pay).div(String(d.overtime_hours)).toFixed(2) : null;
  const period = `${d.period_start ?? d.period_end} to ${d.period_end}`;
  return {
    title: 'Earnings Statement',
    subtitle: `Pay period ${period}`,
    language: 'en',
    net: fmt(c.net),
    fileName: `payslip-${d.employee.name.replace(/\W+/g, '-')}-${d.period_end}.pdf`,
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
        ],
      },
      {
        title: 'Earnings',
        head: ['Description', 'Hours', 'Rate', 'Amount'],
        rows: [
          [
            d.structure?.pay_basis === 'hourly' ? 'Regular pay (hourly)' : 'Regular pay (salary)',
            hours(d.regular_hours),
            fmt(rate),
            fmt(c.basic_pay),
          ],
          [
            'Overtime',
            hours(d.overtime_hours),
            otPerHour ? `${fmt(otPerHour)} (x${otRate})` : `x${otRate}`,
            fmt(c.overtime_pay),
          ],
          ...allowanceRows(d, US_ALLOWANCES, fmt),
          ['Gross wages', hours(sum([d.regular_hours, d.overtime_hours]).toString()), '', fmt(c.gross)],
        ],
      },
      {
        title: 'Deductions',
        head: ['Description', 'Amount'],
        rows: [
          ...orderedDeductions(c.deductions).map(([name, v]) => [US_DEDUCTIONS[name] ?? name, fmt(v)]),
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
      'Statement of wages under California Labor Code section 226(a).',
      'State and local income taxes are not computed by this payroll (out of scope).',
      `Rule set: ${d.rule_set}.${d.payment_reference ? ` Payment reference: ${d.payment_reference}.` : ''}`,
      'Year to date: wages paid this calendar year up to and including this period.',
    ],
  };
}
