// The employee portal's card about the person's own biometrics (issue 26): their personal number,
// which a verify site's kiosk asks before the thumb.
import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMyBiometrics } from './data.ts';

export function MyBiometricsCard({ employeeId }: { employeeId: string | undefined }) {
  const { t } = useTranslation();
  const mine = useMyBiometrics(employeeId);
  return (
    <Card title={t('myBiometrics.title')} loading={mine.isLoading} data-testid="my-biometrics">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('myBiometrics.personalNumber')}>
          <Typography.Text strong data-testid="my-personal-number">
            {mine.data?.personalNumber ?? '—'}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('myBiometrics.numberNote')}
      </Typography.Paragraph>
    </Card>
  );
}
