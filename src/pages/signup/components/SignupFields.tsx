// The sign-up form's fields: every field of the spec, the role (only a request) and the terms.
import { Col, DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPLOYMENT_TYPES } from '../../../domain/people.ts';
import { REQUESTABLE_ROLES } from '../data.ts';
import { TermsField } from './TermsField.tsx';

export function SignupFields() {
  const { t } = useTranslation();
  const required = [{ required: true, message: t('signup.required') }];
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="email" label={t('signup.email')} rules={[...required, { type: 'email' }]}>
          <Input autoComplete="username" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="password" label={t('signup.password')} rules={required}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="first_name" label={t('signup.firstName')} rules={required}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="last_name" label={t('signup.lastName')} rules={required}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="phone" label={t('signup.phone')} rules={required}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="position" label={t('signup.position')} rules={required}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="department" label={t('signup.department')} rules={required}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="joining_date" label={t('signup.joiningDate')} rules={required}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="employment_type" label={t('signup.employmentType')} rules={required}>
          <Select
            options={EMPLOYMENT_TYPES.map((value) => ({
              value,
              label: t(`employmentTypes.${value}`),
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="salary" label={t('signup.salary')}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="address" label={t('signup.address')}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="emergency_contact" label={t('signup.emergencyContact')}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="emergency_phone" label={t('signup.emergencyPhone')}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="role" label={t('signup.role')} extra={t('signup.roleNote')}>
          <Radio.Group options={REQUESTABLE_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))} />
        </Form.Item>
        <TermsField />
      </Col>
    </>
  );
}
