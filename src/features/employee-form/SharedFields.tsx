// Cells the registration form and the edit screen both show the same way: e-mail and department,
// each required.
import { Col, Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '../../domain/limits/index.ts';

export function EmailField() {
  const { t } = useTranslation();
  return (
    <Col xs={24} md={12}>
      <Form.Item
        name="email"
        label={t('employees.email')}
        rules={[
          { required: true, message: t('employees.required') },
          { type: 'email', message: t('employees.invalidEmail') },
        ]}
      >
        <Input maxLength={TEXT_LIMITS.employees.email} />
      </Form.Item>
    </Col>
  );
}

export function DepartmentField({ options }: { options: { value: string | number; label: ReactNode }[] }) {
  const { t } = useTranslation();
  return (
    <Col xs={24} md={12}>
      <Form.Item
        name="department_id"
        label={t('employees.department')}
        rules={[{ required: true, message: t('employees.required') }]}
      >
        <Select options={options} aria-label={t('employees.department')} />
      </Form.Item>
    </Col>
  );
}
