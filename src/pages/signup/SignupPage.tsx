// 'Create Employee Account': every field of the spec, its messages, and a role that is only a request.
import { Button, Col, Form, Row, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicCard } from '../../components/PublicCard.tsx';
import { loadFeatureTexts } from '../../i18n/index.ts';
import { useFeedback } from '../../shared/feedback/index.ts';
import { signupFailure } from './failure.ts';
import type { CapturedFinger } from '../../features/own-fingerprint/index.ts';
import { SignupFields } from './components/SignupFields.tsx';
import { InvitedSignup } from './InvitedSignup.tsx';
import { signUp, type SignupForm, type SignupOutcome } from './data.ts';

// The scanner's host loads on demand: the form paints without it.
const SignupFingerprint = lazy(() => import('./SignupFingerprint.tsx'));

export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const [capture, setCapture] = useState<CapturedFinger | null>(null);
  // An invitation link: /signup?invitation=<token>&email=<address> (public.invite_employee).
  const [params] = useSearchParams();
  const invitation = params.get('invitation');
  // The invitation's texts and the refusals' (the 'accounts' feature) load with the page.
  const [textsReady, setTextsReady] = useState(false);
  useEffect(() => {
    void loadFeatureTexts(['accounts']).then(() => setTextsReady(true));
  }, []);

  /** The spec's messages for the scanned finger; the sentence the 'Account Created' toast adds. */
  function reportFingerprint(fingerprint: SignupOutcome['fingerprint']): string {
    if (!fingerprint) return '';
    if (fingerprint === 'enrolled') return t('signupFinger.saved');
    if (fingerprint === 'at-login') return t('signupFinger.savedAtLogin');
    if (fingerprint === 'duplicate')
      feedback.refused(t('signupFinger.duplicateTitle'), t('signupFinger.duplicate'));
    else if (fingerprint === 'unavailable' || fingerprint === 'too-many') {
      feedback.refused(t('signupFinger.errorTitle'), t('signupFinger.checkFailed'));
      if (fingerprint === 'unavailable') return t('signupFinger.savedAtLogin');
    } else if (fingerprint === 'already-enrolled') return t('signupFinger.alreadyEnrolled');
    else if (fingerprint === 'inconsistent')
      feedback.refused(t('signupFinger.errorTitle'), t('signupFinger.inconsistent'));
    return t('signupFinger.notSaved');
  }

  async function submit(values: Omit<SignupForm, 'joining_date'> & { joining_date: Dayjs }) {
    if (!values.role) {
      feedback.refused(t('signup.missingRoleTitle'), t('signup.missingRole'));
      return;
    }
    setBusy(true);
    try {
      const outcome = await signUp(
        { ...values, joining_date: values.joining_date.format('YYYY-MM-DD') },
        capture,
      );
      // The sign-up page paints without the shell's texts: this one is loaded when needed.
      if (outcome.kind === 'confirm') await loadFeatureTexts(['accountSecurity']);
      const description =
        outcome.kind === 'confirm'
          ? t('accountSecurity.confirmEmail', { email: values.email.trim() })
          : outcome.kind === 'admin'
            ? t('signup.createdAdmin')
            : outcome.kind === 'pending'
              ? t('signup.createdPending', { role: t(`roles.${outcome.role}`) })
              : t('signup.created');
      const sentences = [description, reportFingerprint(outcome.fingerprint)].filter(Boolean);
      feedback.success(
        t('signup.createdTitle'),
        sentences.map((s, i) => (i < sentences.length - 1 && !/[.!?]$/.test(s) ? `${s}.` : s)).join(' '),
      );
      navigate('/login');
    } catch (error) {
      feedback.refused(t('signup.failedTitle'), signupFailure(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicCard title={t('signup.title')} level={3} width={720}>
      {invitation !== null ? (
        textsReady && <InvitedSignup token={invitation} email={params.get('email') ?? ''} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ employment_type: 'full_time' }}
          style={{ marginTop: 16 }}
        >
          <Row gutter={16}>
            <SignupFields />
            <Col xs={24}>
              <Form.Item>
                <Suspense fallback={null}>
                  <SignupFingerprint capture={capture} onChange={setCapture} />
                </Suspense>
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('signup.submit')}
          </Button>
        </Form>
      )}
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <span>{t('signup.haveAccount')}</span> <Link to="/login">{t('signup.loginLink')}</Link>
      </Typography.Paragraph>
    </PublicCard>
  );
}
