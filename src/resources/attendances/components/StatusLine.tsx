// The status line: what the last action did ('Checked in — name', 'Fingerprint not recognized', …).
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusType, type Status } from '../status.ts';

export function StatusLine({ status }: { status: Status }) {
  const { t } = useTranslation();
  return (
    <Alert
      data-testid="attendance-status"
      type={statusType(status.key)}
      showIcon
      message={
        status.key === 'idle'
          ? t('attendance.status.idle')
          : `${t(`attendance.status.${status.key}`)}${status.name ? ` — ${status.name}` : ''}`
      }
    />
  );
}
