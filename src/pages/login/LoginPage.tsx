// Login as the spec has it: required fields, 'Login Failed', the role check, the success
// toast, then the role's home after 300 ms. A person with two-factor sign-in gives their 6-digit
// code between the password and the app (the step loads only for them).
import { Button, theme } from 'antd';
// The input and the password input alone: antd's Input index also brings TextArea, OTP and Search.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Suspense, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { codeIsDue, LoginCodeStep } from '../../components/login-code-step.ts';
import { authProvider } from '../../providers/auth-provider.ts';
import { i18n } from '../../i18n/index.ts';
import { homeFor } from '../../domain/access/roles.ts';
import { loadIdentity } from '../../providers/identity.ts';
import { switchLanguage } from '../../providers/i18n-provider.ts';
import { notificationProvider } from '../../providers/notification-provider.ts';
import { finishPendingEnrolment } from '../../features/own-fingerprint/index.ts';
import { ForgotPassword } from './ForgotPassword.tsx';

const REDIRECT_DELAY_MS = 300;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { open } = notificationProvider;
  const [busy, setBusy] = useState(false);
  const { token } = theme.useToken();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  /** Set while the second step (the code) is shown: where to go once it is given. */
  const [codeStep, setCodeStep] = useState<{ email: string; redirectTo?: string } | null>(null);

  const required = (field: 'email' | 'password', value: string) =>
    value.trim() === '' ? t(field === 'email' ? 'login.emailRequired' : 'login.passwordRequired') : undefined;

  function change(field: 'email' | 'password', value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: required(field, value) }));
  }

  /** What both inputs take: their id, value, error state and change. */
  const inputProps = (field: 'email' | 'password') => ({
    id: `login-${field}`,
    value: values[field],
    status: errors[field] ? ('error' as const) : undefined,
    'aria-invalid': errors[field] ? true : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement>) => change(field, e.target.value),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = { email: required('email', values.email), password: required('password', values.password) };
    setErrors(found);
    if (!found.email && !found.password)
      void submit({ email: values.email.trim(), password: values.password });
  }

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
      if (await codeIsDue()) {
        setCodeStep({ email: values.email, redirectTo: result.redirectTo });
        return;
      }
      await enter(values.email, result.redirectTo);
    } finally {
      setBusy(false);
    }
  }

  async function enter(email: string, redirectTo: string | undefined) {
    setBusy(true);
    try {
      const identity = await loadIdentity();
      // A finger scanned at sign-up before the account had a session is enrolled now.
      await finishPendingEnrolment(email);
      if (identity?.language) await switchLanguage(identity.language);
      else if (identity?.country === 'BF') await switchLanguage('fr');
      // i18n.t, not the render's t: the language may just have switched to the person's own.
      open({
        type: 'success',
        message: i18n.t('login.success', { role: identity ? i18n.t(`roles.${identity.role}`) : '' }),
        key: 'login',
      });
      await new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));
      navigate(redirectTo ?? (identity ? homeFor(identity.role) : '/login'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>
      {/* A card drawn with the theme's tokens: antd's Card brings Tabs and Menu to the first paint. */}
      <section
        style={{
          width: 380,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          fontFamily: token.fontFamily,
          color: token.colorText,
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
          <h3
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {t('login.title')}
          </h3>
          <LanguageSwitch />
        </div>
        <p style={{ margin: '16px 0', color: token.colorTextSecondary }}>{t('login.subtitle')}</p>
        {codeStep ? (
          <Suspense fallback={null}>
            <LoginCodeStep
              onVerified={() => void enter(codeStep.email, codeStep.redirectTo)}
              onCancel={() => setCodeStep(null)}
            />
          </Suspense>
        ) : (
          <>
            {/* A plain form with antd's inputs: antd's Form (field store, validator, label tooltips) is
            ~30 KB gzipped of first paint for two required fields. */}
            <form noValidate onSubmit={onSubmit}>
              <Field id="login-email" label={t('login.email')} error={errors.email}>
                <Input type="email" autoComplete="username" {...inputProps('email')} />
              </Field>
              <Field id="login-password" label={t('login.password')} error={errors.password}>
                <Password autoComplete="current-password" {...inputProps('password')} />
              </Field>
              <Button type="primary" htmlType="submit" block loading={busy}>
                {t('login.submit')}
              </Button>
            </form>
            <ForgotPassword email={values.email} />
            <p style={{ margin: '16px 0 0' }}>
              <span>{t('login.noAccount')}</span> <Link to="/signup">{t('login.signupLink')}</Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}

/** A vertical form field like antd's: label above, the error below in the theme's error colour. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <label
        htmlFor={id}
        style={{ display: 'inline-block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}
      >
        {label}
      </label>
      {children}
      {error && (
        <div role="alert" style={{ color: token.colorError, marginTop: 2, minHeight: 22 }}>
          {error}
        </div>
      )}
    </div>
  );
}
