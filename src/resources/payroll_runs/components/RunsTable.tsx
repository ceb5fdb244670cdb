// The runs: site, period, frequency, status, totals, and the run-wide steps.
import { BankOutlined, FileExcelOutlined } from '@ant-design/icons';
import { Button, Space, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPeriod } from '../../../shared/format/index.ts';
import type { PayrollRun } from '../data.ts';
import { NextStepButton } from './NextStepButton.tsx';
import { STATUS_COLOR } from './status.ts';
import type { RunAction } from './usePayrollActions.ts';
import { moneyColumn } from '../../../components/table/moneyColumn.tsx';
import { ScreenTable } from '../../../components/table/ScreenTable.tsx';

export function RunsTable({
  tableProps,
  onSummary,
  onMove,
  onExport,
  onPaymentFiles,
}: {
  tableProps: TableProps<PayrollRun>;
  onSummary: (run: PayrollRun) => void;
  onMove: (run: PayrollRun, action: RunAction) => void;
  onExport: (run: PayrollRun) => void;
  onPaymentFiles: (run: PayrollRun) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <ScreenTable<PayrollRun>
      tableProps={tableProps}
      empty={t('payroll.noRuns')}
      testId="payroll-runs"
      columns={[
        { title: t('payroll.columns.site'), render: (_, r) => r.sites?.name },
        {
          title: t('payroll.columns.period'),
          render: (_, r) => formatPeriod(r.period_start, r.period_end, lang),
        },
        { title: t('payroll.columns.frequency'), render: (_, r) => t(`salary.frequencies.${r.frequency}`) },
        {
          title: t('payroll.status'),
          render: (_, r) => (
            <Tag color={STATUS_COLOR[r.status]} data-testid="run-status">
              {t(`payroll.statuses.${r.status}`)}
            </Tag>
          ),
        },
        { title: t('payroll.columns.employees'), dataIndex: 'employee_count', align: 'right' },
        moneyColumn(t('payroll.columns.gross'), (r) => r.total_gross, lang),
        moneyColumn(t('payroll.columns.net'), (r) => r.total_net, lang),
        {
          title: t('payroll.columns.actions'),
          key: 'actions',
          width: 420,
          render: (_, r) => (
            <Space size={4} wrap>
              <Button size="small" onClick={() => onSummary(r)}>
                {t('payroll.summary')}
              </Button>
              <NextStepButton status={r.status} onStep={(step) => onMove(r, step)} />
              {r.status === 'draft' && (
                <Button size="small" danger onClick={() => onMove(r, 'cancel')}>
                  {t('payroll.cancel')}
                </Button>
              )}
              {(r.status === 'processed' || r.status === 'paid') && (
                <Button size="small" icon={<BankOutlined />} onClick={() => onPaymentFiles(r)}>
                  {t('payments.files.button')}
                </Button>
              )}
              <Button size="small" icon={<FileExcelOutlined />} onClick={() => onExport(r)}>
                {t('payroll.export')}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
