// The payroll screen's actions: each workflow step through its RPC after a confirmation (a run's
// Process / Mark paid / Cancel, a record's Process / Mark paid), a run's Excel export, a payslip.
import { useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { downloadPayslip } from '../../../features/payslip/index.ts';
import { useConfirmedAction, useFeedback } from '../../../shared/feedback/index.ts';
import {
  fetchRunRecords,
  useMoveRecord,
  useMoveRun,
  type PayrollRecord,
  type PayrollRun,
  type RecordAction,
  type RunAction,
} from '../data.ts';
import { runName } from './status.ts';

export type { RecordAction, RunAction };

const CONFIRM: Record<RunAction, [confirm: string, done: string]> = {
  process: ['payroll.processConfirm', 'payroll.processed'],
  markPaid: ['payroll.markPaidConfirm', 'payroll.paid'],
  cancel: ['payroll.cancelConfirm', 'payroll.cancelled'],
};

export function usePayrollActions() {
  const { t, i18n } = useTranslation();
  const confirmAction = useConfirmedAction();
  const feedback = useFeedback();
  const invalidate = useInvalidate();
  const runStep = useMoveRun();
  const recordStep = useMoveRecord();

  const refresh = () => {
    void invalidate({ resource: 'payroll_runs', invalidates: ['list'] });
    void invalidate({ resource: 'payroll_records', invalidates: ['list'] });
  };

  function confirmStep(
    [confirmKey, doneKey]: [string, string],
    name: string,
    step: () => Promise<unknown>,
    danger = false,
  ) {
    confirmAction({
      title: t(confirmKey, { name }),
      danger,
      run: step,
      done: t(doneKey),
      failed: t('payroll.failed'),
      then: refresh,
    });
  }

  const moveRun = (run: PayrollRun, action: RunAction) =>
    confirmStep(
      CONFIRM[action],
      runName(run, i18n.language),
      () => runStep.mutateAsync({ runId: run.id, action }),
      action === 'cancel',
    );
  const moveRecord = (record: PayrollRecord, action: RecordAction) =>
    confirmStep(CONFIRM[action], record.employee_name, () =>
      recordStep.mutateAsync({ recordId: record.id, action }),
    );

  async function exportExcel(run: PayrollRun) {
    try {
      const records = await fetchRunRecords(run.id);
      const { exportRun } = await import('../export/workbook.ts');
      await exportRun(
        records,
        `payroll-${(run.sites?.name ?? 'site').replace(/\W+/g, '-')}-${run.period_start}.xlsx`,
        t('payroll.title'),
        (key) => {
          const [kind, name] = key.split('.') as [string, string];
          if (kind === 'deduction') return t(`salary.deduction.${name}`, { defaultValue: name });
          if (kind === 'status') return t(`payroll.statuses.${name}`, { defaultValue: name });
          if (kind === 'leave') return t(`leavePay.sheet.${name}`);
          return t(`payroll.sheet.${name}`);
        },
      );
    } catch (error) {
      feedback.failure(error, t('payroll.exportFailed'));
    }
  }

  async function payslip(recordId: string) {
    try {
      await downloadPayslip(recordId);
    } catch (error) {
      feedback.failure(error, t('payroll.payslipFailed'));
    }
  }

  return { refresh, moveRun, moveRecord, exportExcel, payslip };
}
