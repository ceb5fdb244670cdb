// Quick Actions: Add Employee, Mark Attendance, Generate Report, View Calendar, Analytics, Settings.
import {
  BarChartOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  FileTextOutlined,
  SettingOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function QuickActions({ onOpen }: { onOpen: (what: 'calendar' | 'analytics') => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = [
    { key: 'addEmployee', icon: <UserAddOutlined />, run: () => navigate('/employee-registration') },
    { key: 'markAttendance', icon: <ClockCircleOutlined />, run: () => navigate('/attendance') },
    { key: 'generateReport', icon: <FileTextOutlined />, run: () => navigate('/reports') },
    { key: 'calendar', icon: <CalendarOutlined />, run: () => onOpen('calendar') },
    { key: 'analytics', icon: <BarChartOutlined />, run: () => onOpen('analytics') },
    { key: 'settings', icon: <SettingOutlined />, run: () => navigate('/settings') },
  ];
  return (
    <Card title={t('dashboard.actions.title')} style={{ height: '100%' }}>
      {/* Two buttons a row where their labels fit, one a row in a narrow card (French labels are long). */}
      <div style={{ display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}>
        {actions.map((a) => (
          <Button key={a.key} block icon={a.icon} onClick={a.run}>
            {t(`dashboard.actions.${a.key}`)}
          </Button>
        ))}
      </div>
    </Card>
  );
}
