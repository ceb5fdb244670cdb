// A request's status as a coloured, translated tag.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LeaveStatus } from '../data.ts';

const COLOR: Record<LeaveStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};

export function StatusTag({ status }: { status: LeaveStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOR[status]} data-testid="leave-status">
      {t(`leave.status.${status}`)}
    </Tag>
  );
}
