// The salary dialog's values as the RPCs take them, the pay profile's values as the form edits them,
// and the input of the live preview (which the database computes: preview_pay).
import dayjs, { type Dayjs } from 'dayjs';
import {
  ALLOWANCES_BY_COUNTRY,
  type AllowanceName,
  type Country,
  type FilingStatus,
  type Frequency,
  type PayBasis,
  type PayInput,
  type Profile,
  type RuleSetName,
} from '../../domain/payroll/index.ts';
import { ytdOf, type PayContext, type SalaryStructure } from './data.ts';

export const ALLOWANCES: Record<Country, readonly AllowanceName[]> = ALLOWANCES_BY_COUNTRY;
const AMOUNTS = [
  'basic_salary',
  'hours_worked',
  'hourly_rate',
  'overtime_hours',
  'overtime_rate',
  'other_deductions',
] as const;

/** The pay profile as the dialog edits it (amounts as decimal strings). */
export interface ProfileValues {
  filing_status: FilingStatus;
  w4_step2: boolean;
  w4_step3?: string | null;
  w4_step4a?: string | null;
  w4_step4b?: string | null;
  w4_step4c?: string | null;
  /** 'auto': by the salary test of 29 CFR 541.600 (stored as null). */
  flsa_status: FlsaStatus;
  /** IL-W-4 allowances (the work site's state certificate), 0..99. */
  state_allowances?: number | null;
  dependants?: number | null;
  abatement_rate: '0.20' | '0.25';
  cnss_number?: string | null;
}
export type FlsaStatus = 'auto' | 'exempt' | 'non_exempt';
const FLSA_STORED: Record<FlsaStatus, boolean | null> = { auto: null, exempt: true, non_exempt: false };
const flsaStatusOf = (stored: unknown): FlsaStatus =>
  stored === true ? 'exempt' : stored === false ? 'non_exempt' : 'auto';

export const W4_AMOUNTS = ['w4_step3', 'w4_step4a', 'w4_step4b', 'w4_step4c'] as const;

export interface Values {
  employee_ids: string[];
  rule_set: RuleSetName;
  country: Country;
  pay_basis: PayBasis;
  frequency: Frequency;
  basic_salary?: string | null;
  hours_worked?: string | null;
  hourly_rate?: string | null;
  overtime_hours?: string | null;
  overtime_rate?: string | null;
  other_deductions?: string | null;
  effective_date: Dayjs;
  delay_buffer: number;
  allowances?: Partial<Record<AllowanceName, string | null>>;
  profile?: ProfileValues;
}

export const str = (v: unknown): string | undefined =>
  v === null || v === undefined || v === '' ? undefined : String(v);

/** The DB profile (numbers) as the mirror's input (decimal strings). */
export function profileOf(context: PayContext | null | undefined): Profile {
  const p = context?.profile ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(p)) {
    out[key] =
      typeof value === 'number' && key !== 'dependants' && key !== 'state_allowances' ? String(value) : value;
  }
  return out as Profile;
}

/** The stored profile (or the defaults when there is none) as the form's values. */
export function profileValuesOf(context: PayContext | null | undefined): ProfileValues {
  const p = (context?.profile ?? {}) as Record<string, unknown>;
  const amount = (v: unknown) => (v === null || v === undefined ? '0' : String(v));
  return {
    filing_status: (p.filing_status as FilingStatus | undefined) ?? 'single',
    w4_step2: p.w4_step2 === true,
    w4_step3: amount(p.w4_step3),
    w4_step4a: amount(p.w4_step4a),
    w4_step4b: amount(p.w4_step4b),
    w4_step4c: amount(p.w4_step4c),
    flsa_status: flsaStatusOf(p.flsa_exempt),
    state_allowances: typeof p.state_allowances === 'number' ? p.state_allowances : 0,
    dependants: typeof p.dependants === 'number' ? p.dependants : 0,
    abatement_rate: Number(p.abatement_rate ?? 0.2) === 0.25 ? '0.25' : '0.20',
    cnss_number: typeof p.cnss_number === 'string' ? p.cnss_number : '',
  };
}

/** The form's profile as the mirror's input. */
export function profileFromValues(v: ProfileValues): Profile {
  return {
    filing_status: v.filing_status,
    w4_step2: v.w4_step2,
    w4_step3: str(v.w4_step3) ?? '0',
    w4_step4a: str(v.w4_step4a) ?? '0',
    w4_step4b: str(v.w4_step4b) ?? '0',
    w4_step4c: str(v.w4_step4c) ?? '0',
    flsa_exempt: FLSA_STORED[v.flsa_status],
    state_allowances: v.state_allowances ?? 0,
    dependants: v.dependants ?? 0,
    abatement_rate: v.abatement_rate,
  };
}

/** The fields of the form's profile that differ from the stored one, as save_pay_profile takes them. */
export function profileChanges(
  v: ProfileValues,
  context: PayContext | null | undefined,
): Record<string, unknown> {
  const stored = profileValuesOf(context);
  const changes: Record<string, unknown> = {};
  if (v.filing_status !== stored.filing_status) changes.filing_status = v.filing_status;
  if (v.w4_step2 !== stored.w4_step2) changes.w4_step2 = v.w4_step2;
  if (v.flsa_status !== stored.flsa_status) changes.flsa_exempt = FLSA_STORED[v.flsa_status];
  if ((v.state_allowances ?? 0) !== stored.state_allowances)
    changes.state_allowances = v.state_allowances ?? 0;
  for (const key of W4_AMOUNTS) {
    const value = str(v[key]) ?? '0';
    if (Number(value) !== Number(stored[key])) changes[key] = value;
  }
  if ((v.dependants ?? 0) !== stored.dependants) changes.dependants = v.dependants ?? 0;
  if (v.abatement_rate !== stored.abatement_rate) changes.abatement_rate = v.abatement_rate;
  const cnss = (v.cnss_number ?? '').trim();
  if (cnss !== (stored.cnss_number ?? '')) changes.cnss_number = cnss === '' ? null : cnss;
  return changes;
}

export const impliedCountry = (ruleSet: RuleSetName): Country | null =>
  ruleSet === 'us-federal-2026' ? 'US' : ruleSet === 'bf-2026' ? 'BF' : null;

/** The fields as the RPCs take them (decimal strings, never floats). */
export function fieldsOf(values: Values): Record<string, unknown> {
  const country = impliedCountry(values.rule_set) ?? values.country;
  const allowances: Record<string, string> = {};
  for (const name of ALLOWANCES[country]) {
    const v = str(values.allowances?.[name]);
    if (v !== undefined && Number(v) !== 0) allowances[name] = v;
  }
  const fields: Record<string, unknown> = {
    rule_set: values.rule_set,
    country,
    pay_basis: values.pay_basis,
    frequency: values.frequency,
    effective_date: values.effective_date.format('YYYY-MM-DD'),
    delay_buffer: values.delay_buffer,
    allowances,
  };
  for (const key of AMOUNTS) {
    const v = str(values[key]);
    if (v !== undefined) fields[key] = v;
    else if (key !== 'overtime_rate' && key !== 'hours_worked') fields[key] = '0';
  }
  return fields;
}

/** What the preview computes: the stored profile unless the dialog edits it (then the edited one). */
export function previewInput(
  fields: Record<string, unknown>,
  context: PayContext | null | undefined,
  profile?: Profile,
): PayInput {
  return {
    rule_set: fields.rule_set as RuleSetName,
    country: fields.country as Country,
    period_date: fields.effective_date as string,
    frequency: fields.frequency as Frequency,
    pay_basis: fields.pay_basis as PayBasis,
    basic_salary: str(fields.basic_salary),
    hours_worked: str(fields.hours_worked) ?? '160',
    hourly_rate: str(fields.hourly_rate),
    overtime_hours: str(fields.overtime_hours),
    overtime_rate: str(fields.overtime_rate),
    allowances: fields.allowances as PayInput['allowances'],
    other_deductions: str(fields.other_deductions),
    profile: profile ?? profileOf(context),
    ytd: ytdOf(context),
    // The work site's state picks its income tax withholding (us-federal-2026).
    state: context?.site_state ?? null,
  };
}

/** The form's first values: the structure's (edit, revise), else the defaults of a new one. */
export function initialValues(record?: SalaryStructure): Values {
  if (!record) {
    return {
      employee_ids: [],
      rule_set: 'spec-default',
      country: 'US',
      pay_basis: 'salaried',
      frequency: 'weekly',
      hours_worked: '160',
      overtime_rate: '1.5',
      effective_date: dayjs(),
      delay_buffer: 2,
    };
  }
  return {
    employee_ids: [record.employee_id],
    rule_set: record.rule_set,
    country: record.country,
    pay_basis: record.pay_basis,
    frequency: record.frequency,
    basic_salary: String(record.basic_salary),
    hours_worked: String(record.hours_worked),
    hourly_rate: String(record.hourly_rate),
    overtime_hours: String(record.overtime_hours),
    overtime_rate: String(record.overtime_rate),
    other_deductions: String(record.other_deductions),
    effective_date: dayjs(record.effective_date),
    delay_buffer: record.delay_buffer,
    allowances: Object.fromEntries(Object.entries(record.allowances ?? {}).map(([k, v]) => [k, String(v)])),
  };
}
