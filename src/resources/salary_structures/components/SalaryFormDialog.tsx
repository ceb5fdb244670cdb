// Create / edit (pending) / revise (approved → new version) a salary structure, with the live preview
// computed by the TypeScript mirror of the database's rules (src/domain/payroll), from the employee's
// pay profile, year to date and the rule sets as the database holds them.
import {
  Alert,
  App as AntApp,
  Col,
  DatePicker,
  Divider,
  Form,
  InputNumber,
  Modal,
  Row,
  Select,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  computePay,
  defaultRuleSets,
  type AllowanceName,
  type Country,
  type Frequency,
  type PayBasis,
  type PayInput,
  type PayOutput,
  type Profile,
  type RuleSetName,
  type RuleSets,
} from '../../../domain/payroll/index.ts';
import { supabase } from '../../../providers/supabase.ts';
import { formatMoney } from '../money.ts';
import {
  createStructures,
  loadRuleSets,
  payContext,
  reviseStructure,
  updateStructure,
  ytdOf,
  type PayContext,
  type SalaryStructure,
} from '../queries.ts';
import { useErrorToast } from './useErrorToast.ts';

export type FormMode = 'create' | 'edit' | 'revise';

const ALLOWANCES: Record<Country, AllowanceName[]> = {
  US: ['house_rent', 'transport', 'medical', 'food', 'other'],
  BF: ['house_rent', 'transport', 'medical', 'food', 'other', 'function'],
};
const AMOUNTS = [
  'basic_salary',
  'hours_worked',
  'hourly_rate',
  'overtime_hours',
  'overtime_rate',
  'other_deductions',
] as const;

interface Values {
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
}

interface EmployeeOption {
  id: string;
  first_name: string;
  last_name: string;
  sites: { country: Country } | null;
}

const str = (v: unknown): string | undefined =>
  v === null || v === undefined || v === '' ? undefined : String(v);

/** The DB profile (numbers) as the mirror's input (decimal strings). */
function profileOf(context: PayContext | null): Profile {
  const p = context?.profile ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(p)) {
    out[key] = typeof value === 'number' && key !== 'dependants' ? String(value) : value;
  }
  return out as Profile;
}

const impliedCountry = (ruleSet: RuleSetName): Country | null =>
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

export function previewOf(
  fields: Record<string, unknown>,
  context: PayContext | null,
  ruleSets: RuleSets,
): PayOutput {
  const input: PayInput = {
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
    profile: profileOf(context),
    ytd: ytdOf(context),
  };
  return computePay(input, ruleSets);
}

export function SalaryFormDialog({
  mode,
  record,
  onClose,
}: {
  mode: FormMode;
  record?: SalaryStructure;
  onClose: (saved: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message, notification } = AntApp.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [employees, setEmployees] = useState<EmployeeOption[]>([]);
  const [ruleSets, setRuleSets] = useState<RuleSets>(defaultRuleSets);
  const [context, setContext] = useState<PayContext | null>(null);
  const [saving, setSaving] = useState(false);
  const values = Form.useWatch([], form) as Values | undefined;

  useEffect(() => {
    void supabase()
      .from('employees')
      .select('id, first_name, last_name, sites(country)')
      .eq('status', 'active')
      .neq('role', 'kiosk')
      .order('first_name')
      .then(({ data, error }) => {
        if (error) notification.error({ message: 'Error', description: 'Failed to load employees' });
        else setEmployees((data ?? []) as unknown as EmployeeOption[]);
      });
    loadRuleSets()
      .then((sets) => Object.keys(sets).length > 0 && setRuleSets(sets))
      .catch(() => undefined);
  }, [notification]);

  const firstEmployee = values?.employee_ids?.[0];
  const periodDate = values?.effective_date?.format('YYYY-MM-DD');
  useEffect(() => {
    if (!firstEmployee || !periodDate) {
      setContext(null);
      return;
    }
    let stale = false;
    payContext(firstEmployee, periodDate)
      .then((c) => !stale && setContext(c))
      .catch(() => !stale && setContext(null));
    return () => {
      stale = true;
    };
  }, [firstEmployee, periodDate]);

  const initial: Values = record
    ? {
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
        allowances: Object.fromEntries(
          Object.entries(record.allowances ?? {}).map(([k, v]) => [k, String(v)]),
        ),
      }
    : {
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

  const country: Country = values ? (impliedCountry(values.rule_set) ?? values.country) : initial.country;
  const currency = country === 'BF' ? 'XOF' : 'USD';
  const lang = i18n.language;
  const money = (v: string | undefined) => formatMoney(v ?? '0', currency, lang);

  const preview = useMemo(() => {
    if (!values?.effective_date || !values.rule_set) return null;
    try {
      return previewOf(fieldsOf(values), context, ruleSets);
    } catch {
      return null;
    }
  }, [values, context, ruleSets]);

  async function submit() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const fields = fieldsOf(v);
    setSaving(true);
    try {
      if (mode === 'create') {
        if (!v.employee_ids?.length) {
          notification.error({
            message: t('salary.form.selectEmployees'),
            description: t('salary.form.selectEmployeesDetail'),
          });
          return;
        }
        await createStructures(v.employee_ids, fields);
        void message.success(t('salary.form.created'));
      } else if (mode === 'edit' && record) {
        await updateStructure(record.id, fields);
        void message.success(t('salary.form.updated'));
      } else if (record) {
        await reviseStructure(record.id, fields);
        void message.success(t('salary.form.revised'));
      }
      onClose(true);
    } catch (error) {
      showError(t(mode === 'create' ? 'salary.form.failedSave' : 'salary.form.failedUpdate'), error);
    } finally {
      setSaving(false);
    }
  }

  const title = t(
    mode === 'create'
      ? 'salary.form.createTitle'
      : mode === 'edit'
        ? 'salary.form.editTitle'
        : 'salary.form.reviseTitle',
  );
  const num = (name: keyof Values | ['allowances', AllowanceName], label: string, extra: object = {}) => (
    <Form.Item name={name as never} label={label}>
      <InputNumber stringMode min="0" style={{ width: '100%' }} aria-label={label} {...extra} />
    </Form.Item>
  );
  const profile = context?.profile ?? null;
  const selectedName = employees.find((e) => e.id === firstEmployee);

  return (
    <Modal
      open
      width={Math.min(920, window.innerWidth - 16)}
      title={title}
      okText={t('salary.form.save')}
      cancelText={t('salary.form.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.employee_ids?.length) {
            const site = employees.find((e) => e.id === changed.employee_ids![0])?.sites?.country;
            if (site && mode === 'create') form.setFieldsValue({ country: site });
          }
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item name="employee_ids" label={t('salary.form.employees')}>
              <Select
                mode="multiple"
                showSearch
                optionFilterProp="label"
                disabled={mode !== 'create'}
                maxTagCount="responsive"
                listHeight={240}
                options={employees.map((e) => ({
                  value: e.id,
                  label: `${e.first_name} ${e.last_name}`.trim(),
                }))}
              />
            </Form.Item>
            <Row gutter={12}>
              <Col span={10}>
                <Form.Item name="rule_set" label={t('salary.form.ruleSet')}>
                  <Select
                    options={(['spec-default', 'us-federal-2026', 'bf-2026'] as const).map((r) => ({
                      value: r,
                      label: t(`salary.ruleSets.${r}`),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="country" label={t('salary.form.country')}>
                  <Select
                    disabled={values ? impliedCountry(values.rule_set) !== null : false}
                    options={(['US', 'BF'] as const).map((c) => ({
                      value: c,
                      label: t(`salary.countries.${c}`),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item label={t('salary.form.currency')}>
                  <Select value={currency} disabled options={[{ value: currency, label: currency }]} />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={12}>
              <Col span={8}>
                <Form.Item name="pay_basis" label={t('salary.form.payBasis')}>
                  <Select
                    options={(['salaried', 'hourly'] as const).map((p) => ({
                      value: p,
                      label: t(`salary.payBasis.${p}`),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="frequency" label={t('salary.form.frequency')}>
                  <Select
                    options={(['weekly', 'biweekly', 'semimonthly', 'monthly'] as const).map((f) => ({
                      value: f,
                      label: t(`salary.frequencies.${f}`),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="effective_date"
                  label={t('salary.form.effectiveDate')}
                  rules={[{ required: true }]}
                >
                  <DatePicker style={{ width: '100%' }} allowClear={false} />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={12}>
              <Col span={8}>{num('basic_salary', t('salary.form.basicSalary'))}</Col>
              <Col span={8}>{num('hours_worked', t('salary.form.hoursWorked'))}</Col>
              <Col span={8}>{num('hourly_rate', t('salary.form.hourlyRate'))}</Col>
              <Col span={8}>{num('overtime_hours', t('salary.form.overtimeHours'))}</Col>
              <Col span={8}>{num('overtime_rate', t('salary.form.overtimeRate'))}</Col>
              <Col span={8}>
                <Form.Item name="delay_buffer" label={t('salary.form.delayBuffer')}>
                  <InputNumber min={0} max={5} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Divider orientation="left" plain>
              {t('salary.form.allowances')}
            </Divider>
            <Row gutter={12}>
              {ALLOWANCES[country].map((name) => (
                <Col span={8} key={name}>
                  {num(['allowances', name], t(`salary.form.allowance.${name}`))}
                </Col>
              ))}
            </Row>
            <Divider orientation="left" plain>
              {t('salary.form.deductions')}
            </Divider>
            <Row gutter={12}>
              <Col span={8}>{num('other_deductions', t('salary.form.otherDeductions'))}</Col>
            </Row>
          </Col>
          <Col xs={24} md={10}>
            <div
              data-testid="salary-preview"
              style={{ background: 'rgba(0,0,0,0.02)', padding: 12, borderRadius: 8 }}
            >
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {t('salary.preview.title')} ({currency})
              </Typography.Title>
              {selectedName && profile ? (
                <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                  {t('salary.form.profile', { name: `${selectedName.first_name} ${selectedName.last_name}` })}
                  :{' '}
                  {country === 'US'
                    ? t('salary.form.profileUs', {
                        filing: String(profile.filing_status ?? 'single'),
                        step2: profile.w4_step2 ? t('salary.form.yes') : t('salary.form.no'),
                        step3: String(profile.w4_step3 ?? 0),
                        step4a: String(profile.w4_step4a ?? 0),
                        step4b: String(profile.w4_step4b ?? 0),
                        step4c: String(profile.w4_step4c ?? 0),
                        exempt: profile.flsa_exempt ? t('salary.form.yes') : t('salary.form.no'),
                      })
                    : t('salary.form.profileBf', {
                        dependants: String(profile.dependants ?? 0),
                        abatement: String(Math.round(Number(profile.abatement_rate ?? 0.2) * 100)),
                      })}
                  {(values?.employee_ids?.length ?? 0) > 1 && <> {t('salary.form.profileMany')}</>}
                </Typography.Paragraph>
              ) : (
                <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                  {t('salary.form.profileNone')}
                </Typography.Paragraph>
              )}
              {preview ? (
                <table style={{ width: '100%', fontSize: 14 }}>
                  <tbody>
                    <PreviewLine
                      label={t('salary.preview.basicPay')}
                      value={money(preview.basic_pay)}
                      id="basic_pay"
                    />
                    <PreviewLine
                      label={t('salary.preview.overtimePay')}
                      value={money(preview.overtime_pay)}
                      id="overtime_pay"
                    />
                    {preview.overtime_premium !== '0' && Number(preview.overtime_premium) !== 0 && (
                      <PreviewLine
                        label={t('salary.preview.overtimePremium')}
                        value={money(preview.overtime_premium)}
                        id="overtime_premium"
                      />
                    )}
                    <PreviewLine
                      label={t('salary.preview.allowances')}
                      value={money(preview.allowances_total)}
                      id="allowances"
                    />
                    <PreviewLine
                      label={t('salary.preview.gross')}
                      value={money(preview.gross)}
                      id="gross"
                      strong
                    />
                    {Object.entries(preview.deductions).map(([name, amount]) => (
                      <PreviewLine
                        key={name}
                        label={t(`salary.deduction.${name}`, { defaultValue: name })}
                        value={`− ${money(amount)}`}
                        id={`deduction-${name}`}
                      />
                    ))}
                    <PreviewLine
                      label={t('salary.preview.totalDeductions')}
                      value={money(preview.total_deductions)}
                      id="total_deductions"
                    />
                    {preview.iuts_base !== undefined && (
                      <PreviewLine
                        label={t('salary.preview.iutsBase')}
                        value={money(preview.iuts_base)}
                        id="iuts_base"
                      />
                    )}
                    <PreviewLine label={t('salary.preview.net')} value={money(preview.net)} id="net" strong />
                  </tbody>
                </table>
              ) : (
                <Typography.Text type="secondary">{t('salary.preview.invalid')}</Typography.Text>
              )}
              {preview?.warnings.includes('below_smig') && (
                <Alert
                  type="warning"
                  showIcon
                  message={t('salary.preview.belowSmig')}
                  style={{ marginTop: 8 }}
                />
              )}
            </div>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

function PreviewLine({
  label,
  value,
  id,
  strong,
}: {
  label: string;
  value: string;
  id: string;
  strong?: boolean;
}) {
  return (
    <tr data-testid={`preview-${id}`}>
      <td style={{ padding: '2px 0' }}>{strong ? <strong>{label}</strong> : label}</td>
      <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }} data-value>
        {strong ? <strong>{value}</strong> : value}
      </td>
    </tr>
  );
}
