// The 6-digit code field with its button, shared by the login step, the step-up prompt, enrolment
// and removal. Light on purpose (the input alone, no antd Form): the login page shows it too.
import { Button, Space, theme } from 'antd';
import Input from 'antd/es/input/Input';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toDbError } from '../../data/errors.ts';
import { describeError } from '../../shared/feedback/describe-error.ts';

const CODE = /^\d{6}$/;

export function CodeForm({
  submitLabel,
  onCode,
  extra,
  testId = 'two-factor-code',
}: {
  submitLabel: string;
  /** Throws (a DbError) when the code is refused; the field shows why and stays. */
  onCode: (code: string) => Promise<void>;
  /** Buttons beside the submit button (cancel, sign out). */
  extra?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!CODE.test(digits)) {
      setProblem(t('twoFactor.codeInvalid'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onCode(digits);
    } catch (error) {
      const kind = toDbError(error).code;
      setProblem(
        kind === 'auth.mfa_verification_failed'
          ? t('twoFactor.wrongCode')
          : kind === 'auth.over_request_rate_limit'
            ? t('twoFactor.tooMany')
            : kind === 'two_factor.no_factor'
              ? t('twoFactor.failed')
              : describeError(t, error),
      );
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <label htmlFor={testId} style={{ display: 'block', paddingBottom: token.paddingXS }}>
        {t('twoFactor.code')}
      </label>
      <Input
        id={testId}
        data-testid={testId}
        autoFocus
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        placeholder="123456"
        value={code}
        status={problem ? 'error' : undefined}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => setCode(e.target.value)}
        style={{ fontSize: 20, letterSpacing: 6, maxWidth: 200 }}
      />
      <div role="alert" style={{ color: token.colorError, minHeight: 22, marginTop: 4 }}>
        {problem}
      </div>
      <Space wrap style={{ marginTop: 8 }}>
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitLabel}
        </Button>
        {extra}
      </Space>
    </form>
  );
}
