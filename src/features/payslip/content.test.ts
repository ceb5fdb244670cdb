import { describe, expect, it } from 'vitest';
import type { PayInput } from '../../domain/payroll/index.ts';
import { formatMoneyForPrint as amount } from '../../shared/format/index.ts';
import { payslipContent, type PayslipContent } from './content.ts';
import type { PayslipData } from './data.ts';
import {
  bulletin,
  chicagoPlant,
  computed,
  illinoisStatement,
  ouagadougou,
  payslip as base,
  structure,
} from './test-data.ts';

/** A bf-2026 October computation (the bulletins' period). */
const october = { rule_set: 'bf-2026', period_date: '2026-10-31' } as const;

/** Checks that each item stands somewhere in what the payslip prints; gives that text. */
function expectPrinted(content: PayslipContent, items: string[]): string {
  const text = JSON.stringify(content);
  for (const item of items) expect(text, item).toContain(item);
  return text;
}

describe('amount', () => {
  it('prints USD with cents and XOF without decimals, with plain characters', () => {
    expect(amount('4838.06', 'USD', 'en')).toBe('$4,838.06');
    expect(amount('1234567.5', 'USD', 'fr')).toBe('1 234 567,50 USD');
    expect(amount('250000', 'XOF', 'fr')).toBe('250 000 XOF');
    expect(amount('249999.5', 'XOF', 'fr')).toBe('250 000 XOF');
  });
});

describe('payslipContent', () => {
  it('gives a US earnings statement with its items: hours, rates, every deduction, net, YTD', () => {
    const content = payslipContent(base({}));
    expect(content.language).toBe('en');
    expect(content.net).toBe('$4,838.06');
    const text = expectPrinted(content, [
      'Emily Brooks',
      'Chicago Plant',
      '2026-10-01 to 2026-10-31',
      'Social Security (OASDI)',
      'Medicare',
      'Federal income tax withholding',
      '$5,875.00',
      'Housing allowance',
    ]);
    // Not California's law for an Illinois plant, nor any other state's by default.
    expect(text).not.toContain('226');
    expect(text).toContain('No state income tax withholding rule applies to this site.');
  });

  it('gives a Chicago statement under the Illinois Wage Payment and Collection Act, with the IL-700-T line', () => {
    const text = JSON.stringify(payslipContent(illinoisStatement({})));
    expect(text).toContain('Illinois Wage Payment and Collection Act (820 ILCS 115/10');
    expect(text).toContain('["Illinois income tax withholding (IL-700-T)","$131.39"]');
    expect(text).toContain('["Overtime","13.25","$22.50 (x1.5)","$298.13"]');
    expect(text).toContain('["FLSA status","Non-exempt (overtime over 40 hours a workweek)"]');
    // Salaried: the rate column names the salary, never "$0.00".
    expect(text).toContain('["Regular pay (salary)","160.00","$2,600.00 / month","$2,600.00"]');
    expect(text).not.toContain('Additional Medicare');
    expect(text).not.toContain('not computed');
    expect(text).not.toContain('California');
  });

  it('prints no overtime line for an exempt person, nor for a period without overtime', () => {
    const march = { rule_set: 'us-federal-2026', period_date: '2026-03-31' } as const;
    const exempt = computed({ ...march, basic_salary: '5350', overtime_hours: '10', state: 'IL' });
    const rows = (over: Partial<PayslipData>) =>
      payslipContent(
        base({ rule_set: 'us-federal-2026', structure: structure({ basic_salary: 5350 }), ...over }),
      )
        .sections.flatMap((s) => s.rows)
        .map((r) => r[0]);
    expect(rows({ computation: exempt, overtime_hours: 10 })).not.toContain('Overtime');
    expect(rows({ computation: exempt, overtime_hours: 10 })).toContain('FLSA status');
    const none = computed({ ...march, basic_salary: '2600' });
    expect(rows({ computation: none, overtime_hours: 0 })).not.toContain('Overtime');
  });

  it('gives a French bulletin de paie for BF, in XOF, with employer charges apart', () => {
    const computation = computed({
      ...october,
      basic_salary: '250000',
      allowances: { transport: '20000' },
      profile: { dependants: 2 },
    });
    const content = payslipContent(
      bulletin({
        computation,
        profile: { dependants: 2, abatement_rate: 0.2 },
        structure: structure({ hourly_rate: 1500, basic_salary: 250000, allowances: { transport: 20000 } }),
      }),
    );
    expect(content.language).toBe('fr');
    expect(content.title).toBe('Bulletin de paie');
    expect(content.net).toBe(amount(computation.net, 'XOF', 'fr'));
    const text = expectPrinted(content, [
      'CNSS (part salariale)',
      'AMU',
      'IUTS',
      '2 personne(s) à charge',
      'Charges patronales',
      'Indemnité de transport',
      '43 200 XOF',
    ]);
    expect(text).not.toMatch(/\d,\d{2} XOF/);
  });

  it('prints one row per overtime premium band on the bulletin de paie, adding up to the overtime pay', () => {
    const pay = computed({ ...october, basic_salary: '200000', hourly_rate: '1000', overtime_hours: '40' });
    const overtimeRows = (over: Partial<PayslipData>) =>
      payslipContent(bulletin({ overtime_hours: 40, ...over }))
        .sections.find((s) => s.title === 'Éléments de rémunération')!
        .rows.filter((r) => r[0]!.startsWith('Heures sup'));
    expect(
      overtimeRows({ computation: pay, structure: structure({ hourly_rate: 1000, basic_salary: 200000 }) }),
    ).toEqual([
      ['Heures sup. 41e à 48e h (+15 %)', '34.67', '1 150 XOF', '39 867 XOF'],
      ['Heures sup. au-delà de 48 h (+35 %)', '5.33', '1 350 XOF', '7 200 XOF'],
    ]);
    expect(pay.overtime_pay).toBe('47067');
    // Without band lines (a record computed before they were stored): the single overtime row.
    const oldRows = overtimeRows({ computation: { ...pay, overtime_lines: undefined } });
    expect(oldRows).toHaveLength(1);
    expect(oldRows[0]![3]).toBe('47 067 XOF');
  });

  it('names the employer by address and, in Burkina Faso, both CNSS numbers (or says they are missing)', () => {
    const us = JSON.stringify(
      payslipContent(
        base({ employer: { ...chicagoPlant, address: '1200 W Fulton Market, Chicago, IL 60607' } }),
      ),
    );
    expect(us).toContain('["Employer address","1200 W Fulton Market, Chicago, IL 60607"]');
    const bf = (employer: PayslipData['employer'], profile: PayslipData['profile']) =>
      JSON.stringify(payslipContent(bulletin({ employer, profile })));
    const named = bf(
      { ...ouagadougou, address: 'Avenue Kwame Nkrumah, Ouagadougou', cnss_number: '0012345 A' },
      { cnss_number: 'BF-0456789' },
    );
    expect(named).toContain('["Adresse","Avenue Kwame Nkrumah, Ouagadougou"]');
    expect(named).toContain('["N° CNSS employeur","0012345 A"]');
    expect(named).toContain('["N° CNSS salarié","BF-0456789"]');
    const missing = bf(ouagadougou, {});
    expect(missing).toContain('["N° CNSS employeur","non renseigné"]');
    expect(missing).toContain('["N° CNSS salarié","non renseigné"]');
  });

  it('prints the leave lines: paid time at the hourly rate, unpaid days with nothing paid (Chicago)', () => {
    const computation = computed({
      ...october,
      rule_set: 'us-federal-2026',
      pay_basis: 'hourly',
      hourly_rate: '20',
      hours_worked: '80',
      working_days: '21',
      leave: [
        { type: 'annual', paid: true, days: '0.5', hours: '4' },
        { type: 'unpaid', paid: false, days: '1', hours: '8' },
      ],
    });
    const content = payslipContent(
      base({
        computation,
        structure: structure({ hourly_rate: 20, pay_basis: 'hourly' }),
        leave_types: {
          annual: { en: 'Paid leave', fr: 'Congé payé' },
          unpaid: { en: 'Unpaid leave', fr: 'Congé sans solde' },
        },
      }),
    );
    const rows = content.sections.flatMap((s) => s.rows);
    expect(rows).toContainEqual(['Paid leave (0.5 day)', '4.00', '$20.00', '$80.00']);
    expect(rows).toContainEqual(['Unpaid leave (1 day, not paid)', '8.00', '', '$0.00']);
    expect(rows.find((r) => r[0] === 'Gross wages')?.[3]).toBe('$1,680.00');
  });

  it('prints the paid-leave allowance and the salary it replaces on the bulletin de paie', () => {
    const computation = computed({
      ...october,
      basic_salary: '300000',
      reference_monthly_pay: '317850',
      leave: [{ type: 'annual', paid: true, days: '9', hours: '40' }],
    });
    const content = payslipContent(
      bulletin({ computation, leave_types: { annual: { en: 'Paid leave', fr: 'Congé payé' } } }),
    );
    const rows = content.sections.flatMap((s) => s.rows);
    expect(rows).toContainEqual(['Congé payé (9 jours, salaire des jours retenu)', '', '', '-90 000 XOF']);
    expect(rows).toContainEqual(['Allocation de congé (Congé payé, 9 jours)', '', '', '95 355 XOF']);
    expect(rows.find((r) => r[0] === 'Salaire brut')?.[3]).toBe('305 355 XOF');
  });

  it('prints what was worked of the leave, paid once: the hours column is the leave hours left (both countries)', () => {
    /** An hourly November record with some hours punched on a paid annual leave. */
    const rows = (
      record: (over: Partial<PayslipData>) => PayslipData,
      input: Omit<PayInput, 'period_date' | 'frequency' | 'pay_basis'> & { hourly_rate: string },
      [days, hours, worked_days, worked_hours]: string[],
    ) => {
      const leave = [{ type: 'annual', paid: true, days, hours, worked_days, worked_hours }];
      const computation = computed({ period_date: '2026-11-30', pay_basis: 'hourly', ...input, leave });
      return payslipContent(
        record({
          computation,
          structure: structure({ hourly_rate: Number(input.hourly_rate), pay_basis: 'hourly' }),
          leave_types: { annual: { en: 'Paid leave', fr: 'Congé payé' } },
        }),
      ).sections.flatMap((s) => s.rows);
    };
    // (40 − 10) h × 1,500 = 45,000 XOF: the 10 h punched on the leave days are in the base pay.
    const bf = { rule_set: 'bf-2026', hourly_rate: '1500', hours_worked: '110' } as const;
    expect(rows(bulletin, bf, ['5', '40', '1.25', '10'])).toContainEqual([
      'Allocation de congé (Congé payé, 5 jours, 10,00 h travaillées)',
      '',
      '',
      '45 000 XOF',
    ]);
    const us = {
      rule_set: 'us-federal-2026',
      hourly_rate: '20',
      hours_worked: '150',
      working_days: '21',
    } as const;
    expect(rows(base, us, ['1.5', '12', '0.38', '3'])).toContainEqual([
      'Paid leave (1.5 days, 3.00 h worked)',
      '9.00',
      '$20.00',
      '$180.00',
    ]);
  });
});
