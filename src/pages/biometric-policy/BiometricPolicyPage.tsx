// /biometric-policy: the public biometric policy (issue 26 item 3), readable without signing in and
// linked from the landing page, the kiosk and every enrolment. Its words are those of the version
// the database publishes (text_key), the retention period the one an admin set.
import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../shared/format/index.ts';
import { BUILT_IN_POLICY, usePublishedPolicy } from './data.ts';

const SECTIONS = ['purpose', 'stored', 'readers', 'retention', 'withdraw', 'law'] as const;

export function BiometricPolicyPage() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const policy = usePublishedPolicy();
  const published = policy.data;
  // A version this build has no words for is shown in the words it has, and says so.
  const textKey =
    published && i18n.exists(`biometricConsent.policy.${published.textKey}.purpose`)
      ? published.textKey
      : BUILT_IN_POLICY.textKey;
  const days = published?.retentionDays ?? null;
  const years =
    days === null
      ? ''
      : days < 365
        ? t('biometricConsent.underAYear')
        : t('biometricConsent.years', { count: Math.round(days / 365) });

  return (
    <Card style={{ maxWidth: 820, margin: '48px auto' }} data-testid="biometric-policy">
      <Typography.Title>{t('biometricConsent.page.title')}</Typography.Title>
      {published && (
        <Typography.Paragraph type="secondary" data-testid="policy-version">
          {t('biometricConsent.page.version', {
            version: published.version,
            date: f.date(published.publishedOn),
          })}
        </Typography.Paragraph>
      )}
      {policy.isError && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('biometricConsent.page.unavailable', { version: BUILT_IN_POLICY.version })}
        />
      )}
      {SECTIONS.map((section) => (
        <section key={section} data-testid={`policy-${section}`}>
          <Typography.Title level={3}>
            {t(`biometricConsent.policy.${textKey}.${section}Title`)}
          </Typography.Title>
          <Typography.Paragraph>
            {t(`biometricConsent.policy.${textKey}.${section}`, {
              days: days ?? '—',
              years,
            })}
          </Typography.Paragraph>
        </section>
      ))}
      <Link to="/">{t('biometricConsent.page.backHome')}</Link>
    </Card>
  );
}
