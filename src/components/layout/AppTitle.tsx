// The back office's logo and name: leads to the signed-in person's home (never the public landing page).
import { FieldTimeOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { Space, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homeFor } from '../../domain/access/roles.ts';
import type { Identity } from '../../providers/identity.ts';

export function AppTitle({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: identity } = useGetIdentity<Identity | null>();
  return (
    <Link to={homeFor(identity?.role)} data-testid="app-logo" aria-label={t('navigation.home')}>
      <Space align="center">
        <FieldTimeOutlined style={{ fontSize: 22, color: token.colorPrimary }} />
        {!collapsed && (
          <Typography.Title level={5} style={{ margin: 0, fontWeight: 700, letterSpacing: 0.2 }}>
            {t('app.name')}
          </Typography.Title>
        )}
      </Space>
    </Link>
  );
}
