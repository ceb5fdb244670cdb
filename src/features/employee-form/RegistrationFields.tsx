// The registration form's fields, shared by the back office's registration (every field of the
// spec) and the manager's 'Add Employee' dialog (the fields register_employee requires).
import { Checkbox, Col, DatePicker, Form, InputNumber, Radio, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../domain/access/roles.ts';
import { EMPLOYMENT_TYPES } from './data.ts';
import { FieldCell } from '../../components/form/FieldCell.tsx';
import { DepartmentField, EmailField } from './SharedFields.tsx';
import { TextField } from './TextField.tsx';

type Options = { value: string | number; label: ReactNode }[];

export function RegistrationFields({
  scope,
  departments,
  sites = [],
  roles,
  agreement = true,
  invite = false,
  children,
}: {
  /** 'full': every field of the spec; 'team': the ones the database requires. */
  scope: 'full' | 'team';
  departments: Options;
  sites?: Options;
  /** The roles the person may give (src/domain/access): a choice only when there is one. */
  roles: readonly Role[];
  /** The joining date and the terms, which only a registration asks for. */
  agreement?: boolean;
  /** The 'send an invitation' box. */
  invite?: boolean;
  /** What comes before the terms (the back office's fingerprint). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const required = [{ required: true, message: t('employees.required') }];
  const full = scope === 'full';
  return (
    <Row gutter={16}>
      <TextField name="first_name" label={t('employees.firstName')} rules={required} />
      <TextField name="last_name" label={t('employees.lastName')} rules={required} />
      <EmailField />
      <TextField name="phone" label={t('employees.phone')} rules={required} />
      {full && <TextField name="address" label={t('employees.address')} half={false} />}
      <TextField name="position" label={t('employees.position')} rules={required} />
      <DepartmentField options={departments} />
      {full && (
        <>
          <FieldCell name="site_id" label={t('employees.site')}>
            <Select options={sites} aria-label={t('employees.site')} allowClear />
          </FieldCell>
          <FieldCell name="salary" label={t('employees.salary')}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </FieldCell>
        </>
      )}
      {agreement && (
        <FieldCell name="joining_date" label={t('employees.joiningDate')} rules={required}>
          <DatePicker style={{ width: '100%' }} />
        </FieldCell>
      )}
      {full && (
        <>
          <FieldCell name="employment_type" label={t('employees.employmentType')}>
            <Radio.Group
              options={EMPLOYMENT_TYPES.map((value) => ({ value, label: t(`employmentTypes.${value}`) }))}
            />
          </FieldCell>
          <TextField name="emergency_contact" label={t('employees.emergencyContact')} />
          <TextField name="emergency_phone" label={t('employees.emergencyPhone')} />
        </>
      )}
      {roles.length > 1 && (
        <FieldCell name="role" label={t('employees.role')}>
          {/* The default first. */}
          <Radio.Group
            options={[...roles].reverse().map((value) => ({ value, label: t(`roles.${value}`) }))}
          />
        </FieldCell>
      )}
      {children}
      {(agreement || invite) && (
        <Col xs={24}>
          {agreement && (
            <Form.Item name="terms" valuePropName="checked">
              <Checkbox>{t('employees.terms')}</Checkbox>
            </Form.Item>
          )}
          {invite && (
            <Form.Item name="invite" valuePropName="checked">
              <Checkbox>{t('employees.sendInvitation')}</Checkbox>
            </Form.Item>
          )}
        </Col>
      )}
    </Row>
  );
}
