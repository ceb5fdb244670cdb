// Settings → 'Fingerprint retention' (issue 26 item 3): how many days without a punch before the
// daily job destroys a person's templates. Admins change it (30 days to 3 years); the public
// biometric policy states the period in force.
import { Button, Card, Form, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeedback } from '../../shared/feedback/index.ts';
import { RETENTION_DAYS, useRetentionDays, useSetRetentionDays } from './data.ts';
import { toastOutcome } from './outcome.ts';

export function RetentionCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const current = useRetentionDays();
  const save = useSetRetentionDays();
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => {
    if (current.data !== undefined) setDays(current.data);
  }, [current.data]);

  const valid =
    days !== null && Number.isInteger(days) && days >= RETENTION_DAYS.min && days <= RETENTION_DAYS.max;
  const submit = () => {
    if (!valid) return;
    save.mutate(days, toastOutcome(feedback, t('biometricConsent.retention.saved')));
  };

  return (
    <Card
      title={t('biometricConsent.retention.title')}
      data-testid="retention-card"
      loading={current.isLoading}
    >
      <Typography.Paragraph type="secondary">
        {t('biometricConsent.retention.note')}{' '}
        <Link to="/biometric-policy" target="_blank">
          {t('biometricConsent.link')}
        </Link>
      </Typography.Paragraph>
      <Form layout="inline" onFinish={submit}>
        <Form.Item
          label={t('biometricConsent.retention.days')}
          validateStatus={days === null || valid ? '' : 'error'}
          help={
            days === null || valid
              ? undefined
              : t('errors.biometric.retention_out_of_range', {
                  min: RETENTION_DAYS.min,
                  max: RETENTION_DAYS.max,
                })
          }
        >
          <Space>
            <InputNumber<number>
              aria-label={t('biometricConsent.retention.days')}
              min={RETENTION_DAYS.min}
              max={RETENTION_DAYS.max}
              precision={0}
              value={days}
              disabled={!canEdit}
              onChange={(value) => setDays(value)}
              data-testid="retention-days"
            />
            {canEdit && (
              <Button
                htmlType="submit"
                type="primary"
                disabled={!valid || days === current.data}
                loading={save.isPending}
              >
                {t('biometricConsent.retention.save')}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
