// The Burkina Faso bulletin de paie, in French, in XOF without decimals.
import { orderedDeductions } from '../../domain/payroll/deductions.ts';
import { Dec } from '../../domain/payroll/money.ts';
import { formatMoneyForPrint } from '../../shared/format/index.ts';
import type { PayslipData } from './data.ts';
import { allowanceRows, hours, leaveRows, periodText, payslip, type PayslipContent } from './lines.ts';

const BF_DEDUCTIONS: Record<string, string> = {
  cnss: 'CNSS (part salariale)',
  amu: 'AMU (assurance maladie universelle)',
  iuts: 'IUTS',
  other: 'Autres retenues',
};
const BF_ALLOWANCES: Record<string, string> = {
  house_rent: 'Indemnité de logement',
  transport: 'Indemnité de transport',
  medical: 'Indemnité médicale',
  food: 'Indemnité de nourriture',
  other: 'Autre indemnité',
  function: 'Indemnité de fonction',
};

// Employer charges, shown apart (docs/payroll.md: CNSS employer 16 %, AMU employer 2.5 %).
const CNSS_EMPLOYER = '0.16';
const AMU_EMPLOYER = '0.025';
const PERIODS: Record<string, number> = { weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12 };
const FREQ_FR: Record<string, string> = {
  weekly: 'hebdomadaire',
  biweekly: 'bimensuelle (14 jours)',
  semimonthly: 'semi-mensuelle',
  monthly: 'mensuelle',
};

export function bulletinBf(d: PayslipData): PayslipContent {
  const fmt = (v: string | number | undefined) => formatMoneyForPrint(v ?? 0, 'XOF', 'fr');
  const c = d.computation;
  const k = new Dec(PERIODS[d.frequency] ?? 12).div(12);
  const ceiling = new Dec(800000).div(k);
  const gross = new Dec(c.gross);
  const cnssBase = gross.lessThan(ceiling) ? gross : ceiling;
  const employerCnss = cnssBase.times(CNSS_EMPLOYER).toDecimalPlaces(0, Dec.ROUND_HALF_UP);
  const employerAmu = gross.times(AMU_EMPLOYER).toDecimalPlaces(0, Dec.ROUND_HALF_UP);
  const dependants = d.profile.dependants ?? 0;
  const abatement = Math.round(Number(d.profile.abatement_rate ?? 0.2) * 100);
  const period = periodText(d, 'fr');
  const rate = d.structure?.hourly_rate ?? 0;
  const overtime = Number(d.overtime_hours);
  return payslip(d, 'fr', fmt(c.net), {
    sections: [
      {
        title: 'Employeur et salarié',
        rows: [
          ['Employeur', d.employer?.company ?? ''],
          ['Établissement', [d.employer?.site, 'Burkina Faso'].filter(Boolean).join(', ')],
          ['Adresse', d.employer?.address || 'non renseignée'],
          ['N° CNSS employeur', d.employer?.cnss_number || 'non renseigné'],
          ['Salarié', d.employee.name],
          ['Matricule', d.employee.id.slice(0, 8).toUpperCase()],
          ['N° CNSS salarié', d.profile.cnss_number || 'non renseigné'],
          ['Emploi / service', [d.employee.position, d.employee.department].filter(Boolean).join(' / ')],
          ['Catégorie (abattement professionnel)', `${abatement} %`],
          ['Date d’embauche', d.employee.joining_date ?? ''],
          ['Période', period],
          ['Périodicité', FREQ_FR[d.frequency] ?? d.frequency],
          ['Date de paiement', d.pay_date ?? 'non payé'],
        ],
      },
      {
        title: 'Éléments de rémunération',
        head: ['Libellé', 'Heures', 'Taux', 'Montant'],
        rows: [
          ['Salaire de base', hours(d.regular_hours), fmt(rate), fmt(c.basic_pay)],
          ...overtimeRows(c.overtime_lines, overtime, rate, fmt, c.overtime_pay),
          ...allowanceRows(d, BF_ALLOWANCES, fmt),
          ...leaveRows(d, 'fr', fmt),
          ['Salaire brut', '', '', fmt(c.gross)],
        ],
      },
      {
        title: 'Cotisations et retenues salariales',
        head: ['Libellé', 'Base', 'Montant'],
        rows: [
          ...orderedDeductions(c.deductions).map(([name, v]) => [
            BF_DEDUCTIONS[name] ?? name,
            name === 'cnss'
              ? fmt(cnssBase.toString())
              : name === 'iuts'
                ? `${fmt(c.iuts_base ?? 0)} (mensuelle), ${dependants} personne(s) à charge`
                : name === 'amu'
                  ? fmt(c.gross)
                  : '',
            fmt(v),
          ]),
          ['Total des retenues', '', fmt(c.total_deductions)],
        ],
      },
      {
        title: 'Net à payer',
        rows: [
          ['Net à payer', fmt(c.net)],
          ['Cumul brut de l’année', fmt(d.ytd.gross)],
          ['Cumul net de l’année', fmt(d.ytd.net)],
        ],
      },
      {
        title: 'Charges patronales (hors net, pour information)',
        head: ['Libellé', 'Base', 'Montant'],
        rows: [
          ['CNSS part patronale (16 %)', fmt(cnssBase.toString()), fmt(employerCnss.toString())],
          ['AMU part patronale (2,5 %)', fmt(c.gross), fmt(employerAmu.toString())],
          ['Total charges patronales', '', fmt(employerCnss.plus(employerAmu).toString())],
        ],
      },
    ],
    notes: [
      'Montants en francs CFA (XOF), sans décimales.',
      'FSP (1 % du net) et TPA non appliqués : leur statut 2026 reste à confirmer.',
      `Jeu de règles : ${d.rule_set}.`,
    ],
  });
}

/** What each overtime premium band is, on a bulletin de paie (docs/payroll.md). */
const BF_OVERTIME_BANDS: Record<string, string> = {
  h15: 'Heures sup. 41e à 48e h',
  h35: 'Heures sup. au-delà de 48 h',
  night: 'Heures sup. de nuit',
  sunday: 'Heures sup. dimanche/férié',
  sunday_night: 'H. sup. nuit dimanche/férié',
};

/**
 * One row per overtime band with hours (label with its premium, hours, the increased hourly rate,
 * amount), from the stored computation; a single row for records computed before the bands were
 * stored, and when there is no overtime.
 */
export function overtimeRows(
  lines: NonNullable<PayslipData['computation']['overtime_lines']> | undefined,
  overtime: number,
  rate: number,
  fmt: (v: string | number | undefined) => string,
  total: string,
): string[][] {
  if (!lines?.length) {
    return [['Heures supplémentaires (majorées de 15 % puis 35 %)', hours(overtime), fmt(rate), fmt(total)]];
  }
  return lines.map((l) => {
    const percent = new Dec(l.premium).times(100).toString().replace('.', ',');
    return [
      `${BF_OVERTIME_BANDS[l.band] ?? l.band} (+${percent} %)`,
      hours(l.hours),
      fmt(new Dec(String(rate)).times(new Dec(1).plus(l.premium)).toString()),
      fmt(l.amount),
    ];
  });
}
