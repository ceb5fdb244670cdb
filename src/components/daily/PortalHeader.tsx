// The portals' header: welcome line, live clock, language and Logout ('Logged Out' toast → /login).
// A session lost elsewhere (signed out in another tab, expired) sends the person to /login.
import { useLogout } from '@refinedev/core';
import { Button, Card, Col, Grid, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TwoFactorMenuButton } from '../../features/two-factor/index.ts';
import { ChangePasswordButton } from '../account/ChangePasswordButton.tsx';
import { LanguageSwitch } from '../LanguageSwitch.tsx';
import { useSessionLost } from './data.ts';
import { LiveClock } from './LiveClock.tsx';

export function PortalHeader({ title, subtitle }: { title: string; subtitle: string }) {
  const { t } = useTranslation();
  const { mutate: logout } = useLogout();
  const navigate = useNavigate();
  // Below 1200 px the account buttons show their icon only, so the controls keep to one line.
  const compact = Grid.useBreakpoint().xl === false;
  useSessionLost(() => navigate('/login', { replace: true }));
  return (
    <Card>
      <Row align="middle" justify="space-between" gutter={[16, 16]}>
        <Col>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </Col>
        <Col>
          <Space size="large" wrap>
            <LiveClock compact />
            <LanguageSwitch />
            <TwoFactorMenuButton compact={compact} />
            <ChangePasswordButton compact={compact} />
            <Button onClick={() => logout()}>{t('common.logout')}</Button>
          </Space>
        </Col>
      </Row>
    </Card>
  );
}
