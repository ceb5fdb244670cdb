// A generated report: its measures or charts (the charts library loads only here), then its tables.
import { Card, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCell, type GeneratedReport, type ReportTable } from '../model.ts';
import { DataTable } from './DataTable.tsx';
import { EmployeeTables } from './EmployeeTables.tsx';
import { SummaryCards } from './SummaryCards.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';

const ReportCharts = lazy(() => import('../ReportCharts.tsx'));

export function ReportResult({ generated, tables }: { generated: GeneratedReport; tables: ReportTable[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const report = generated.report;
  return (
    <Card
      data-testid="report-result"
      title={t(`reports.types.${report.type}`)}
      extra={
        <Typography.Text type="secondary">
          {formatCell(generated.params.from, 'date', lang)} - {formatCell(generated.params.to, 'date', lang)}
        </Typography.Text>
      }
    >
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {report.type === 'summary' && <SummaryCards rows={report.rows} />}
        {report.type !== 'summary' && report.rows.length > 0 && (
          <Suspense fallback={<Skeleton active />}>
            <ReportCharts report={report} />
          </Suspense>
        )}
        {report.type === 'employee' ? (
          <EmployeeTables generated={generated} tables={tables} />
        ) : (
          tables.map((table) => (
            <DataTable
              key={table.name}
              table={table}
              testId={`report-table-${report.type}`}
              sortable={report.type !== 'summary'}
            />
          ))
        )}
        {report.rows.length === 0 && <EmptyState text={t('reports.empty')} />}
      </Space>
    </Card>
  );
}
