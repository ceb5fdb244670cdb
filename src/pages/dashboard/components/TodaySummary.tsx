// Today's Summary: the attendance rate (1 decimal) with its bar, present and absent.
import { Card, Col, Progress, Row, Spin, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Help } from '../../../components/daily/Help.tsx';
import { formatPercent } from '../../../shared/format/index.ts';
import type { Figures } from '../../../features/attendance-overview/index.ts';

export function TodaySummary({ figures }: { figures: Figures | undefined }) {
  const { t, i18n } = useTranslation();
  const rate = figures?.today.attendance_rate ?? 0;
  return (
    <Card title={t('dashboard.today.title')} data-testid="today-summary" style={{ height: '100%' }}>
      <Spin spinning={!figures}>
        <Typography.Text>
          <Help text={t('dashboard.today.rateHelp')}>{t('dashboard.today.rate')}</Help>
        </Typography.Text>
        <Typography.Title level={2} style={{ margin: '4px 0' }} data-testid="today-rate">
          {formatPercent(rate, i18n.language)}
        </Typography.Title>
        <Progress percent={rate} showInfo={false} />
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col span={12}>
            <Statistic
              title={t('dashboard.today.present')}
              value={figures?.today.present ?? 0}
              valueStyle={{ color: '#52c41a' }}
            />
          </Col>
          <Col span={12}>
            <Statistic
              title={t('dashboard.today.absent')}
              value={figures?.today.absent ?? 0}
              valueStyle={{ color: '#ff4d4f' }}
            />
          </Col>
        </Row>
      </Spin>
    </Card>
  );
}
