// The employee card's read-only fields (the spec's list), two columns at most.
import { Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/index.ts';
import { fullName, type Employee } from '../data.ts';
import { StatusTag } from './StatusTag.tsx';

export function EmployeeDetails({ employee }: { employee: Employee }) {
  const { t, i18n } = useTranslation();
  const dash = (value: string | null | undefined) => (value ? value : '—');
  const salary =
    employee.salary === null
      ? '—'
      : formatMoney(employee.salary, employee.sites?.currency ?? 'USD', i18n.language);
  return (
    <Card
      title={
        <Space>
          <span data-testid="employee-name">{fullName(employee)}</span>
          <StatusTag status={employee.status} />
        </Space>
      }
    >
      {/* Two columns at most: the card is a little over half the page beside the fingers from xl,
          the whole width below; three columns wrapped the values letter by letter. */}
      <Descriptions column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} size="small" bordered>
        <Descriptions.Item label={t('employees.email')} span="filled">
          {employee.email}
        </Descriptions.Item>
        <Descriptions.Item label={t('employees.phone')}>{dash(employee.phone)}</Descriptions.Item>
        <Descriptions.Item label={t('employees.position')}>{dash(employee.position)}</Descriptions.Item>
        <Descriptions.Item label={t('employees.department')}>
          {dash(employee.departments?.name)}
        </Descriptions.Item>
        <Descriptions.Item label={t('employees.site')}>{dash(employee.sites?.name)}</Descriptions.Item>
        <Descriptions.Item label={t('employees.salary')}>{salary}</Descriptions.Item>
        <Descriptions.Item label={t('employees.joiningDate')}>
          {dash(employee.joining_date)}
        </Descriptions.Item>
        <Descriptions.Item label={t('employees.employmentType')}>
          {t(`employmentTypes.${employee.employment_type}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('employees.role')}>{t(`roles.${employee.role}`)}</Descriptions.Item>
        <Descriptions.Item label={t('myBiometrics.personalNumber')}>
          <span data-testid="personal-number">{dash(employee.personal_number)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('employees.columns.status')}>
          <StatusTag status={employee.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('employees.address')} span="filled">
          {dash(employee.address)}
        </Descriptions.Item>
        <Descriptions.Item label={t('employees.emergencyContact')}>
          {dash(employee.emergency_contact)}
        </Descriptions.Item>
        <Descriptions.Item label={t('employees.emergencyPhone')}>
          {dash(employee.emergency_phone)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
