// One icon per side-menu entry (a collapsed menu shows only these, with the label as tooltip).
import {
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CoffeeOutlined,
  ClockCircleOutlined,
  DashboardOutlined,
  DollarOutlined,
  IdcardOutlined,
  SettingOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
  WalletOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuPath } from '../../domain/access/menu.ts';

export const MENU_ICONS: Record<MenuPath, ReactNode> = {
  '/dashboard': <DashboardOutlined />,
  '/manager-portal': <TeamOutlined />,
  '/employee-portal': <UserOutlined />,
  '/employee-management': <IdcardOutlined />,
  '/attendance': <ClockCircleOutlined />,
  '/leave-requests': <CoffeeOutlined />,
  '/employee-registration': <UserAddOutlined />,
  '/users-management': <SafetyCertificateOutlined />,
  '/shifts-management': <CalendarOutlined />,
  '/salary-management': <DollarOutlined />,
  '/payroll-management': <WalletOutlined />,
  '/reports': <BarChartOutlined />,
  '/settings': <SettingOutlined />,
  '/audit-log': <AuditOutlined />,
};
