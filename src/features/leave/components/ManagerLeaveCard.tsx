// The manager portal's leave: the team's requests waiting for a decision (approve, or reject with
// a reason), and who of the team is off which day in the next two weeks.
import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLeaveRequests } from '../data.ts';
import { RequestsTable } from './RequestsTable.tsx';
import { TeamCalendar } from './TeamCalendar.tsx';

export function ManagerLeaveCard() {
  const { t } = useTranslation();
  const pending = useLeaveRequests({ status: 'pending' });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="manager-leave">
      <Card title={t('leave.portal.pendingTitle')} size="small">
        <RequestsTable
          rows={pending.data ?? []}
          loading={pending.isLoading}
          showEmployee
          testId="team-leave-requests"
        />
      </Card>
      <TeamCalendar />
    </Space>
  );
}
