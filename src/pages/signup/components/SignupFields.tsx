// The sign-up form's fields: every field of the spec, the role (only a request) and the terms.
import { Col, DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldCell } from '../../../components/form/FieldCell.tsx';
import { EMPLOYMENT_TYPES } from '../../../domain/people.ts';
import { REQUESTABLE_ROLES } from '../data.ts';
import { TermsField } from './TermsField.tsx';

/** The plain text fields, in the form's order: the column and its label under `signup.`. */
const IDENTITY = [
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['phone', 'phone'],
  ['position', 'position'],
  ['department', 'department'],
] as const;
const EMERGENCY = [
  ['emergency_contact', 'emergencyContact'],
  ['emergency_phone', 'emergencyPhone'],
] as const;

export function SignupFields() {
  const { t } = useTranslation();
  const required = [{ required: true, message: t('signup.required') }];
  const text = ([name, label]: readonly [string, string], rules?: typeof required) => (
    <FieldCell key={name} name={name} label={t(`signup.${label}`)} rules={rules}>
      <Input />
    </FieldCell>
  );
  return (
    <>
      <FieldCell name="email" label={t('signup.email')} rules={[...required, { type: 'email' }]}>
        <Input autoComplete="username" />
      </FieldCell>
      <FieldCell name="password" label={t('signup.password')} rules={required}>
        <Input.Password autoComplete="new-password" />
      </FieldCell>
      {IDENTITY.map((field) => text(field, required))}
      <FieldCell name="joining_date" label={t('signup.joiningDate')} rules={required}>
        <DatePicker style={{ width: '100%' }} />
      </FieldCell>
      <FieldCell name="employment_type" label={t('signup.employmentType')} rules={required}>
        <Select
          options={EMPLOYMENT_TYPES.map((value) => ({ value, label: t(`employmentTypes.${value}`) }))}
        />
      </FieldCell>
      <FieldCell name="salary" label={t('signup.salary')}>
        <InputNumber min={0} style={{ width: '100%' }} />
      </FieldCell>
      <FieldCell name="address" label={t('signup.address')} half={false}>
        <Input />
      </FieldCell>
      {EMERGENCY.map((field) => text(field))}
      <Col xs={24}>
        <Form.Item name="role" label={t('signup.role')} extra={t('signup.roleNote')}>
          <Radio.Group options={REQUESTABLE_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))} />
        </Form.Item>
        <TermsField />
      </Col>
    </>
  );
}
