// The summary strip: Weekly Attendance, Productivity, On-Time Rate, each with its definition.
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Help } from '../../components/daily/Help.tsx';
import { useFormat } from '../../shared/format/index.ts';
import type { Figures } from './data.ts';

export function SummaryStrip({
  figures,
  testPrefix = 'summary',
}: {
  figures: Figures | undefined;
  testPrefix?: string;
}) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  // '83.5%' / '83,5 %': the reader's way of writing a rate, without a trailing ',0'.
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const items = [
    { key: 'weekly', field: 'attendance_rate' },
    { key: 'productivity', field: 'productivity' },
    { key: 'onTime', field: 'on_time_rate' },
  ] as const;
  return (
    <Card>
      <Row gutter={[16, 16]}>
        {items.map((i) => (
          <Col key={i.key} xs={24} md={8} data-testid={`${testPrefix}-${i.key}`}>
            <Statistic
              title={
                <Help text={t(`dashboard.summary.${i.key}Help`)}>{t(`dashboard.summary.${i.key}`)}</Help>
              }
              value={figures ? percent.format(Number(figures.performance[i.field]) / 100) : '—'}
              loading={!figures}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`dashboard.summary.${i.key}Help`)}
            </Typography.Text>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
