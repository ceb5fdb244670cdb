// Show Alerts: the missed check-ins (a shift started, nobody punched) and the missed check-outs
// (records left open), from missed_punches; live while shown.
import { Alert, Col, List, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../components/daily/weekdays.ts';
import { siteDateTime, siteTime } from '../../../shared/format/index.ts';
import { useMissedPunches } from '../data.ts';
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
          <Col xs={24} md={12}>
            <Typography.Text strong>
              {t('attendance.alerts.missedIn')} ({missedIn.length})
            </Typography.Text>
            <List
              size="small"
              dataSource={missedIn.slice(0, 50)}
              locale={{ emptyText: <EmptyState text={t('attendance.alerts.none')} /> }}
              renderItem={(a) => (
                <List.Item>
                  {a.employee_name} · {a.shift_name} ·{' '}
                  {t('attendance.alerts.expectedAt', { time: time(a.expected_at) })}
                </List.Item>
              )}
            />
          </Col>
          <Col xs={24} md={12}>
            <Typography.Text strong>
              {t('attendance.alerts.missedOut')} ({missedOut.length})
            </Typography.Text>
            <List
              size="small"
              dataSource={missedOut.slice(0, 50)}
              locale={{ emptyText: <EmptyState text={t('attendance.alerts.none')} /> }}
              renderItem={(a) => (
                <List.Item data-testid="missed-check-out">
                  {a.employee_name} ·{' '}
                  {siteDateTime(new Date(a.expected_at).getTime() - 16 * 3600_000, null, locale)}
                </List.Item>
              )}
            />
          </Col>
        </Row>
      }
    />
  );
}
