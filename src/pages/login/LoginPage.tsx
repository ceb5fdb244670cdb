// Login as the spec has it: required fields, 'Login Failed', the role check, the success
// toast, then the role's home after 300 ms.
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { authProvider } from '../../providers/auth-provider.ts';
import { i18n } from '../../i18n/index.ts';
import { loadIdentity } from '../../providers/identity.ts';
import { switchLanguage } from '../../providers/i18n-provider.ts';
import { notificationProvider } from '../../providers/notification-provider.ts';

const REDIRECT_DELAY_MS = 300;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { open } = notificationProvider;
  const [busy, setBusy] = useState(false);

  async function submit(values: { email: string; password: string }) {
    setBusy(true);
    try {
      const result = await authProvider.login(values);
      if (!result.success) {
        open({
          type: 'error',
          message: result.error?.name ?? t('login.failedTitle'),
          description: result.error?.message,
          key: 'login',
        });
        return;
      }
      const identity = await loadIdentity();
      if (identity?.language) await switchLanguage(identity.language);
      else if (identity?.country === 'BF') await switchLanguage('fr');
      // i18n.t, not the render's t: the language may just have switched to the person's own.
      open({
        type: 'success',
        message: i18n.t('login.success', { role: identity ? i18n.t(`roles.${identity.role}`) : '' }),
        key: 'login',
      });
      await new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));
      navigate(result.redirectTo ?? '/login');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>
      <Card style={{ width: 380 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('login.title')}
          </Typography.Title>
          <LanguageSwitch />
        </Space>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="email"
            label={t('login.email')}
            rules={[{ required: true, message: t('login.emailRequired') }]}
          >
            <Input type="email" autoComplete="username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('login.submit')}
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16 }}>
          <span>{t('login.noAccount')}</span> <Link to="/signup">{t('login.signupLink')}</Link>
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
