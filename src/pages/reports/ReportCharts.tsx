// The report's charts. @ant-design/charts is heavy: this module is imported only by the reports
// page, through React.lazy, once a report with a chart has been generated.
import { Column, Line } from '@ant-design/charts';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Report } from './data.ts';
import { formatCell } from './model.ts';

export default function ReportCharts({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (report.type === 'daily') {
    const data = report.rows.flatMap((r) => [
      { day: formatCell(r.day, 'date', lang), series: t('reports.columns.present'), value: r.present },
      { day: formatCell(r.day, 'date', lang), series: t('reports.columns.absent'), value: r.absent },
      { day: formatCell(r.day, 'date', lang), series: t('reports.columns.late'), value: r.late },
      { day: formatCell(r.day, 'date', lang), series: t('reports.columns.onLeave'), value: r.on_leave },
    ]);
    return (
      <Card size="small" title={t('reports.charts.daily')} data-testid="report-chart">
        <Line data={data} xField="day" yField="value" colorField="series" height={280} autoFit />
      </Card>
    );
  }
  if (report.type === 'monthly') {
    const measures = [
      ['attendance_rate', 'rate'],
      ['hours', 'hours'],
      ['late_days', 'late'],
    ] as const;
    return (
      <Row gutter={[16, 16]} data-testid="report-chart">
        {measures.map(([field, label]) => (
          <Col xs={24} lg={8} key={field}>
            <Card size="small" title={t(`reports.charts.${label}`)}>
              <Column
                data={report.rows.map((r) => ({
                  month: formatCell(r.month, 'month', lang),
                  department: r.department_name || '-',
                  value: r[field],
                }))}
                xField="month"
                yField="value"
                colorField="department"
                group
                height={260}
                autoFit
              />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  if (report.type === 'employee') {
    const top = [...report.rows].sort((a, b) => a.rank - b.rank).slice(0, 10);
    return (
      <Card size="small" title={t('reports.columns.attendanceRate')} data-testid="report-chart">
        <Column
          data={top.map((r) => ({ name: r.employee_name, value: r.attendance_rate }))}
          xField="name"
          yField="value"
          height={260}
          autoFit
        />
      </Card>
    );
  }
  return null;
}
