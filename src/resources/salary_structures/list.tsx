// /salary-management: filters, the summary cards per currency (from SQL), the structures table and
// its dialogs; every status change through the workflow RPCs.
import { DeleteOutlined, EditOutlined, EyeOutlined, FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useGetIdentity, useInvalidate, type CrudFilter } from '@refinedev/core';
import { Alert, App as AntApp, Button, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayDo } from '../../domain/access/roles.ts';
import type { Identity } from '../../providers/identity.ts';
import { DetailDrawer } from './components/DetailDrawer.tsx';
import { SalaryFormDialog, type FormMode } from './components/SalaryFormDialog.tsx';
import { StatusDialog } from './components/StatusDialog.tsx';
import { useBulkApproval } from './components/useBulkApproval.ts';
import { SummaryCards } from './components/SummaryCards.tsx';
import { useErrorToast } from './components/useErrorToast.ts';
import { formatMoney } from '../../shared/format/index.ts';
import {
  deleteStructure,
  hoursInMonth,
  type ApprovalStatus,
  type PaymentStatus,
  type SalaryFilters,
  type SalaryStructure,
} from './queries.ts';

export const APPROVAL_COLOR: Record<ApprovalStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};
export const PAYMENT_COLOR: Record<PaymentStatus, string> = {
  pending: 'default',
  processing: 'blue',
  paid: 'green',
  failed: 'red',
};

export function SalaryList() {
  const { t, i18n } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const showError = useErrorToast();
  const invalidate = useInvalidate();
  const { data: identity } = useGetIdentity<Identity>();
  const [filters, setFilterState] = useState<SalaryFilters>({});
  const [month, setMonth] = useState(dayjs().month());
  const [form, setForm] = useState<{ mode: FormMode; record?: SalaryStructure } | null>(null);
  const [statusOf, setStatusOf] = useState<SalaryStructure | null>(null);
  const [viewed, setViewed] = useState<SalaryStructure | null>(null);
  const [hours, setHours] = useState<Map<string, number>>(new Map());

  const { tableProps, setFilters, tableQuery } = useTable<SalaryStructure>({
    resource: 'salary_structures',
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    liveMode: 'auto',
  });

  useEffect(() => {
    const crud: CrudFilter[] = [
      { field: 'employee_name', operator: 'contains', value: filters.search || undefined },
      { field: 'is_active', operator: 'eq', value: filters.active },
      { field: 'approval_status', operator: 'eq', value: filters.approval },
      { field: 'payment_status', operator: 'eq', value: filters.payment },
    ];
    setFilters(crud, 'replace');
  }, [filters, setFilters]);

  const rows = useMemo(() => (tableProps.dataSource ?? []) as SalaryStructure[], [tableProps.dataSource]);
  const monthStart = dayjs().month(month).startOf('month').format('YYYY-MM-DD');
  const employeeIds = useMemo(() => [...new Set(rows.map((r) => r.employee_id))], [rows]);
  useEffect(() => {
    let stale = false;
    hoursInMonth(monthStart, employeeIds)
      .then((map) => !stale && setHours(map))
      .catch(() => !stale && setHours(new Map()));
    return () => {
      stale = true;
    };
  }, [monthStart, employeeIds]);

  const role = identity?.role;
  const refresh = () =>
    void invalidate({ resource: 'salary_structures', invalidates: ['list', 'many', 'detail'] });
  const bulk = useBulkApproval(identity?.employeeId, refresh);

  function remove(record: SalaryStructure) {
    modal.confirm({
      title: t('salary.actions.deleteConfirm'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteStructure(record.id);
          void message.success(t('salary.deleted'));
          refresh();
        } catch (error) {
          showError(t('salary.failedDelete'), error);
        }
      },
    });
  }

  const paidLocked = (r: SalaryStructure) => r.approval_status === 'approved' && r.payment_status === 'paid';
  const lang = i18n.language;
  const monthLabel = dayjs().month(month).format('MMMM');

  return (
    <div data-testid="salary-management">
      <Space style={{ width: '100%', justifyContent: 'space-between', flexWrap: 'wrap', marginBottom: 16 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('salary.title')}
        </Typography.Title>
        <Space wrap>
          {mayDo('salary.approve', role) && (
            <>
              <Button onClick={() => void bulk(true)}>{t('salary.bulkApprove')}</Button>
              <Button danger onClick={() => void bulk(false)}>
                {t('salary.bulkReject')}
              </Button>
            </>
          )}
          {mayDo('salary.create', role) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'create' })}>
              {t('salary.addSalary')}
            </Button>
          )}
        </Space>
      </Space>

      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('salary.filters.search')}
          aria-label={t('salary.filters.search')}
          style={{ width: 250 }}
          onSearch={(value) => setFilterState((f) => ({ ...f, search: value.trim() || undefined }))}
        />
        <Select
          aria-label={t('salary.filters.active')}
          style={{ width: 180 }}
          value={filters.active === undefined ? 'all' : filters.active ? 'active' : 'inactive'}
          onChange={(v) =>
            setFilterState((f) => ({ ...f, active: v === 'all' ? undefined : v === 'active' }))
          }
          options={[
            { value: 'all', label: `${t('salary.filters.active')}: ${t('salary.filters.all')}` },
            { value: 'active', label: t('salary.filters.activeOnly') },
            { value: 'inactive', label: t('salary.filters.inactive') },
          ]}
        />
        <Select
          aria-label={t('salary.filters.approval')}
          data-testid="filter-approval"
          style={{ width: 170 }}
          value={filters.approval ?? 'all'}
          onChange={(v) =>
            setFilterState((f) => ({ ...f, approval: v === 'all' ? undefined : (v as ApprovalStatus) }))
          }
          options={[
            { value: 'all', label: `${t('salary.filters.approval')}: ${t('salary.filters.all')}` },
            ...(['pending', 'approved', 'rejected'] as const).map((s) => ({
              value: s,
              label: t(`salary.approvalStatus.${s}`),
            })),
          ]}
        />
        <Select
          aria-label={t('salary.filters.payment')}
          style={{ width: 170 }}
          value={filters.payment ?? 'all'}
          onChange={(v) =>
            setFilterState((f) => ({ ...f, payment: v === 'all' ? undefined : (v as PaymentStatus) }))
          }
          options={[
            { value: 'all', label: `${t('salary.filters.payment')}: ${t('salary.filters.all')}` },
            ...(['pending', 'processing', 'paid', 'failed'] as const).map((s) => ({
              value: s,
              label: t(`salary.paymentStatus.${s}`),
            })),
          ]}
        />
        <Select
          aria-label={t('salary.filters.month')}
          style={{ width: 150 }}
          value={month}
          onChange={setMonth}
          options={Array.from({ length: 12 }, (_, m) => ({
            value: m,
            label: dayjs().month(m).format('MMMM'),
          }))}
        />
      </Space>

      {tableQuery.isError && (
        <Alert type="error" showIcon message={t('salary.failedLoad')} style={{ marginBottom: 16 }} />
      )}
      <SummaryCards filters={filters} refreshKey={tableQuery.dataUpdatedAt} />

      <Table<SalaryStructure>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 1180 }}
        locale={{ emptyText: t('salary.empty') }}
        columns={[
          {
            title: t('salary.columns.employee'),
            dataIndex: 'employee_name',
            width: 190,
            render: (_, r) => (
              <div>
                <Typography.Text strong>{r.employee_name}</Typography.Text>
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.country === 'US' ? 'USA' : 'BF'} · {r.currency}
                    {r.version > 1 ? ` · v${r.version}` : ''}
                  </Typography.Text>
                </div>
              </div>
            ),
          },
          {
            title: t('salary.columns.basic'),
            align: 'right',
            render: (_, r) => formatMoney(r.basic_salary, r.currency, lang),
          },
          {
            title: t('salary.columns.gross'),
            align: 'right',
            render: (_, r) => formatMoney(r.gross_salary, r.currency, lang),
          },
          {
            title: t('salary.columns.net'),
            align: 'right',
            render: (_, r) => <span data-testid="net">{formatMoney(r.net_salary, r.currency, lang)}</span>,
          },
          {
            title: t('salary.columns.hours', { month: monthLabel }),
            align: 'right',
            render: (_, r) => (hours.get(r.employee_id) ?? 0).toFixed(2),
          },
          {
            title: t('salary.columns.approval'),
            render: (_, r) => (
              <Tag color={APPROVAL_COLOR[r.approval_status]} data-testid="approval">
                {t(`salary.approvalStatus.${r.approval_status}`)}
              </Tag>
            ),
          },
          {
            title: t('salary.columns.payment'),
            render: (_, r) => (
              <Tag color={PAYMENT_COLOR[r.payment_status]} data-testid="payment">
                {t(`salary.paymentStatus.${r.payment_status}`)}
              </Tag>
            ),
          },
          {
            title: t('salary.columns.effectiveDate'),
            render: (_, r) => dayjs(r.effective_date).format('MMM DD, YYYY'),
          },
          {
            title: t('salary.columns.actions'),
            fixed: 'right',
            width: 210,
            render: (_, r) => (
              <Space size={2}>
                <Tooltip title={t('salary.actions.view')}>
                  <Button
                    type="text"
                    icon={<EyeOutlined />}
                    aria-label={t('salary.actions.view')}
                    onClick={() => setViewed(r)}
                  />
                </Tooltip>
                {mayDo('salary.create', role) && (r.approval_status !== 'pending' || role !== 'manager') && (
                  <Tooltip
                    title={
                      r.approval_status === 'pending' ? t('salary.actions.edit') : t('salary.actions.revise')
                    }
                  >
                    <Button
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={
                        r.approval_status === 'pending'
                          ? t('salary.actions.edit')
                          : t('salary.actions.revise')
                      }
                      onClick={() =>
                        setForm({ mode: r.approval_status === 'pending' ? 'edit' : 'revise', record: r })
                      }
                    />
                  </Tooltip>
                )}
                {(mayDo('salary.approve', role) || mayDo('salary.pay', role)) && (
                  <Button size="small" onClick={() => setStatusOf(r)}>
                    {t('salary.actions.status')}
                  </Button>
                )}
                {r.payment_status === 'paid' && (
                  <Tooltip title={t('salary.actions.payslip')}>
                    <Button
                      type="text"
                      icon={<FilePdfOutlined />}
                      aria-label={t('salary.actions.payslip')}
                      onClick={() =>
                        void import('../../features/payslip/index.ts')
                          .then((m) => m.downloadStructurePayslip(r.id))
                          .catch((error: unknown) => showError(t('payroll.payslipFailed'), error))
                      }
                    />
                  </Tooltip>
                )}
                {mayDo('salary.create', role) && role !== 'manager' && (
                  <Tooltip
                    title={paidLocked(r) ? t('salary.actions.deleteRefused') : t('salary.actions.delete')}
                  >
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('salary.actions.delete')}
                      disabled={paidLocked(r)}
                      onClick={() => remove(r)}
                    />
                  </Tooltip>
                )}
              </Space>
            ),
          },
        ]}
      />

      {form && (
        <SalaryFormDialog
          mode={form.mode}
          record={form.record}
          onClose={(saved) => {
            setForm(null);
            if (saved) refresh();
          }}
        />
      )}
      {statusOf && identity && (
        <StatusDialog
          record={statusOf}
          identity={identity}
          onClose={(changed) => {
            setStatusOf(null);
            if (changed) refresh();
          }}
        />
      )}
      <DetailDrawer record={viewed} onClose={() => setViewed(null)} />
    </div>
  );
}
