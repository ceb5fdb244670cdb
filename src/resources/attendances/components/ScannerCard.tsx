// Check In / Check Out with the inline scanner page (ScannerFrame): the chosen action stays armed
// for the next person.
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScannerFrame } from '../../../components/scanner/ScannerFrame.tsx';
import type { PunchAction, ScannerMessage } from '../../../fingerprint/scanner/protocol.ts';

export function ScannerCard({ onMessage }: { onMessage: (message: ScannerMessage) => void }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<PunchAction | null>(null);
  return (
    <Card
      data-testid="attendance-scanner"
      title={
        action
          ? t('attendance.scannerFor', {
              action: t(action === 'check-in' ? 'attendance.checkIn' : 'attendance.checkOut'),
            })
          : t('attendance.scanner')
      }
      extra={
        <Space>
          <Button type={action === 'check-in' ? 'primary' : 'default'} onClick={() => setAction('check-in')}>
            {t('attendance.checkIn')}
          </Button>
          <Button
            type={action === 'check-out' ? 'primary' : 'default'}
            onClick={() => setAction('check-out')}
          >
            {t('attendance.checkOut')}
          </Button>
        </Space>
      }
    >
      {action ? (
        <ScannerFrame mode="attendance" action={action} onMessage={onMessage} height={380} />
      ) : (
        <Typography.Text type="secondary">{t('attendance.status.scannerIdle')}</Typography.Text>
      )}
    </Card>
  );
}
