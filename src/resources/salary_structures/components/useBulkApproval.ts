// Bulk Approve / Bulk Reject: confirms with the count the caller may decide (and how many are left
// for another admin), then says what the database decided and which it left, and why.
import { App as AntApp } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { bulkApproval, pendingDecisions } from '../data.ts';
import { useSalaryFailure } from './useSalaryFailure.ts';

export function useBulkApproval(myEmployeeId: string | undefined, onDone: () => void) {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  const feedback = useFeedback();
  const showError = useSalaryFailure();

  return async function bulk(approve: boolean) {
    if (!myEmployeeId) return;
    const { decidable, left } = await pendingDecisions(myEmployeeId);
    if (decidable === 0) {
      if (left > 0) {
        feedback.notice('warning', t('salaryDuties.noneDecidable'), t('salaryDuties.noneDecidableDetail'));
      } else {
        feedback.notice('warning', t('salary.noPending'), t('salary.noPendingDetail'));
      }
      return;
    }
    modal.confirm({
      title: t(approve ? 'salary.bulkConfirmApprove' : 'salary.bulkConfirmReject', { count: decidable }),
      content: left > 0 ? t('salaryDuties.confirmLeft', { count: left }) : undefined,
      okButtonProps: { danger: !approve },
      onOk: async () => {
        try {
          const done = await bulkApproval(approve, null);
          feedback.success(
            t(approve ? 'salary.bulkDoneApprove' : 'salary.bulkDoneReject', { count: done.decided }),
          );
          if (done.skipped.length > 0) {
            feedback.notice(
              'info',
              t('salaryDuties.leftTitle', { count: done.skipped.length }),
              done.skipped
                .map((s) => `${s.employee_name}: ${t(`salaryDuties.short.${s.reason}`)}`)
                .join(' · '),
            );
          }
          onDone();
        } catch (error) {
          showError(t(approve ? 'salary.bulkApprovalFailed' : 'salary.bulkRejectFailed'), error);
        }
      },
    });
  };
}
