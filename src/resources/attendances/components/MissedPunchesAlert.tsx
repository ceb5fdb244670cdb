// Show Alerts: the missed check-ins (a shift started, nobody punched) and the missed check-outs
// (records left open), from missed_punches; live while shown.
import { Alert, Col, List, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../components/daily/weekdays.ts';
import { siteDateTime, siteTime } from '../../../shared/format/index.ts';
import { useMissedPunches, type MissedPunch } from '../data.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

export function MissedPunchesAlert() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const alerts = useMissedPunches();
  // The server names no zone for these: the reader's clock (a site-local reading needs the site's zone).
  const time = (at: string | null) => siteTime(at, null, locale);
  const missedIn = (alerts.data ?? []).filter((a) => a.kind === 'missed_check_in');
  const missedOut = (alerts.data ?? []).filter((a) => a.kind === 'missed_check_out');
  return (
    <Alert
      data-testid="attendance-alerts"
      type="warning"
      message={
        <Row gutter={24}>
          <MissedColumn
            title={t('attendance.alerts.missedIn')}
            missed={missedIn}
            renderItem={(a) => (
              <List.Item>
                {a.employee_name} · {a.shift_name} ·{' '}
                {t('attendance.alerts.expectedAt', { time: time(a.expected_at) })}
              </List.Item>
            )}
          />
          <MissedColumn
            title={t('attendance.alerts.missedOut')}
            missed={missedOut}
            renderItem={(a) => (
              <List.Item data-testid="missed-check-out">
                {a.employee_name} ·{' '}
                {siteDateTime(new Date(a.expected_at).getTime() - 16 * 3600_000, null, locale)}
              </List.Item>
            )}
          />
        </Row>
      }
    />
  );
}

/** One kind of missed punch: its title with the count, and the first 50. */
function MissedColumn({
  title,
  missed,
  renderItem,
}: {
  title: string;
  missed: MissedPunch[];
  renderItem: (punch: MissedPunch) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Col xs={24} md={12}>
      <Typography.Text strong>
        {title} ({missed.length})
      </Typography.Text>
      <List
        size="small"
        dataSource={missed.slice(0, 50)}
        locale={{ emptyText: <EmptyState text={t('attendance.alerts.none')} /> }}
        renderItem={renderItem}
      />
    </Col>
  );
}
