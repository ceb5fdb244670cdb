// The employee portal's 'My fingerprint consent' card (issue 26 item 3): the version of the policy
// the person agreed to, and the way to withdraw it (templates destroyed at once; PIN from then on).
import { Button, Card, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../shared/format/index.ts';
import { useFeedback } from '../../shared/feedback/index.ts';
import { useMyConsent, useWithdrawConsent } from './data.ts';

export function MyConsentCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const feedback = useFeedback();
  const { data: consent, isLoading } = useMyConsent();
  const withdraw = useWithdrawConsent();

  const status = !consent
    ? null
    : consent.fingers > 0
      ? t('biometricConsent.mine.given', {
          version: consent.consentTextVersion ?? '—',
          date: f.date(consent.consentAt),
          count: consent.fingers,
        })
      : consent.withdrawnAt
        ? t('biometricConsent.mine.withdrawnOn', { date: f.date(consent.withdrawnAt) })
        : t('biometricConsent.mine.none');

  return (
    <Card title={t('biometricConsent.mine.title')} loading={isLoading} data-testid="my-consent">
      <Typography.Paragraph data-testid="my-consent-status">{status}</Typography.Paragraph>
      <Typography.Paragraph>
        <Link to="/biometric-policy" target="_blank">
          {t('biometricConsent.link')}
        </Link>
      </Typography.Paragraph>
      {consent && consent.fingers > 0 && (
        <Popconfirm
          title={t('biometricConsent.mine.confirmTitle')}
          description={<div style={{ maxWidth: 320 }}>{t('biometricConsent.mine.confirmText')}</div>}
          okText={t('biometricConsent.mine.confirm')}
          okButtonProps={{ danger: true, loading: withdraw.isPending }}
          onConfirm={() =>
            withdraw.mutateAsync().then(
              () => feedback.success(t('biometricConsent.mine.withdrawn')),
              (error: unknown) => feedback.failure(error),
            )
          }
        >
          <Button danger data-testid="withdraw-consent">
            {t('biometricConsent.mine.withdraw')}
          </Button>
        </Popconfirm>
      )}
    </Card>
  );
}
