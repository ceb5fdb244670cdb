// The person's ten latest attendance records.
import { Card, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useRecentAttendance, type AttendanceRow } from '../data.ts';

export function RecentAttendance({ employeeId }: { employeeId: string }) {
  const { t } = useTranslation();
  const attendance = useRecentAttendance(employeeId);
  const time = (value: string | null) => (value ? dayjs(value).format('HH:mm') : '—');
  return (
    <Card title={t('employees.recentAttendance')} size="small" data-testid="recent-attendance">
      <Table<AttendanceRow>
        size="small"
        rowKey="id"
        loading={attendance.isLoading}
        pagination={false}
        dataSource={attendance.rows}
        locale={{ emptyText: t('employees.noAttendance') }}
        scroll={{ x: 500 }}
        columns={[
          { title: t('employees.date'), dataIndex: 'date' },
          { title: t('employees.checkIn'), dataIndex: 'check_in', render: time },
          { title: t('employees.checkOut'), dataIndex: 'check_out', render: time },
          { title: t('employees.hours'), dataIndex: 'total_hours', render: (h: number | null) => h ?? '—' },
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
