// Today's Summary: the attendance rate (1 decimal) with the counts it is computed from (present
// among the expected), present, absent and on leave; a public holiday today reads as its name.
import { Card, Col, Progress, Row, Spin, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Help } from '../../../components/daily/Help.tsx';
import { formatPercent } from '../../../shared/format/index.ts';
import type { Figures } from '../../../features/attendance-overview/index.ts';
import { useTodayHolidays } from '../data.ts';

/** Today's three counts, each in its colour (present green, absent red, on leave blue). */
const FIGURES = [
  { key: 'present', title: 'present', color: '#52c41a', testId: undefined },
  { key: 'absent', title: 'absent', color: '#ff4d4f', testId: undefined },
  { key: 'on_leave', title: 'onLeave', color: '#0958d9', testId: 'today-on-leave' },
] as const;

export function TodaySummary({ figures }: { figures: Figures | undefined }) {
  const { t, i18n } = useTranslation();
  const holidays = useTodayHolidays();
  const today = figures?.today;
  const rate = today?.attendance_rate ?? 0;
  return (
    <Card title={t('dashboard.today.title')} data-testid="today-summary" style={{ height: '100%' }}>
      <Spin spinning={!figures}>
        {(holidays.data ?? []).map((h) => (
          <Tag
            key={`${h.country}-${h.name}`}
            color="purple"
            data-testid="today-holiday"
            style={{ marginBottom: 8 }}
          >
            {t('dashboard.today.holiday', { name: h.name, country: h.country })}
          </Tag>
        ))}
        <Typography.Text>
          <Help text={t('dashboard.today.rateHelp')}>{t('dashboard.today.rate')}</Help>
        </Typography.Text>
        <Typography.Title level={2} style={{ margin: '4px 0' }} data-testid="today-rate">
          {formatPercent(rate, i18n.language)}
        </Typography.Title>
        <Typography.Text type="secondary" data-testid="today-rate-counts">
          {t('leave.measure.ofExpected', {
            present: today?.present_expected ?? 0,
            expected: today?.expected ?? 0,
          })}
        </Typography.Text>
        <Progress percent={rate} showInfo={false} />
        <Row gutter={16} style={{ marginTop: 16 }}>
          {FIGURES.map(({ key, title, color, testId }) => (
            <Col key={key} span={8} data-testid={testId}>
              <Statistic
                title={t(`dashboard.today.${title}`)}
                value={today?.[key] ?? 0}
                valueStyle={{ color }}
              />
            </Col>
          ))}
        </Row>
      </Spin>
    </Card>
  );
}
