// Today's Summary: present or absent, hours today and this week, break time (my_day_summary).
import { Card, Col, Row, Statistic, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MyDay } from '../data.ts';

export function SummaryCard({ summary: s }: { summary: MyDay | undefined }) {
  const { t } = useTranslation();
  return (
    <Card title={t('portal.summary.title')} data-testid="portal-summary" style={{ height: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col span={12}>
          <Statistic
            title={t('portal.summary.status')}
            value={s ? (s.present ? t('portal.summary.present') : t('portal.summary.absent')) : '—'}
            valueStyle={{ color: s?.present ? '#52c41a' : '#ff4d4f', fontSize: 20 }}
          />
        </Col>
        <Col span={12} data-testid="portal-hours-today">
          <Tooltip title={t('portal.summary.hoursTodayHelp')}>
            <Statistic
              title={t('portal.summary.hoursToday')}
              value={s ? Number(s.hours_today).toFixed(2) : '—'}
              suffix="h"
              valueStyle={{ fontSize: 20 }}
            />
          </Tooltip>
        </Col>
        <Col span={12} data-testid="portal-hours-week">
          <Tooltip title={t('portal.summary.weekHelp')}>
            <Statistic
              title={t('portal.summary.week')}
              value={s ? Number(s.hours_week).toFixed(2) : '—'}
              suffix="h"
              valueStyle={{ fontSize: 20 }}
            />
          </Tooltip>
        </Col>
        <Col span={12} data-testid="portal-break">
          <Tooltip title={t('portal.summary.breakHelp')}>
            <Statistic
              title={t('portal.summary.breakTime')}
              value={s ? t('portal.summary.minutes', { count: s.break_minutes }) : '—'}
              valueStyle={{ fontSize: 20 }}
            />
          </Tooltip>
        </Col>
      </Row>
    </Card>
  );
}
