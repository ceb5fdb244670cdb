import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { computePay, defaultRuleSets, type Profile } from '../../domain/payroll/index.ts';
import type { PayContext } from './data.ts';
import {
  fieldsOf,
  previewInput,
  profileChanges,
  profileFromValues,
  profileValuesOf,
  type Values,
} from './salaryForm.ts';

const context = (profile: Record<string, unknown>, siteState: string | null = null): PayContext => ({
  profile,
  ytd: { ss_wages: 0, medicare_wages: 0 },
  site_country: 'US',
  site_state: siteState,
});

// The database computes the preview (preview_pay); the TypeScript mirror of its rules computes the
// same figures here, to check that the input the form builds carries the edited profile.
const previewOf = (fields: Record<string, unknown>, stored: PayContext, _sets: unknown, profile?: Profile) =>
  computePay(previewInput(fields, stored, profile), defaultRuleSets);

const us: Values = {
  employee_ids: ['e1'],
  rule_set: 'us-federal-2026',
  country: 'US',
  pay_basis: 'salaried',
  frequency: 'monthly',
  basic_salary: '5000',
  effective_date: dayjs('2026-03-01'),
  delay_buffer: 2,
};

describe('pay profile in the salary dialog', () => {
  it('reads the stored profile (or the defaults) as form values', () => {
    expect(profileValuesOf(null)).toMatchObject({
      filing_status: 'single',
      w4_step3: '0',
      dependants: 0,
      abatement_rate: '0.20',
      cnss_number: '',
    });
    expect(
      profileValuesOf(context({ filing_status: 'married_jointly', w4_step3: 2000, abatement_rate: 0.25 })),
    ).toMatchObject({ filing_status: 'married_jointly', w4_step3: '2000', abatement_rate: '0.25' });
  });

  it('sends only what changed, numbers compared as numbers, an emptied CNSS number as null', () => {
    const stored = context({ w4_step3: 2000, dependants: 1, cnss_number: 'A1' });
    const values = profileValuesOf(stored);
    expect(profileChanges(values, stored)).toEqual({});
    expect(profileChanges({ ...values, w4_step3: '2000.00' }, stored)).toEqual({});
    expect(
      profileChanges({ ...values, w4_step4c: '25.50', dependants: 3, cnss_number: ' ' }, stored),
    ).toEqual({
      w4_step4c: '25.50',
      dependants: 3,
      cnss_number: null,
    });
  });

  it('the preview follows the edited profile: W-4 step 4(c) adds to the federal tax', () => {
    const stored = context({});
    const before = previewOf(fieldsOf(us), stored, defaultRuleSets);
    const edited = profileFromValues({ ...profileValuesOf(stored), w4_step4c: '100' });
    const after = previewOf(fieldsOf(us), stored, defaultRuleSets, edited);
    const cents = (v: string | undefined) => Math.round(Number(v) * 100);
    expect(cents(after.deductions.federal_tax) - cents(before.deductions.federal_tax)).toBe(10000);
    expect(cents(before.net) - cents(after.net)).toBe(10000);
  });

  it('the preview follows dependants in Burkina Faso (family reduction of the IUTS)', () => {
    const bf: Values = { ...us, rule_set: 'bf-2026', country: 'BF', basic_salary: '250000' };
    const stored = context({});
    const none = previewOf(fieldsOf(bf), stored, defaultRuleSets);
    const two = previewOf(
      fieldsOf(bf),
      stored,
      defaultRuleSets,
      profileFromValues({ ...profileValuesOf(stored), dependants: 2 }),
    );
    expect(Number(two.deductions.iuts)).toBeLessThan(Number(none.deductions.iuts));
  });

  it('edits the FLSA status (empty = salary test) and the IL-W-4 allowances, sent as save_pay_profile takes them', () => {
    const stored = context({ flsa_exempt: null, state_allowances: 1 });
    const values = profileValuesOf(stored);
    expect(values).toMatchObject({ flsa_status: 'auto', state_allowances: 1 });
    expect(profileChanges({ ...values, flsa_status: 'non_exempt', state_allowances: 2 }, stored)).toEqual({
      flsa_exempt: false,
      state_allowances: 2,
    });
    expect(profileChanges({ ...values, flsa_status: 'exempt' }, stored)).toEqual({ flsa_exempt: true });
    expect(profileValuesOf(context({ flsa_exempt: false })).flsa_status).toBe('non_exempt');
    expect(
      profileChanges(profileValuesOf(context({ flsa_exempt: true })), context({ flsa_exempt: true })),
    ).toEqual({});
  });

  it("the preview withholds the tax of the work site's state (IL-700-T) from the edited allowances", () => {
    // Monthly $5,350.00 with one IL-W-4 allowance: 4.95 % × (5350 − 2925 / 12) = 252.76 (IL-700-T).
    const illinois = context({}, 'IL');
    const fields = fieldsOf({ ...us, basic_salary: '5350.00' });
    const one = profileFromValues({ ...profileValuesOf(illinois), state_allowances: 1 });
    expect(previewOf(fields, illinois, defaultRuleSets, one).deductions.state_income_tax).toBe('252.76');
    // A site with no state withholds none.
    expect(previewOf(fields, context({}), defaultRuleSets, one).deductions).not.toHaveProperty(
      'state_income_tax',
    );
  });

  it('the preview pays a non-exempt salaried person overtime at 1.5 × the regular rate (29 CFR 778.113)', () => {
    // $2,600 a month = $600 a week (< $684: non-exempt by the salary test), $15.00 an hour.
    const fields = fieldsOf({ ...us, basic_salary: '2600', overtime_hours: '13.25' });
    expect(previewOf(fields, context({}), defaultRuleSets).overtime_pay).toBe('298.13');
    const exempt = profileFromValues({ ...profileValuesOf(context({})), flsa_status: 'exempt' });
    expect(previewOf(fields, context({}), defaultRuleSets, exempt).overtime_pay).toBe('0.00');
  });
});
