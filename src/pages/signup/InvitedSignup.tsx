// Sign-up from an invitation link (/signup?invitation=<token>&email=<address>): the address the
// invitation was sent to and a password. The record's details and role are HR's; the database links
// the account to it only with this token and this address.
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../shared/feedback/index.ts';
import { PasswordFields } from '../../features/account/index.ts';
import { signupFailure } from './failure.ts';
import { signUpInvited } from './data.ts';
import { TermsField } from './components/TermsField.tsx';

interface Values {
  password: string;
  terms: boolean;
}

export function InvitedSignup({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [busy, setBusy] = useState(false);

  async function submit(values: Values) {
    setBusy(true);
    try {
      const { confirmEmail } = await signUpInvited(email, values.password, token);
      feedback.success(
        t('signup.createdTitle'),
        confirmEmail ? t('accounts.checkEmail') : t('accounts.linked'),
      );
      navigate('/login');
    } catch (error) {
      feedback.refused(t('signup.failedTitle'), signupFailure(t, error));
    } finally {
      setBusy(false);
    }
  }

  if (!email)
    return (
      <Alert type="error" showIcon style={{ marginTop: 16 }} message={t('accounts.invited.missingEmail')} />
    );
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginTop: 16 }}
        message={t('accounts.invited.title')}
        description={t('accounts.invited.intro', { email })}
      />
      <Form<Values> layout="vertical" onFinish={submit} style={{ marginTop: 16 }} requiredMark={false}>
        <Form.Item label={t('signup.email')}>
          <Input
            value={email}
            readOnly
            variant="filled"
            autoComplete="username"
            data-testid="invited-email"
          />
        </Form.Item>
        <PasswordFields label={t('signup.password')} email={email} />
        <TermsField />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('signup.submit')}
        </Button>
      </Form>
    </>
  );
}
