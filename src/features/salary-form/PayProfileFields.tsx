// The selected employee's pay profile in the salary dialog: W-4 fields (US) or dependants,
// professional abatement and CNSS number (BF). HR and admins edit it when one employee is selected
// (saved through save_pay_profile with the structure); otherwise it is shown read-only.
import { Col, Divider, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Country } from '../../domain/payroll/index.ts';
import { MAX_AMOUNT, MAX_EXTRA_WITHHOLDING } from '../../domain/limits/index.ts';
import type { PayContext } from './data.ts';
import { profileValuesOf } from './salaryForm.ts';

const FILING = ['single', 'married_jointly', 'married_separately', 'head_of_household'] as const;
const FLSA = ['auto', 'non_exempt', 'exempt'] as const;

export function PayProfileFields({
  name,
  country,
  context,
  editable,
  many,
  mayEdit,
}: {
  /** The selected employee's name, if any. */
  name: string | null;
  country: Country;
  context: PayContext | null;
  editable: boolean;
  /** More than one employee is selected. */
  many: boolean;
  /** The signed-in person may change pay profiles (HR, admin). */
  mayEdit: boolean;
}) {
  const { t } = useTranslation();
  if (!name || !context) {
    return (
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('salary.form.profileNone')}
      </Typography.Paragraph>
    );
  }
  const title = (
    <Divider orientation="left" plain>
      {t('salary.form.profile', { name })}
    </Divider>
  );
  if (!editable) {
    const p = profileValuesOf(context);
    return (
      <div data-testid="pay-profile">
        {title}
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {country === 'US'
            ? t('salary.form.profileUs', {
                filing: t(`salary.form.profileEdit.filing.${p.filing_status}`),
                step2: p.w4_step2 ? t('salary.form.yes') : t('salary.form.no'),
                step3: p.w4_step3,
                step4a: p.w4_step4a,
                step4b: p.w4_step4b,
                step4c: p.w4_step4c,
                exempt: p.flsa_status === 'exempt' ? t('salary.form.yes') : t('salary.form.no'),
              }) +
              ' ' +
              t('payRules.profile.readOnly', {
                status: t(`payRules.profile.flsa.${p.flsa_status}`),
                allowances: String(p.state_allowances ?? 0),
              })
            : t('salary.form.profileBf', {
                dependants: String(p.dependants ?? 0),
                abatement: p.abatement_rate === '0.25' ? '25' : '20',
              })}
          {many && <> {t('salary.form.profileMany')}</>}
          {!many && !mayEdit && <> {t('salary.form.profileEdit.readOnly')}</>}
        </Typography.Paragraph>
      </div>
    );
  }
  // The bounds of the table's CHECKs: the field stops where the database would refuse.
  const amount = (field: string, label: string, max = MAX_AMOUNT) => (
    <Col xs={24} sm={12}>
      <Form.Item name={['profile', field]} label={label}>
        <InputNumber
          stringMode
          min="0"
          max={String(max)}
          precision={2}
          style={{ width: '100%' }}
          aria-label={label}
        />
      </Form.Item>
    </Col>
  );
  const E = 'salary.form.profileEdit';
  return (
    <div data-testid="pay-profile">
      {title}
      {country === 'US' ? (
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name={['profile', 'filing_status']} label={t(`${E}.filingStatus`)}>
              <Select
                aria-label={t(`${E}.filingStatus`)}
                options={FILING.map((f) => ({ value: f, label: t(`${E}.filing.${f}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name={['profile', 'w4_step2']} label={t(`${E}.w4Step2`)} valuePropName="checked">
              <Switch aria-label={t(`${E}.w4Step2`)} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name={['profile', 'state_allowances']} label={t('payRules.profile.stateAllowances')}>
              <InputNumber
                min={0}
                max={99}
                precision={0}
                style={{ width: '100%' }}
                aria-label={t('payRules.profile.stateAllowances')}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name={['profile', 'flsa_status']}
              label={t('payRules.profile.flsaStatus')}
              extra={t('payRules.profile.flsaNote')}
            >
              <Select
                aria-label={t('payRules.profile.flsaStatus')}
                options={FLSA.map((f) => ({ value: f, label: t(`payRules.profile.flsa.${f}`) }))}
              />
            </Form.Item>
          </Col>
          {amount('w4_step3', t(`${E}.w4Step3`))}
          {amount('w4_step4a', t(`${E}.w4Step4a`))}
          {amount('w4_step4b', t(`${E}.w4Step4b`))}
          {amount('w4_step4c', t(`${E}.w4Step4c`), MAX_EXTRA_WITHHOLDING)}
        </Row>
      ) : (
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name={['profile', 'dependants']} label={t(`${E}.dependants`)}>
              <InputNumber
                min={0}
                max={20}
                precision={0}
                style={{ width: '100%' }}
                aria-label={t(`${E}.dependants`)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name={['profile', 'abatement_rate']} label={t(`${E}.abatement`)}>
              <Select
                aria-label={t(`${E}.abatement`)}
                options={[
                  { value: '0.20', label: '20 %' },
                  { value: '0.25', label: '25 %' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name={['profile', 'cnss_number']}
              label={t(`${E}.cnssNumber`)}
              rules={[{ pattern: /^[0-9A-Za-z][0-9A-Za-z /-]{0,29}$/, message: t(`${E}.cnssInvalid`) }]}
            >
              <Input maxLength={30} aria-label={t(`${E}.cnssNumber`)} />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: -8 }}>
        {t(`${E}.note`)}
      </Typography.Paragraph>
    </div>
  );
}
