// /payroll-management: real runs. Cards per currency (SQL), the runs with Process / Mark paid /
// Cancel (RPCs), a run's gross-to-net summary, Excel export, and the records with their payslips.
import { FileExcelOutlined, FilePdfOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useInvalidate, type CrudFilter } from '@refinedev/core';
import {
  App as AntApp,
  Button,
  Card,
  Col,
  Input,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supabase } from '../../providers/supabase.ts';
import { useErrorToast } from '../salary_structures/components/useErrorToast.ts';
import { formatMoney } from '../salary_structures/money.ts';
import { RpcError } from '../salary_structures/queries.ts';
import { RunDialog } from './components/RunDialog.tsx';
import { RunSummary } from './components/RunSummary.tsx';
import type { ExportRecord } from './export/workbook.ts';

export type PayrollStatus = 'draft' | 'processed' | 'paid' | 'cancelled';
export interface PayrollRun {
  id: string;
  site_id: string;
  period_start: string;
  period_end: string;
  frequency: string;
  status: PayrollStatus;
  currency: string;
  employee_count: number;
  total_gross: number;
  total_deductions: number;
  total_net: number;
  skipped: Array<{ name: string; reason: string }>;
  sites?: { name: string } | null;
}
type PayrollRecord = ExportRecord & { run_id: string };

const STATUS_COLOR: Record<PayrollStatus, string> = {
  draft: 'default',
  processed: 'blue',
  paid: 'green',
  cancelled: 'red',
};

interface SummaryRow {
  currency: string;
  total_records: number;
  total_paid: number;
  pending: number;
  average_pay: number;
}

async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase().rpc(name, args);
  if (error) throw new RpcError(error.message, error.hint || null, error.code);
  return data as T;
}

export const runName = (run: PayrollRun) =>
  `${run.sites?.name ?? ''} ${dayjs(run.period_start).format('MMM DD')} – ${dayjs(run.period_end).format('MMM DD, YYYY')}`.trim();

export function PayrollList() {
  const { t, i18n } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const showError = useErrorToast();
  const invalidate = useInvalidate();
  const lang = i18n.language;
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PayrollStatus | undefined>();
  const [month, setMonth] = useState<number | undefined>();
  const [summary, setSummary] = useState<SummaryRow[]>([]);
  const [running, setRunning] = useState(false);
  const [summaryOf, setSummaryOf] = useState<PayrollRun | null>(null);

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
    const term = search.trim();
    const filters: CrudFilter[] = [{ field: 'status', operator: 'eq', value: status }];
    if (term) {
      const uuidish = /^[0-9a-f-]{8,36}$/i.test(term);
      filters.push({
        operator: 'or',
        value: [
          { field: 'employee_name', operator: 'contains', value: term },
          ...(uuidish && term.length === 36
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
    setRecordFilters(filters, 'replace');
  }, [search, status, month, setRecordFilters]);

  const refreshKey = `${runs.tableQuery.dataUpdatedAt}-${records.tableQuery.dataUpdatedAt}`;
  useEffect(() => {
    let stale = false;
    rpc<SummaryRow[]>('payroll_summary', {
      p_month: month === undefined ? null : month + 1,
      p_status: status ?? null,
      p_search: search.trim() || null,
    })
      .then((rows) => !stale && setSummary(rows))
      .catch(() => !stale && setSummary([]));
    return () => {
      stale = true;
    };
  }, [month, status, search, refreshKey]);

  const refresh = () => {
    void invalidate({ resource: 'payroll_runs', invalidates: ['list'] });
    void invalidate({ resource: 'payroll_records', invalidates: ['list'] });
  };

  function move(run: PayrollRun, action: 'process' | 'markPaid' | 'cancel') {
    const steps: Record<typeof action, [string, string, string]> = {
      process: ['process_payroll_run', 'payroll.processConfirm', 'payroll.processed'],
      markPaid: ['mark_payroll_run_paid', 'payroll.markPaidConfirm', 'payroll.paid'],
      cancel: ['cancel_payroll_run', 'payroll.cancelConfirm', 'payroll.cancelled'],
    };
    const [fn, confirmKey, doneKey] = steps[action];
    modal.confirm({
      title: t(confirmKey, { name: runName(run) }),
      okButtonProps: { danger: action === 'cancel' },
      onOk: async () => {
        try {
          await rpc(fn, { p_run_id: run.id });
          void message.success(t(doneKey));
          refresh();
        } catch (error) {
          showError(t('payroll.failed'), error);
        }
      },
    });
  }

  async function exportExcel(run: PayrollRun) {
    try {
      const { data, error } = await supabase()
        .from('payroll_records')
        .select('*')
        .eq('run_id', run.id)
        .order('employee_name');
      if (error) throw new Error(error.message);
      const { exportRun } = await import('./export/workbook.ts');
      await exportRun(
        data as ExportRecord[],
        `payroll-${(run.sites?.name ?? 'site').replace(/\W+/g, '-')}-${run.period_start}.xlsx`,
      );
    } catch (error) {
      showError(t('payroll.exportFailed'), error);
    }
  }

  async function payslip(recordId: string) {
    try {
      const { downloadPayslip } = await import('./payslip/download.ts');
      await downloadPayslip(recordId);
    } catch (error) {
      showError(t('payroll.payslipFailed'), error);
    }
  }

  const statusOptions = (['draft', 'processed', 'paid', 'cancelled'] as const).map((s) => ({
    value: s,
    label: t(`payroll.statuses.${s}`),
  }));

  return (
    <div data-testid="payroll-management">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('payroll.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => setRunning(true)}>
          {t('payroll.runPayroll')}
        </Button>
      </Space>

      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('payroll.search')}
          aria-label={t('payroll.search')}
          style={{ width: 240 }}
          onSearch={setSearch}
        />
        <Select
          aria-label={t('payroll.status')}
          style={{ width: 170 }}
          value={status ?? 'all'}
          onChange={(v) => setStatus(v === 'all' ? undefined : (v as PayrollStatus))}
          options={[{ value: 'all', label: `${t('payroll.status')}: ${t('payroll.all')}` }, ...statusOptions]}
        />
        <Select
          aria-label={t('payroll.month')}
          style={{ width: 170 }}
          value={month ?? 'all'}
          onChange={(v) => setMonth(v === 'all' ? undefined : Number(v))}
          options={[
            { value: 'all', label: `${t('payroll.month')}: ${t('payroll.all')}` },
            ...Array.from({ length: 12 }, (_, m) => ({ value: m, label: dayjs().month(m).format('MMMM') })),
          ]}
        />
      </Space>

      <Row gutter={[12, 12]} style={{ marginBottom: 16 }} data-testid="payroll-summary">
        {summary.length === 0 && (
          <Col span={24}>
            <Typography.Text type="secondary">{t('payroll.cards.none')}</Typography.Text>
          </Col>
        )}
        {summary.map((s) => (
          <Col xs={24} lg={12} key={s.currency}>
            <Card size="small" title={s.currency} data-testid={`payroll-card-${s.currency}`}>
              <Row gutter={8}>
                <Col span={6}>
                  <Statistic
                    title={t('payroll.cards.totalRecords')}
                    value={s.total_records}
                    valueStyle={{ fontSize: 18 }}
                  />
                </Col>
                <Col span={6}>
                  <Statistic
                    title={t('payroll.cards.totalPaid', { currency: s.currency })}
                    value={formatMoney(s.total_paid, s.currency, lang)}
                    valueStyle={{ fontSize: 18 }}
                  />
                </Col>
                <Col span={6}>
                  <Statistic
                    title={t('payroll.cards.pending')}
                    value={s.pending}
                    valueStyle={{ fontSize: 18 }}
                  />
                </Col>
                <Col span={6}>
                  <Statistic
                    title={t('payroll.cards.averagePay', { currency: s.currency })}
                    value={formatMoney(s.average_pay, s.currency, lang)}
                    valueStyle={{ fontSize: 18 }}
                  />
                </Col>
              </Row>
            </Card>
          </Col>
        ))}
      </Row>

      <Typography.Title level={4}>{t('payroll.runs')}</Typography.Title>
      <Table<PayrollRun>
        {...runs.tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 900 }}
        data-testid="payroll-runs"
        columns={[
          { title: t('payroll.columns.site'), render: (_, r) => r.sites?.name },
          {
            title: t('payroll.columns.period'),
            render: (_, r) =>
              `${dayjs(r.period_start).format('MMM DD, YYYY')} – ${dayjs(r.period_end).format('MMM DD, YYYY')}`,
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
          {
            title: t('payroll.columns.gross'),
            align: 'right',
            render: (_, r) => formatMoney(r.total_gross, r.currency, lang),
          },
          {
            title: t('payroll.columns.net'),
            align: 'right',
            render: (_, r) => formatMoney(r.total_net, r.currency, lang),
          },
          {
            title: t('payroll.columns.actions'),
            render: (_, r) => (
              <Space wrap size={4}>
                <Button size="small" onClick={() => setSummaryOf(r)}>
                  {t('payroll.summary')}
                </Button>
                {r.status === 'draft' && (
                  <>
                    <Button size="small" type="primary" onClick={() => move(r, 'process')}>
                      {t('payroll.process')}
                    </Button>
                    <Button size="small" danger onClick={() => move(r, 'cancel')}>
                      {t('payroll.cancel')}
                    </Button>
                  </>
                )}
                {r.status === 'processed' && (
                  <Button size="small" type="primary" onClick={() => move(r, 'markPaid')}>
                    {t('payroll.markPaid')}
                  </Button>
                )}
                <Button size="small" icon={<FileExcelOutlined />} onClick={() => void exportExcel(r)}>
                  {t('payroll.export')}
                </Button>
              </Space>
            ),
          },
        ]}
      />

      <Typography.Title level={4} style={{ marginTop: 24 }}>
        {t('payroll.records')}
      </Typography.Title>
      <Table<PayrollRecord>
        {...records.tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 900 }}
        locale={{ emptyText: t('payroll.noRecords') }}
        data-testid="payroll-records"
        columns={[
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
            render: (_, r) =>
              `${dayjs(r.pay_period_start).format('MMM DD')} – ${dayjs(r.pay_period_end).format('MMM DD, YYYY')}`,
          },
          {
            title: t('payroll.columns.hours'),
            align: 'right',
            render: (_, r) =>
              `${Number(r.regular_hours).toFixed(2)} + ${Number(r.overtime_hours).toFixed(2)}`,
          },
          {
            title: t('payroll.columns.gross'),
            align: 'right',
            render: (_, r) => formatMoney(r.gross_pay, r.currency, lang),
          },
          {
            title: t('payroll.columns.deductions'),
            align: 'right',
            render: (_, r) => formatMoney(r.total_deductions, r.currency, lang),
          },
          {
            title: t('payroll.columns.net'),
            align: 'right',
            render: (_, r) => (
              <span data-testid="record-net">{formatMoney(r.net_pay, r.currency, lang)}</span>
            ),
          },
          {
            title: t('payroll.status'),
            render: (_, r) => (
              <Tag color={STATUS_COLOR[r.status as PayrollStatus]}>{t(`payroll.statuses.${r.status}`)}</Tag>
            ),
          },
          {
            title: t('payroll.columns.actions'),
            render: (_, r) =>
              r.status !== 'cancelled' && (
                <Button size="small" icon={<FilePdfOutlined />} onClick={() => void payslip(r.id)}>
                  {t('payroll.payslip')}
                </Button>
              ),
          },
        ]}
      />

      {running && (
        <RunDialog
          onClose={(created) => {
            setRunning(false);
            if (created) refresh();
          }}
        />
      )}
      {summaryOf && <RunSummary run={summaryOf} onClose={() => setSummaryOf(null)} />}
    </div>
  );
}
