// The structure's fields in the salary dialog: employees, rule set, country and currency, pay basis,
// frequency, effective date, amounts, delay buffer, allowances per country and other deductions.
import { Col, DatePicker, Divider, Form, InputNumber, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AllowanceName, Country, RuleSetName } from '../../domain/payroll/index.ts';
import type { EmployeeOption } from './data.ts';
import { ALLOWANCES, impliedCountry, type Values } from './salaryForm.ts';

// The order the rule sets have always been offered in; any other the database holds comes after.
const ORDER: readonly string[] = ['spec-default', 'us-federal-2026', 'bf-2026'];
const rank = (r: string) => (ORDER.includes(r) ? ORDER.indexOf(r) : ORDER.length);

function ruleSetOptions(held: RuleSetName[] | undefined, current: RuleSetName | undefined): RuleSetName[] {
  const names = held?.length ? held : current ? [current] : [];
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export function StructureFields({
  creating,
  employees,
  ruleSets,
  values,
  country,
  currency,
}: {
  creating: boolean;
  employees: EmployeeOption[];
  /** The rule sets the database holds (until they load, the form's own value). */
  ruleSets: RuleSetName[] | undefined;
  values: Values | undefined;
  country: Country;
  currency: string;
}) {
  const { t } = useTranslation();
  /** Each value, named by its text under `texts` (the rule set falls back to its own name). */
  const choices = (values: readonly string[], texts: string) =>
    values.map((value) => ({ value, label: t(`${texts}.${value}`, { defaultValue: value }) }));
  /** A titled group of fields under a divider. */
  const section = (title: string, fields: ReactNode) => (
    <>
      <Divider orientation="left" plain>
        {title}
      </Divider>
      <Row gutter={12}>{fields}</Row>
    </>
  );
  const num = (name: keyof Values | ['allowances', AllowanceName], label: string, extra: object = {}) => (
    <Form.Item name={name as never} label={label}>
      <InputNumber stringMode min="0" style={{ width: '100%' }} aria-label={label} {...extra} />
    </Form.Item>
  );
  return (
    <>
      <Form.Item
        name="employee_ids"
        label={t('salary.form.employees')}
        rules={[
          {
            // A validator, not `required`: the field's label stays as it was (no required mark).
            validator: (_, ids?: string[]) =>
              creating && !ids?.length
                ? Promise.reject(new Error(t('salary.form.selectEmployeesDetail')))
                : Promise.resolve(),
          },
        ]}
      >
        <Select
          mode="multiple"
          showSearch
          optionFilterProp="label"
          disabled={!creating}
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
            <Select options={choices(ruleSetOptions(ruleSets, values?.rule_set), 'salary.ruleSets')} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="country" label={t('salary.form.country')}>
            <Select
              disabled={values ? impliedCountry(values.rule_set) !== null : false}
              options={choices(['US', 'BF'], 'salary.countries')}
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
            <Select options={choices(['salaried', 'hourly'], 'salary.payBasis')} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="frequency" label={t('salary.form.frequency')}>
            <Select
              options={choices(['weekly', 'biweekly', 'semimonthly', 'monthly'], 'salary.frequencies')}
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
      {section(
        t('salary.form.allowances'),
        ALLOWANCES[country].map((name) => (
          <Col span={8} key={name}>
            {num(['allowances', name], t(`salary.form.allowance.${name}`))}
          </Col>
        )),
      )}
      {section(
        t('salary.form.deductions'),
        <Col span={8}>{num('other_deductions', t('salary.form.otherDeductions'))}</Col>,
      )}
    </>
  );
}
