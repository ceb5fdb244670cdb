// /reports: the four reports, computed by the database for the caller's scope (admin and HR
// everyone, a manager their team, an employee themselves), with charts and PDF / Excel exports.
// The parts are in components/, the choice and the actions in hooks/useReport.ts, the reads in model.ts.
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReportFilters } from './components/ReportFilters.tsx';
import { ReportResult } from './components/ReportResult.tsx';
import { ReportTypeCards } from './components/ReportTypeCards.tsx';
import { useReport } from './hooks/useReport.ts';

const EXPORTS = [
  { kind: 'xlsx', icon: <FileExcelOutlined />, label: 'reports.excel', testId: 'export-excel' },
  { kind: 'pdf', icon: <FilePdfOutlined />, label: 'reports.pdf', testId: 'export-pdf' },
] as const;

export function ReportsPage() {
  const { t } = useTranslation();
  const r = useReport();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="reports-page">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('routes.reports')}
        </Typography.Title>
        {r.everGenerated && (
          <Space>
            {EXPORTS.map(({ kind, icon, label, testId }) => (
              <Button
                key={kind}
                icon={icon}
                onClick={() => void r.exportAs(kind)}
                loading={r.exporting === kind}
                data-testid={testId}
              >
                {t(label)}
              </Button>
            ))}
          </Space>
        )}
      </Flex>

      <ReportFilters report={r} />

      {!r.generated && <ReportTypeCards type={r.choice.type} onType={r.choice.setType} />}
      {r.generated && <ReportResult generated={r.generated} tables={r.tables} />}
    </Space>
  );
}
