// Recent Activities: the last 5 punches, newest first, live.
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActivityList, useRecentActivities } from '../../../features/attendance-overview/index.ts';

export function RecentActivities() {
  const { t } = useTranslation();
  const recent = useRecentActivities(5);
  return (
    <Card title={t('dashboard.recent.title')} data-testid="recent-activities" style={{ height: '100%' }}>
      <ActivityList rows={recent.data} loading={recent.isLoading} />
    </Card>
  );
}
