// Today's Summary: present or absent, hours today and this week, break time (my_day_summary).
import { Card, Col, Row, Statistic, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/index.ts';
import type { MyDay } from '../data.ts';
import { TONE } from '../../../theme.ts';

export function SummaryCard({ summary: s }: { summary: MyDay | undefined }) {
  const { t, i18n } = useTranslation();
  const figures = [
    {
      testId: 'portal-hours-today',
      title: 'portal.summary.hoursToday',
      help: 'portal.summary.hoursTodayHelp',
      value: (d: MyDay) => formatNumber(d.hours_today, i18n.language),
      suffix: 'h',
    },
    {
      testId: 'portal-hours-week',
      title: 'portal.summary.week',
      help: 'portal.summary.weekHelp',
      value: (d: MyDay) => formatNumber(d.hours_week, i18n.language),
      suffix: 'h',
    },
    {
      testId: 'portal-break',
      title: 'portal.summary.breakTime',
      help: 'portal.summary.breakHelp',
      value: (d: MyDay) => t('portal.summary.minutes', { count: d.break_minutes }),
      suffix: undefined,
    },
  ];
  return (
    <Card title={t('portal.summary.title')} data-testid="portal-summary" style={{ height: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col span={12}>
          <Statistic
            title={t('portal.summary.status')}
            value={s ? (s.present ? t('portal.summary.present') : t('portal.summary.absent')) : '—'}
            valueStyle={{ color: s?.present ? TONE.success : TONE.error, fontSize: 20 }}
          />
        </Col>
        {figures.map((f) => (
          <Col key={f.testId} span={12} data-testid={f.testId}>
            <Tooltip title={t(f.help)}>
              <Statistic
                title={t(f.title)}
                value={s ? f.value(s) : '—'}
                suffix={f.suffix}
                valueStyle={{ fontSize: 20 }}
              />
            </Tooltip>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
