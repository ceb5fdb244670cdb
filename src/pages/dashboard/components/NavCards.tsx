// The seven navigation cards to the back-office screens.
import {
  BarChartOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  DollarOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const NAV = [
  { key: 'users', path: '/users-management', icon: <UserOutlined /> },
  { key: 'employees', path: '/employee-management', icon: <TeamOutlined /> },
  { key: 'shifts', path: '/shifts-management', icon: <ClockCircleOutlined /> },
  { key: 'salary', path: '/salary-management', icon: <DollarOutlined /> },
  { key: 'attendance', path: '/attendance', icon: <CalendarOutlined /> },
  { key: 'reports', path: '/reports', icon: <BarChartOutlined /> },
  { key: 'settings', path: '/settings', icon: <SettingOutlined /> },
] as const;

export function NavCards() {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))' }}>
      {NAV.map((n) => (
        <div key={n.key}>
          <Link to={n.path} style={{ display: 'block', height: '100%' }}>
            <Card hoverable size="small" style={{ textAlign: 'center', height: '100%' }}>
              <div style={{ fontSize: 22, color: '#1677ff' }}>{n.icon}</div>
              <Typography.Text strong>{t(`dashboard.nav.${n.key}`)}</Typography.Text>
            </Card>
          </Link>
        </div>
      ))}
    </div>
  );
}
