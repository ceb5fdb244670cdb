// The person's ten latest attendance records.
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { useRecentAttendance, type AttendanceRow } from '../data.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

export function RecentAttendance({ employeeId }: { employeeId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const attendance = useRecentAttendance(employeeId);
  // In the site's clock, the site named when the reader's differs.
  const time = (value: string | null, r: AttendanceRow) =>
    f.time(value, r.sites?.time_zone, { site: r.sites?.name });
  return (
    <Card title={t('employees.recentAttendance')} size="small" data-testid="recent-attendance">
      <Table<AttendanceRow>
        size="small"
        rowKey="id"
        loading={attendance.isLoading}
        pagination={false}
        dataSource={attendance.rows}
        locale={{ emptyText: <EmptyState text={t('employees.noAttendance')} /> }}
        scroll={{ x: 500 }}
        columns={[
          { title: t('employees.date'), dataIndex: 'date', render: (d: string) => f.date(d) },
          { title: t('employees.checkIn'), dataIndex: 'check_in', render: time },
          { title: t('employees.checkOut'), dataIndex: 'check_out', render: time },
          {
            title: t('employees.hours'),
            dataIndex: 'total_hours',
            render: (h: number | null) => f.number(h),
          },
          {
            title: t('employees.columns.status'),
            dataIndex: 'punctuality',
            render: (p: AttendanceRow['punctuality']) => (
              <Tag color={p === 'late' ? 'orange' : 'green'}>{t(`employees.punctuality.${p}`)}</Tag>
            ),
          },
        ]}
      />
    </Card>
  );
}
