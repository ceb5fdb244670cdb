// The payslips the unit tests print, built in one place: a computation from the pay engine (the
// mirror the database follows), the two sites' employers, a salary structure and a record around them.
import { computePay, type PayInput } from '../../domain/payroll/index.ts';
import type { PayslipData } from './data.ts';

type Structure = NonNullable<PayslipData['structure']>;
type Employer = NonNullable<PayslipData['employer']>;

export const chicagoPlant: Employer = {
  company: 'Pointage',
  site: 'Chicago Plant',
  country: 'US',
  time_zone: 'America/Chicago',
};

export const ouagadougou: Employer = {
  company: 'Pointage',
  site: 'Ouagadougou',
  country: 'BF',
  time_zone: 'Africa/Ouagadougou',
};

/** A monthly salaried computation unless the input says otherwise. */
export const computed = (
  input: Omit<PayInput, 'frequency' | 'pay_basis'> & Partial<Pick<PayInput, 'frequency' | 'pay_basis'>>,
): PayslipData['computation'] =>
  computePay({
    frequency: 'monthly',
    pay_basis: 'salaried',
    ...input,
  }) as unknown as PayslipData['computation'];

/** A salaried structure at 1.5x overtime, with what the test names. */
export const structure = (over: Partial<Structure>): Structure => ({
  hourly_rate: 0,
  overtime_rate: 1.5,
  basic_salary: 0,
  pay_basis: 'salaried',
  allowances: {},
  ...over,
});

/** A paid October record of Emily Brooks, Operator at the Chicago plant, with what the test names. */
export const payslip = (over: Partial<PayslipData>): PayslipData => ({
  kind: 'payroll_record',
  id: 'r1',
  status: 'paid',
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  pay_date: '2026-11-02',
  regular_hours: 160,
  overtime_hours: 0,
  currency: 'USD',
  rule_set: 'spec-default',
  frequency: 'monthly',
  computation: computed({
    rule_set: 'spec-default',
    country: 'US',
    period_date: '2026-10-31',
    basic_salary: '5000',
    hourly_rate: '25',
    overtime_hours: '10',
    allowances: { house_rent: '500' },
  }),
  structure: structure({ hourly_rate: 25, basic_salary: 5000, allowances: { house_rent: 500 } }),
  employer: chicagoPlant,
  employee: {
    id: '0123456789abcdef',
    name: 'Emily Brooks',
    email: 'e@x.test',
    position: 'Operator',
    department: 'Operations',
    address: null,
    joining_date: '2024-01-01',
    employment_type: 'full_time',
  },
  profile: {},
  ytd: { gross: 5875, net: 4838.06, deductions: 1036.94 },
  ...over,
});

/** A paid record in Ouagadougou, in XOF under bf-2026, with what the test names. */
export const bulletin = (over: Partial<PayslipData>): PayslipData =>
  payslip({ currency: 'XOF', rule_set: 'bf-2026', employer: ouagadougou, ...over });

/** A monthly $2,600 non-exempt salaried person (29 CFR 778.113) with 13.25 h over 40, one IL-W-4 allowance. */
export const illinoisSalaried: PayInput = {
  rule_set: 'us-federal-2026',
  period_date: '2026-03-31',
  frequency: 'monthly',
  pay_basis: 'salaried',
  basic_salary: '2600',
  overtime_hours: '13.25',
  state: 'IL',
  profile: { state_allowances: 1 },
};

/** Their statement at the Chicago plant (Illinois), with what the test names. */
export const illinoisStatement = (over: Partial<PayslipData>): PayslipData =>
  payslip({
    rule_set: 'us-federal-2026',
    overtime_hours: 13.25,
    computation: computed(illinoisSalaried),
    structure: structure({ basic_salary: 2600 }),
    employer: { ...chicagoPlant, state: 'IL' },
    ...over,
  });
