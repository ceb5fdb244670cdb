// 'Set a new password' (/reset-password): where a password-recovery link lands. supabase-js reads
// the link (PASSWORD_RECOVERY); the person chooses a new password and lands on their home screen.
import { Alert, Button, Form, Spin, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { codeIsDue, LoginCodeStep } from '../../components/login-code-step.ts';
import { PublicCard } from '../../components/PublicCard.tsx';
import { loadFeatureTexts } from '../../i18n/index.ts';
import { notificationProvider } from '../../providers/notification-provider.ts';
import { PasswordFields, passwordRefusal, weakPasswordText } from '../../features/account/index.ts';
import { recoveredAccount, recoveryLinkIn, saveNewPassword } from './data.ts';

// Read at load, before supabase-js takes the tokens out of the address.
const linkAtLoad = recoveryLinkIn(typeof location === 'undefined' ? '' : location.hash);

type State =
  | { kind: 'checking' }
  | { kind: 'code'; email: string }
  | { kind: 'ready'; email: string }
  | { kind: 'invalid' }
  | { kind: 'none' };

export function SetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  useEffect(() => {
    let live = true;
    const link = linkAtLoad;
    void Promise.all([loadFeatureTexts(['accounts']), recoveredAccount(link)]).then(async ([, email]) => {
      // A person with two-factor sign-in gives their code first: auth refuses a new password at aal1.
      const due = email ? await codeIsDue() : false;
      if (!live) return;
      if (email) setState({ kind: due ? 'code' : 'ready', email });
      else setState({ kind: link === 'none' ? 'none' : 'invalid' });
    });
    return () => {
      live = false;
    };
  }, []);

  async function submit({ password }: { password: string }) {
    setBusy(true);
    try {
      const home = await saveNewPassword(password);
      notificationProvider.open({ type: 'success', message: t('accounts.reset.saved') });
      navigate(home, { replace: true });
    } catch (error) {
      const refusal = passwordRefusal(error as { message?: string; code?: string; reasons?: string[] });
      if (refusal.kind === 'weak' || refusal.kind === 'same') {
        const text =
          refusal.kind === 'weak' ? weakPasswordText(t, refusal.reasons) : t('accounts.password.same');
        form.setFields([{ name: 'password', errors: [text] }]);
      } else {
        notificationProvider.open({
          type: 'error',
          message: t('accounts.reset.failed'),
          description: refusal.kind === 'other' ? refusal.message : t('accounts.reset.invalidLink'),
        });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicCard
      title={state.kind === 'checking' ? t('routes.resetPassword') : t('accounts.reset.title')}
      level={4}
      width={480}
      keepHeaderOnOneLine
    >
      {state.kind === 'checking' && <Spin style={{ display: 'block', marginTop: 24 }} />}
      {state.kind === 'code' && (
        <Suspense fallback={<Spin style={{ display: 'block', marginTop: 24 }} />}>
          <div style={{ marginTop: 16 }}>
            <LoginCodeStep
              onVerified={() => setState({ kind: 'ready', email: state.email })}
              onCancel={() => navigate('/login', { replace: true })}
            />
          </div>
        </Suspense>
      )}
      {state.kind === 'ready' && (
        <>
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
            {t('accounts.reset.intro', { email: state.email })}
          </Typography.Paragraph>
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <PasswordFields label={t('accounts.reset.newPassword')} email={state.email} />
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('accounts.reset.submit')}
            </Button>
          </Form>
        </>
      )}
      {(state.kind === 'invalid' || state.kind === 'none') && (
        <>
          <Alert
            style={{ marginTop: 16 }}
            type={state.kind === 'invalid' ? 'error' : 'info'}
            showIcon
            message={t(state.kind === 'invalid' ? 'accounts.reset.invalidLink' : 'accounts.reset.noLink')}
          />
          <Typography.Paragraph style={{ marginTop: 16 }}>
            <Link to="/login">{t('accounts.reset.toLogin')}</Link>
          </Typography.Paragraph>
        </>
      )}
    </PublicCard>
  );
}
