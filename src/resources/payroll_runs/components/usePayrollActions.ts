// The payroll screen's actions: each workflow step through its RPC after a confirmation (a run's
// Process / Mark paid / Cancel, a record's Process / Mark paid), a run's Excel export, a payslip.
import { useInvalidate } from '@refinedev/core';
import { App as AntApp } from 'antd';
import { useTranslation } from 'react-i18next';
import { supabase } from '../../../data/client.ts';
import { useErrorToast } from '../../salary_structures/components/useErrorToast.ts';
import type { ExportRecord } from '../export/workbook.ts';
import { rpc, runName, type PayrollRecord, type PayrollRun } from '../types.ts';

export type RunAction = 'process' | 'markPaid' | 'cancel';
export type RecordAction = 'process' | 'markPaid';

const RUN_STEPS: Record<RunAction, [string, string, string]> = {
  process: ['process_payroll_run', 'payroll.processConfirm', 'payroll.processed'],
  markPaid: ['mark_payroll_run_paid', 'payroll.markPaidConfirm', 'payroll.paid'],
  cancel: ['cancel_payroll_run', 'payroll.cancelConfirm', 'payroll.cancelled'],
};
const RECORD_STEPS: Record<RecordAction, [string, string, string]> = {
  process: ['process_payroll_record', 'payroll.processConfirm', 'payroll.processed'],
  markPaid: ['mark_payroll_record_paid', 'payroll.markPaidConfirm', 'payroll.paid'],
};

export function usePayrollActions() {
  const { t } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const showError = useErrorToast();
  const invalidate = useInvalidate();

  const refresh = () => {
    void invalidate({ resource: 'payroll_runs', invalidates: ['list'] });
    void invalidate({ resource: 'payroll_records', invalidates: ['list'] });
  };

  function confirmStep(
    [fn, confirmKey, doneKey]: [string, string, string],
    name: string,
    args: Record<string, unknown>,
    danger = false,
  ) {
    modal.confirm({
      title: t(confirmKey, { name }),
      okButtonProps: { danger },
      onOk: async () => {
        try {
          await rpc(fn, args);
          void message.success(t(doneKey));
          refresh();
        } catch (error) {
          showError(t('payroll.failed'), error);
        }
      },
    });
  }

  const moveRun = (run: PayrollRun, action: RunAction) =>
    confirmStep(RUN_STEPS[action], runName(run), { p_run_id: run.id }, action === 'cancel');

  const moveRecord = (record: PayrollRecord, action: RecordAction) =>
    confirmStep(RECORD_STEPS[action], record.employee_name, { p_record_id: record.id });

  async function exportExcel(run: PayrollRun) {
    try {
      const { data, error } = await supabase()
        .from('payroll_records')
        .select('*')
        .eq('run_id', run.id)
        .order('employee_name');
      if (error) throw new Error(error.message);
      const { exportRun } = await import('../export/workbook.ts');
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
      const { downloadPayslip } = await import('../../../features/payslip/index.ts');
      await downloadPayslip(recordId);
    } catch (error) {
      showError(t('payroll.payslipFailed'), error);
    }
  }

  return { refresh, moveRun, moveRecord, exportExcel, payslip };
}
