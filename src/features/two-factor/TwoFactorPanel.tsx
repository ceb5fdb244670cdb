// The two-factor screen: shows whether sign-in asks for a code, enrols an authenticator app (QR code
// drawn from the otpauth URI, the key to type, then a code to prove it), and removes it (a code
// first: Supabase removes a verified factor only from an aal2 session).
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, QRCode, Result, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../shared/feedback/index.ts';
import { formatDate } from '../../shared/format/index.ts';
import {
  listTotpFactors,
  removeOwnFactor,
  startEnrolment,
  verifyCode,
  type Enrolment,
  type TotpFactor,
} from './data.ts';
import { CodeForm } from './CodeForm.tsx';

export function TwoFactorPanel({ onChange }: { onChange?: (verified: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  const [factor, setFactor] = useState<TotpFactor | null | undefined>(undefined);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    const verified = (await listTotpFactors()).find((f) => f.status === 'verified') ?? null;
    setFactor(verified);
    onChange?.(verified !== null);
  }, [onChange]);

  useEffect(() => {
    reload().catch((error: unknown) => {
      setFactor(null);
      feedback.failure(error, t('twoFactor.failed'));
    });
  }, [reload, feedback, t]);

  /** A code accepted: leave the step, say what changed, read the factors again. */
  async function accepted(leaveStep: () => void, message: string) {
    leaveStep();
    feedback.success(message);
    await reload();
  }

  async function begin() {
    setBusy(true);
    try {
      setEnrolment(await startEnrolment(t('twoFactor.factorName')));
    } catch (error) {
      feedback.failure(error, t('twoFactor.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (factor === undefined) {
    return (
      <div style={{ textAlign: 'center', padding: 24 }}>
        <Spin />
        <Typography.Paragraph style={{ marginTop: 12 }}>{t('twoFactor.loading')}</Typography.Paragraph>
      </div>
    );
  }

  if (factor) {
    return (
      <div data-testid="two-factor-on">
        <Result
          status="success"
          icon={<SafetyCertificateOutlined />}
          title={t('twoFactor.statusOn')}
          subTitle={t('twoFactor.added', {
            date: formatDate(new Date(factor.createdAt), i18n.language),
          })}
          style={{ padding: '16px 0' }}
        />
        {removing ? (
          <>
            <Typography.Paragraph>{t('twoFactor.removeText')}</Typography.Paragraph>
            <CodeForm
              testId="two-factor-remove-code"
              submitLabel={t('twoFactor.confirm')}
              onCode={async (code) => {
                await removeOwnFactor(factor.id, code);
                await accepted(() => setRemoving(false), t('twoFactor.removed'));
              }}
              extra={<Button onClick={() => setRemoving(false)}>{t('twoFactor.cancel')}</Button>}
            />
          </>
        ) : (
          <Button danger block onClick={() => setRemoving(true)}>
            {t('twoFactor.remove')}
          </Button>
        )}
      </div>
    );
  }

  if (!enrolment) {
    return (
      <div data-testid="two-factor-off">
        <Typography.Paragraph strong>{t('twoFactor.statusOff')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('twoFactor.intro')}</Typography.Paragraph>
        <Button type="primary" loading={busy} onClick={() => void begin()}>
          {t('twoFactor.setUp')}
        </Button>
      </div>
    );
  }

  return (
    <div data-testid="two-factor-enrol">
      <Typography.Paragraph strong>{t('twoFactor.scan')}</Typography.Paragraph>
      <Space align="start" size="large" wrap>
        <QRCode value={enrolment.uri} size={176} bordered aria-label={t('twoFactor.scan')} />
        <div style={{ maxWidth: 240 }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
            {t('twoFactor.typeSecret')}
          </Typography.Paragraph>
          {/* In groups of four, as authenticator apps show keys; copied without the spaces. */}
          <Typography.Paragraph
            code
            copyable={{ text: enrolment.secret }}
            data-testid="two-factor-secret"
            style={{ fontSize: 15, margin: 0 }}
          >
            {enrolment.secret.match(/.{1,4}/g)?.join(' ')}
          </Typography.Paragraph>
        </div>
      </Space>
      <Typography.Paragraph strong style={{ marginTop: 16 }}>
        {t('twoFactor.enterCode')}
      </Typography.Paragraph>
      <CodeForm
        submitLabel={t('twoFactor.verify')}
        onCode={async (code) => {
          await verifyCode(enrolment.factorId, code);
          await accepted(() => setEnrolment(null), t('twoFactor.enabled'));
        }}
        extra={<Button onClick={() => setEnrolment(null)}>{t('twoFactor.cancel')}</Button>}
      />
    </div>
  );
}
