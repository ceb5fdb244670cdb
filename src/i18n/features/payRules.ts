import { defineTexts } from '../define.ts';

// Pay per jurisdiction (issue 29): the FLSA status and the state withholding allowances of a pay
// profile, and what the payslips print about them.
export default defineTexts('payRules', {
  en: {
    profile: {
      flsaStatus: 'FLSA overtime status',
      flsa: {
        auto: 'By the salary test ($684 a week)',
        exempt: 'Exempt (no overtime pay)',
        non_exempt: 'Non-exempt (overtime at 1.5 × the regular rate)',
      },
      flsaNote:
        'By the salary test (29 CFR 541.600): salaried at $684 a week or more is exempt, below it or hourly is not. Choose exempt only when the duties test is also met.',
      stateAllowances: 'IL-W-4 allowances',
      readOnly: 'FLSA: {{status}}; IL-W-4 allowances: {{allowances}}.',
    },
    site: {
      state: 'State',
      stateNote: 'Two-letter code (IL for Illinois): picks the state income tax the payroll withholds.',
      stateInvalid: 'Two letters, such as IL',
    },
  },
  fr: {
    profile: {
      flsaStatus: 'Statut FLSA (heures supplémentaires)',
      flsa: {
        auto: 'Selon le critère de salaire (684 $ par semaine)',
        exempt: 'Exempté (sans heures supplémentaires)',
        non_exempt: 'Non exempté (heures supplémentaires à 1,5 × le taux normal)',
      },
      flsaNote:
        'Selon le critère de salaire (29 CFR 541.600) : un salarié mensualisé payé 684 $ par semaine ou plus est exempté, en dessous ou payé à l’heure il ne l’est pas. Choisissez « exempté » seulement si le critère des fonctions est aussi rempli.',
      stateAllowances: 'Abattements IL-W-4',
      readOnly: 'FLSA : {{status}} ; abattements IL-W-4 : {{allowances}}.',
    },
    site: {
      state: 'État',
      stateNote: 'Code à deux lettres (IL pour l’Illinois) : détermine l’impôt d’État retenu par la paie.',
      stateInvalid: 'Deux lettres, par exemple IL',
    },
  },
});
