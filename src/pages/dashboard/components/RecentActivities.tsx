// Recent Activities: the last 5 punches, newest first, live.
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../../components/daily/data.ts';
import { loadRecentActivities } from '../queries.ts';
import { ActivityList } from './ActivityList.tsx';

export function RecentActivities() {
  const { t } = useTranslation();
  const recent = useLoad(() => loadRecentActivities(5), [], ['attendances']);
  return (
    <Card title={t('dashboard.recent.title')} data-testid="recent-activities" style={{ height: '100%' }}>
      <ActivityList rows={recent.data} loading={recent.loading} />
    </Card>
  );
}
