// The back-office header: who is signed in, the language switch and logout.
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Grid, Layout, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TwoFactorMenuButton } from '../features/two-factor/index.ts';
import type { Identity } from '../providers/identity.ts';
import { ChangePasswordButton } from './account/ChangePasswordButton.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

export function BackOfficeHeader() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity | null>();
  const { mutate: logout } = useLogout();
  // Below 1200 px (a tablet, upright or not) the account buttons show their icon only: one line.
  const compact = Grid.useBreakpoint().xl === false;
  return (
    <Layout.Header
      style={{
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        gap: 16,
        background: 'transparent',
        padding: '8px 24px',
        // On an upright tablet the controls wrap onto a second line instead of running off the left.
        height: 'auto',
        minHeight: 64,
        lineHeight: 'normal',
      }}
    >
      <Space wrap style={{ justifyContent: 'flex-end' }}>
        {identity && (
          <>
            <Typography.Text strong data-testid="identity-name">
              {identity.name}
            </Typography.Text>
            <Tag data-testid="identity-role">{t(`roles.${identity.role}`)}</Tag>
          </>
        )}
        <LanguageSwitch />
        <TwoFactorMenuButton compact={compact} />
        <ChangePasswordButton compact={compact} />
        <Button onClick={() => logout()}>{t('common.logout')}</Button>
      </Space>
    </Layout.Header>
  );
}
