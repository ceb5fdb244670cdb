// Today's Summary: the attendance rate (1 decimal) with the counts it is computed from (present
// among the expected), present, absent and on leave; a public holiday today reads as its name.
import { Card, Col, Progress, Row, Spin, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Help } from '../../../components/daily/Help.tsx';
import { formatPercent } from '../../../shared/format/index.ts';
import type { Figures } from '../../../features/attendance-overview/index.ts';
import { useTodayHolidays } from '../data.ts';

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
          <Col span={8}>
            <Statistic
              title={t('dashboard.today.present')}
              value={today?.present ?? 0}
              valueStyle={{ color: '#52c41a' }}
            />
          </Col>
          <Col span={8}>
            <Statistic
              title={t('dashboard.today.absent')}
              value={today?.absent ?? 0}
              valueStyle={{ color: '#ff4d4f' }}
            />
          </Col>
          <Col span={8} data-testid="today-on-leave">
            <Statistic
              title={t('dashboard.today.onLeave')}
              value={today?.on_leave ?? 0}
              valueStyle={{ color: '#0958d9' }}
            />
          </Col>
        </Row>
      </Spin>
    </Card>
  );
}
