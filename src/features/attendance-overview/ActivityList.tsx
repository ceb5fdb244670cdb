// The latest punches in a card (the dashboard's Recent Activities, the manager's team activities),
// live: name, 'Checked In' / 'Checked Out', the site's time, coloured by status.
import { Card, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../components/daily/weekdays.ts';
import { siteTime } from '../../shared/format/index.ts';
import { useRecentActivities, type Activity } from './data.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { TONE } from '../../theme.ts';

export function RecentActivitiesCard({
  title,
  testId,
  limit,
}: {
  title: string;
  testId: string;
  limit: number;
}) {
  const recent = useRecentActivities(limit);
  return (
    <Card title={title} data-testid={testId} style={{ height: '100%' }}>
      <ActivityList rows={recent.data} loading={recent.isLoading} />
    </Card>
  );
}

function ActivityList({ rows, loading }: { rows: Activity[] | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return (
    <List
      size="small"
      loading={loading && !rows}
      dataSource={rows ?? []}
      locale={{ emptyText: <EmptyState text={t('dashboard.recent.empty')} /> }}
      renderItem={(a) => {
        const out = a.check_out !== null;
        const color = out ? TONE.primary : a.punctuality === 'late' ? TONE.warning : TONE.success;
        const name = a.employees ? `${a.employees.first_name} ${a.employees.last_name}`.trim() : '-';
        return (
          <List.Item
            data-testid="activity-item"
            style={{ borderLeft: `4px solid ${color}`, paddingLeft: 12 }}
          >
            <List.Item.Meta
              title={name}
              description={
                <Space size={4}>
                  <Tag color={out ? 'blue' : 'green'}>
                    {out ? t('dashboard.recent.checkedOut') : t('dashboard.recent.checkedIn')}
                  </Tag>
                  {a.punctuality === 'late' && <Tag color="orange">{t('dashboard.recent.late')}</Tag>}
                </Space>
              }
            />
            <Typography.Text type="secondary">
              {siteTime(a.check_out ?? a.check_in, a.sites?.time_zone, locale)}
            </Typography.Text>
          </List.Item>
        );
      }}
    />
  );
}
