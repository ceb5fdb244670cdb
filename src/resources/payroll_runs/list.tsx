// /payroll-management: real runs. Cards per currency (SQL), the runs with Process / Mark paid /
// Cancel (RPCs), a run's gross-to-net summary, Excel export, and the records with Process / Mark
// paid / Cancel (with a reason) each and their payslips. Runs and records are live (realtime), so a second screen follows.
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { Button, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelRecordDialog } from './components/CancelRecordDialog.tsx';
import { PayrollCards } from './components/PayrollCards.tsx';
import { PayrollFilters } from './components/PayrollFilters.tsx';
import { RecordsTable } from './components/RecordsTable.tsx';
import { RunDialog } from './components/RunDialog.tsx';
import { RunSummary } from './components/RunSummary.tsx';
import { RunsTable } from './components/RunsTable.tsx';
import { usePayrollActions } from './components/usePayrollActions.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { PaymentFilesDialog } from '../../features/payment-files/index.ts';
import type { PayrollRecord, PayrollRun, PayrollStatus } from './data.ts';

/** The records' filters as Refine filters: status, name or id, and the month of the period's end. */
export function recordFilters(search: string, status?: PayrollStatus, month?: number): CrudFilter[] {
  const term = search.trim();
  const filters: CrudFilter[] = [{ field: 'status', operator: 'eq', value: status }];
  if (term) {
    const uuid = /^[0-9a-f-]{36}$/i.test(term);
    filters.push({
      operator: 'or',
      value: [
        { field: 'employee_name', operator: 'contains', value: term },
        ...(uuid
          ? [
              { field: 'id', operator: 'eq' as const, value: term },
              { field: 'employee_id', operator: 'eq' as const, value: term },
            ]
          : []),
      ],
    });
  }
  if (month !== undefined) {
    const start = dayjs().month(month).startOf('month');
    filters.push({ field: 'pay_period_end', operator: 'gte', value: start.format('YYYY-MM-DD') });
    filters.push({
      field: 'pay_period_end',
      operator: 'lte',
      value: start.endOf('month').format('YYYY-MM-DD'),
    });
  }
  return filters;
}

export function PayrollList() {
  const { t } = useTranslation();
  const actions = usePayrollActions();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PayrollStatus | undefined>();
  const [month, setMonth] = useState<number | undefined>();
  const [running, setRunning] = useState(false);
  const [summaryOf, setSummaryOf] = useState<PayrollRun | null>(null);
  const [filesOf, setFilesOf] = useState<PayrollRun | null>(null);
  const [cancelling, setCancelling] = useState<PayrollRecord | null>(null);

  const runs = useTable<PayrollRun>({
    resource: 'payroll_runs',
    meta: { select: '*, sites(name)' },
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
    pagination: { pageSize: 5 },
    syncWithLocation: false,
    liveMode: 'auto',
  });
  const records = useTable<PayrollRecord>({
    resource: 'payroll_records',
    sorters: { initial: [{ field: 'employee_name', order: 'asc' }] },
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    liveMode: 'auto',
  });
  const setRecordFilters = records.setFilters;
  useEffect(() => {
    setRecordFilters(recordFilters(search, status, month), 'replace');
  }, [search, status, month, setRecordFilters]);

  return (
    <div data-testid="payroll-management">
      <ScreenHeader
        title={t('payroll.title')}
        actions={
          <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => setRunning(true)}>
            {t('payroll.runPayroll')}
          </Button>
        }
      />

      <PayrollFilters
        status={status}
        month={month}
        onSearch={setSearch}
        onStatus={setStatus}
        onMonth={setMonth}
      />
      <PayrollCards month={month} status={status} search={search} />

      <Typography.Title level={4}>{t('payroll.runs')}</Typography.Title>
      <RunsTable
        tableProps={runs.tableProps}
        onSummary={setSummaryOf}
        onMove={actions.moveRun}
        onExport={(run) => void actions.exportExcel(run)}
        onPaymentFiles={setFilesOf}
      />

      <Typography.Title level={4} style={{ marginTop: 24 }}>
        {t('payroll.records')}
      </Typography.Title>
      <RecordsTable
        tableProps={records.tableProps}
        onMove={actions.moveRecord}
        onCancel={setCancelling}
        onPayslip={(id) => void actions.payslip(id)}
      />

      {running && (
        <RunDialog
          onClose={(created) => {
            setRunning(false);
            if (created) actions.refresh();
          }}
        />
      )}
      {cancelling && (
        <CancelRecordDialog
          record={cancelling}
          onClose={(cancelled) => {
            setCancelling(null);
            if (cancelled) actions.refresh();
          }}
        />
      )}
      {summaryOf && <RunSummary run={summaryOf} onClose={() => setSummaryOf(null)} />}
      {filesOf && <PaymentFilesDialog run={filesOf} onClose={() => setFilesOf(null)} />}
    </div>
  );
}
