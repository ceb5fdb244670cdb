import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EmployeeStatus } from '../data.ts';

const COLOURS: Record<EmployeeStatus, string> = {
  active: 'green',
  inactive: 'orange',
  terminated: 'default',
};

export function StatusTag({ status }: { status: EmployeeStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]}>{t(`employees.status.${status}`)}</Tag>;
}
