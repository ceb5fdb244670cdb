// Recent attendance: the last 10 records with their times at the site and hours.
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayLabel } from '../../../components/daily/weekdays.ts';
import { formatNumber } from '../../../shared/format/index.ts';
import type { MyRecord } from '../data.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

export function RecentCard({
  records,
  loading,
  time,
  locale,
}: {
  records: MyRecord[];
  loading: boolean;
  time: (at: string | null | undefined) => string;
  locale: string;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('portal.recent.title')} data-testid="portal-recent">
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        loading={loading}
        dataSource={records}
        locale={{ emptyText: <EmptyState text={t('portal.recent.empty')} /> }}
        columns={[
          { title: t('portal.recent.date'), dataIndex: 'date', render: (d: string) => dayLabel(d, locale) },
          { title: t('portal.recent.in'), render: (_, r) => time(r.check_in) },
          { title: t('portal.recent.out'), render: (_, r) => (r.check_out ? time(r.check_out) : '—') },
          {
            title: t('portal.recent.hours'),
            render: (_, r) => formatNumber(r.total_hours, locale),
          },
        ]}
      />
    </Card>
  );
}
