// The records: employee, period, hours, gross, deductions, net, status (with a cancelled record's
// reason), and per record Process, Mark paid, Cancel (not once paid) and the payslip.
import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Tooltip, Typography, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPeriod } from '../../../shared/format/index.ts';
import type { PayrollRecord, PayrollStatus } from '../data.ts';
import { NextStepButton } from './NextStepButton.tsx';
import { STATUS_COLOR } from './status.ts';
import type { RecordAction } from './usePayrollActions.ts';
import { ScreenTable } from '../../../components/table/ScreenTable.tsx';
import { moneyColumn } from '../../../components/table/moneyColumn.tsx';

/** What a record's buttons do (the screen's dialogs and the payroll actions). */
export interface RecordHandlers {
  onMove: (record: PayrollRecord, action: RecordAction) => void;
  onCancel: (record: PayrollRecord) => void;
  onPayslip: (recordId: string) => void;
}

export function RecordsTable({
  tableProps,
  ...handlers
}: { tableProps: TableProps<PayrollRecord> } & RecordHandlers) {
  const { t } = useTranslation();
  const columns = useRecordColumns(handlers);
  return (
    <ScreenTable<PayrollRecord>
      tableProps={tableProps}
      empty={t('payroll.noRecords')}
      testId="payroll-records"
      columns={columns}
    />
  );
}

function useRecordColumns({ onMove, onCancel, onPayslip }: RecordHandlers): ColumnsType<PayrollRecord> {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return [
    {
      title: t('payroll.columns.employee'),
      render: (_, r) => (
        <div>
          <Typography.Text strong>{r.employee_name}</Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.id.slice(0, 8)}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t('payroll.columns.period'),
      render: (_, r) => formatPeriod(r.pay_period_start, r.pay_period_end, lang),
    },
    {
      title: t('payroll.columns.hours'),
      align: 'right',
      render: (_, r) => `${formatNumber(r.regular_hours, lang)} + ${formatNumber(r.overtime_hours, lang)}`,
    },
    moneyColumn(t('payroll.columns.gross'), (r) => r.gross_pay, lang),
    moneyColumn(t('payroll.columns.deductions'), (r) => r.total_deductions, lang),
    moneyColumn(t('payroll.columns.net'), (r) => r.net_pay, lang, 'record-net'),
    {
      title: t('payroll.status'),
      render: (_, r) => {
        const tag = (
          <Tag color={STATUS_COLOR[r.status as PayrollStatus]} data-testid="record-status">
            {t(`payroll.statuses.${r.status}`)}
          </Tag>
        );
        return r.status === 'cancelled' && r.cancel_reason ? (
          <div>
            {tag}
            <div>
              <Tooltip title={r.cancel_reason}>
                <Typography.Text
                  type="secondary"
                  style={{ fontSize: 12, maxWidth: 160 }}
                  ellipsis
                  data-testid="record-cancel-reason"
                >
                  {r.cancel_reason}
                </Typography.Text>
              </Tooltip>
            </div>
          </div>
        ) : (
          tag
        );
      },
    },
    {
      title: t('payroll.columns.actions'),
      key: 'actions',
      width: 270,
      render: (_, r) => (
        <Space size={4}>
          <NextStepButton status={r.status} onStep={(step) => onMove(r, step)} />
          {(r.status === 'draft' || r.status === 'processed') && (
            <Button size="small" danger onClick={() => onCancel(r)}>
              {t('payroll.cancelRecord')}
            </Button>
          )}
          {r.status !== 'cancelled' && (
            <Button size="small" icon={<FilePdfOutlined />} onClick={() => onPayslip(r.id)}>
              {t('payroll.payslip')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
