// /salary-management: filters, the summary cards per currency (from SQL), the structures table and
// its dialogs; every status change through the workflow RPCs (data.ts).
import { PlusOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useGetIdentity, useInvalidate, type CrudFilter } from '@refinedev/core';
import { Alert, App as AntApp, Button } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { mayDo } from '../../domain/access/roles.ts';
import { downloadStructurePayslip } from '../../features/payslip/index.ts';
import { SalaryFormDialog, type FormMode } from '../../features/salary-form/index.ts';
import type { Identity } from '../../providers/identity.ts';
import { useFeedback } from '../../shared/feedback/index.ts';
import { monthName } from '../../shared/format/index.ts';
import { salaryColumns } from './components/columns.tsx';
import { DetailDrawer } from './components/DetailDrawer.tsx';
import { SalaryFilters } from './components/SalaryFilters.tsx';
import { StatusDialog } from './components/StatusDialog.tsx';
import { SummaryCards } from './components/SummaryCards.tsx';
import { useBulkApproval } from './components/useBulkApproval.ts';
import { useSalaryFailure } from './components/useSalaryFailure.ts';
import {
  deleteStructure,
  useHoursInMonth,
  type SalaryFilters as Filters,
  type SalaryStructure,
} from './data.ts';
import { ScreenTable } from '../../components/table/ScreenTable.tsx';

export function SalaryList() {
  const { t, i18n } = useTranslation();
  const { modal } = AntApp.useApp();
  const feedback = useFeedback();
  const showError = useSalaryFailure();
  const invalidate = useInvalidate();
  const { data: identity } = useGetIdentity<Identity>();
  const [filters, setFilterState] = useState<Filters>({});
  const [month, setMonth] = useState(dayjs().month());
  const [form, setForm] = useState<{ mode: FormMode; record?: SalaryStructure } | null>(null);
  const [statusOf, setStatusOf] = useState<SalaryStructure | null>(null);
  const [viewed, setViewed] = useState<SalaryStructure | null>(null);

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
  const hours = useHoursInMonth(monthStart, employeeIds);

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
          feedback.success(t('salary.deleted'));
          refresh();
        } catch (error) {
          showError(t('salary.failedDelete'), error);
        }
      },
    });
  }

  const columns = salaryColumns(
    t,
    i18n.language,
    role,
    hours.isError ? undefined : hours.data,
    monthName(month, i18n.language),
    {
      view: setViewed,
      edit: (r) => setForm({ mode: r.approval_status === 'pending' ? 'edit' : 'revise', record: r }),
      status: setStatusOf,
      payslip: (r) =>
        void downloadStructurePayslip(r.id).catch((error: unknown) =>
          showError(t('payroll.payslipFailed'), error),
        ),
      remove,
    },
  );

  return (
    <div data-testid="salary-management">
      <ScreenHeader
        title={t('salary.title')}
        actions={
          <>
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
          </>
        }
      />

      <SalaryFilters filters={filters} onChange={setFilterState} month={month} onMonth={setMonth} />

      {tableQuery.isError && (
        <Alert type="error" showIcon message={t('salary.failedLoad')} style={{ marginBottom: 16 }} />
      )}
      <SummaryCards filters={filters} />

      <ScreenTable<SalaryStructure> tableProps={tableProps} empty={t('salary.empty')} columns={columns} />

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
