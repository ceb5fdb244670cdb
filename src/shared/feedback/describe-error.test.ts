// A refusal's parameters that are codes (a status, a field's key) read in the reader's language;
// a unique index some screens meet has its own sentence.
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { DbError } from '../../data/errors.ts';
import errorsEn from '../../i18n/locales/en/errors.json';
import salaryEn from '../../i18n/locales/en/salary.json';
import errorsFr from '../../i18n/locales/fr/errors.json';
import salaryFr from '../../i18n/locales/fr/salary.json';
import { describeError } from './describe-error.ts';

const TEXTS = { en: { errors: errorsEn, salary: salaryEn }, fr: { errors: errorsFr, salary: salaryFr } };
const t: Record<'en' | 'fr', TFunction> = {} as never;
beforeAll(async () => {
  for (const lng of ['en', 'fr'] as const) {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng,
      resources: { [lng]: { translation: TEXTS[lng] } },
      interpolation: { escapeValue: false },
    });
    t[lng] = i18n.t;
  }
});

describe('describeError translates the values a refusal carries', () => {
  it('a decided structure, a payroll transition, a W-4 field by its form label', () => {
    expect(describeError(t.fr, new DbError('salary.already_decided', { status: 'approved' }))).toBe(
      'Cette structure salariale est déjà approuvée',
    );
    expect(describeError(t.en, new DbError('payroll.run_transition', { from: 'draft', to: 'paid' }))).toBe(
      'A draft payroll run cannot become paid',
    );
    expect(
      describeError(t.fr, new DbError('payroll.record_transition', { from: 'cancelled', to: 'paid' })),
    ).toBe('Un bulletin annulé ne peut pas devenir payé');
    expect(describeError(t.en, new DbError('pay_profile.not_amount', { field: 'w4_step3' }))).toBe(
      'W-4 step 3: dependents (annual) must be an amount of 0 or more, with at most 2 decimals',
    );
  });

  it('keeps a value it has no word for, and names a known unique index', () => {
    expect(describeError(t.en, new DbError('salary.already_decided', { status: 'archived' }))).toBe(
      'This salary structure is already archived',
    );
    expect(
      describeError(t.fr, new DbError('db.duplicate', { constraint: 'salary_structures_one_pending_idx' })),
    ).toMatch(/^Cette personne a déjà une structure salariale en attente/);
    expect(describeError(t.en, new DbError('db.duplicate', { constraint: 'other_idx' }))).toBe(
      'This already exists.',
    );
  });
});
