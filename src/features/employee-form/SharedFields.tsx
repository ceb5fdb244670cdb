// Cells the registration form and the edit screen both show the same way: e-mail and department,
// each required.
import { Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldCell } from '../../components/form/FieldCell.tsx';
import { TEXT_LIMITS } from '../../domain/limits/index.ts';

export function EmailField() {
  const { t } = useTranslation();
  const rules = [
    { required: true, message: t('employees.required') },
    { type: 'email' as const, message: t('employees.invalidEmail') },
  ];
  return (
    <FieldCell name="email" label={t('employees.email')} rules={rules}>
      <Input maxLength={TEXT_LIMITS.employees.email} />
    </FieldCell>
  );
}

export function DepartmentField({ options }: { options: { value: string | number; label: ReactNode }[] }) {
  const { t } = useTranslation();
  const label = t('employees.department');
  return (
    <FieldCell
      name="department_id"
      label={label}
      rules={[{ required: true, message: t('employees.required') }]}
    >
      <Select options={options} aria-label={label} />
    </FieldCell>
  );
}
