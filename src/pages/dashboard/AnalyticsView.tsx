// The dashboard's analytics: attendance rate and people on leave by day, lateness by department, hours by week
// (attendance_analytics, computed in SQL). This file is loaded only when Analytics opens, and it
// alone imports the charts library.
import { Column, Line } from '@ant-design/charts';
import { Card, Col, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayLabel, intlLocale } from '../../components/daily/weekdays.ts';
import { useAnalytics, type AnalyticsPoint as Point } from './data.ts';

/** The four charts: which series, its title, drawn as a line (a rate over days) or as columns. */
const CHARTS = [
  { name: 'rate_by_day', title: 'rateByDay', Chart: Line, testId: undefined },
  { name: 'leave_by_day', title: 'leaveByDay', Chart: Column, testId: 'analytics-leave' },
  { name: 'late_by_department', title: 'lateByDepartment', Chart: Column, testId: undefined },
  { name: 'hours_by_week', title: 'hoursByWeek', Chart: Column, testId: undefined },
] as const;

export default function AnalyticsView() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const points = useAnalytics();
  const series = (name: Point['series']) =>
    (points.data ?? [])
      .filter((p) => p.series === name)
      // Days and weeks (their Monday) read in the reader's language; departments as they are.
      .map((p) => ({
        label: name === 'late_by_department' ? p.label : dayLabel(p.label, locale, false),
        value: Number(p.value),
      }));
  return (
    <Spin spinning={points.isLoading} data-testid="analytics-view">
      <Row gutter={[16, 16]} data-testid="analytics-view">
        {CHARTS.map(({ name, title, Chart, testId }) => (
          <Col key={name} xs={24} md={12}>
            <Card size="small" title={t(`dashboard.analytics.${title}`)} data-testid={testId}>
              <Chart data={series(name)} xField="label" yField="value" height={220} />
            </Card>
          </Col>
        ))}
      </Row>
    </Spin>
  );
}
