// Today's attendance: the check-in and check-out times (of today, or of a check-in left open on an
// earlier day), and the buttons that open the scanner.
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayLabel } from '../../../components/daily/weekdays.ts';
import type { PunchAction } from '../../../features/punch/index.ts';
import type { MyRecord } from '../data.ts';

export function AttendanceCard({
  latest,
  openSince,
  canCheckIn,
  canCheckOut,
  time,
  locale,
  onScan,
}: {
  latest: MyRecord | undefined;
  openSince: string | null;
  /** False until the records are loaded. */
  canCheckIn: boolean;
  canCheckOut: boolean;
  time: (at: string | null | undefined) => string;
  locale: string;
  onScan: (action: PunchAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('portal.attendance.title')} data-testid="portal-attendance" style={{ height: '100%' }}>
      <Descriptions column={2} size="small">
        <Descriptions.Item label={t('portal.attendance.checkInTime')}>
          <span data-testid="portal-check-in">{time(latest?.check_in)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('portal.attendance.checkOutTime')}>
          <span data-testid="portal-check-out">{time(latest?.check_out)}</span>
        </Descriptions.Item>
      </Descriptions>
      {openSince && (
        <Tag color="orange" data-testid="portal-open-since">
          {t('punch.openSince', { day: dayLabel(openSince, locale) })}
        </Tag>
      )}
      <Space wrap style={{ marginTop: 12 }}>
        <Button type="primary" disabled={!canCheckIn} onClick={() => onScan('check-in')}>
          {t('portal.attendance.checkIn')}
        </Button>
        <Button disabled={!canCheckOut} onClick={() => onScan('check-out')}>
          {t('portal.attendance.checkOut')}
        </Button>
      </Space>
    </Card>
  );
}
