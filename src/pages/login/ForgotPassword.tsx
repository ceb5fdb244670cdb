// 'Forgot password?' under the login form: the address, then one answer whatever it is (no account
// enumeration). Its texts load after the login form painted (the 'accounts' feature).
import { Button, theme } from 'antd';
import Input from 'antd/es/input/Input';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFeatureTexts } from '../../i18n/index.ts';
// The function alone: the feedback index brings Refine, which the login page paints without.
import { describeError } from '../../shared/feedback/describe-error.ts';
import { sendRecoveryLink } from './data.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ForgotPassword({ email: typed }: { email: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    void loadFeatureTexts(['accounts']).then(() => setReady(true));
  }, []);
  if (!ready) return null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setAnswer({ ok: false, text: t('login.emailRequired') });
      return;
    }
    setBusy(true);
    try {
      await sendRecoveryLink(email);
      setAnswer({ ok: true, text: t('accounts.forgot.sent', { email: email.trim() }) });
    } catch (error) {
      await loadFeatureTexts(['errors']);
      setAnswer({ ok: false, text: `${t('accounts.forgot.failed')}: ${describeError(t, error)}` });
    } finally {
      setBusy(false);
    }
  }

  if (!open)
    return (
      <Button
        type="link"
        style={{ padding: 0, marginTop: 8 }}
        onClick={() => {
          setEmail(typed);
          setOpen(true);
        }}
      >
        {t('accounts.forgot.link')}
      </Button>
    );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t('accounts.forgot.title')}
      style={{ marginTop: 16, paddingTop: 16, borderTop: `1px solid ${token.colorBorderSecondary}` }}
    >
      <strong style={{ color: token.colorTextHeading }}>{t('accounts.forgot.title')}</strong>
      <p style={{ margin: '8px 0', color: token.colorTextSecondary }}>{t('accounts.forgot.intro')}</p>
      <Input
        type="email"
        autoComplete="username"
        aria-label={t('login.email')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      {answer && (
        <div
          role={answer.ok ? 'status' : 'alert'}
          style={{ marginTop: 8, color: answer.ok ? token.colorSuccess : token.colorError }}
        >
          {answer.text}
        </div>
      )}
      <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>
        <Button htmlType="submit" loading={busy}>
          {t('accounts.forgot.submit')}
        </Button>
        <Button type="link" onClick={() => setOpen(false)}>
          {t('accounts.forgot.back')}
        </Button>
      </div>
    </form>
  );
}
