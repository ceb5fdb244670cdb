// A failed step as a toast: the screen's title ('Failed to …') and the refusal described by its code.
import { App as AntApp } from 'antd';
import { useTranslation } from 'react-i18next';
import { toDbError } from '../../../data/errors.ts';
import { describeErrorFully } from '../../../shared/feedback/index.ts';
import { isDecisionBlocker } from '../duties.ts';
import { RpcError } from '../queries.ts';

/** Database refusals the spec words exactly, with the screen's own title and detail. */
const KNOWN: Record<string, [string, string]> = {
  'salary.approval_required': ['salary.status.approvalRequired', 'salary.status.approvalRequiredDetail'],
  'salary.select_employees': ['salary.form.selectEmployees', 'salary.form.selectEmployeesDetail'],
  'salary.none_pending': ['salary.noPending', 'salary.noPendingDetail'],
  'salary.paid_not_deletable': ['salary.actions.deleteRefused', ''],
};

export function useErrorToast() {
  const { t } = useTranslation();
  const { notification } = AntApp.useApp();
  return (title: string, error: unknown) => {
    const known = KNOWN[toDbError(error).code];
    if (known) {
      notification.error({ message: t(known[0]), description: known[1] ? t(known[1]) : undefined });
      return;
    }
    const hint = error instanceof RpcError ? error.hint : null;
    if (isDecisionBlocker(hint)) {
      notification.error({ message: title, description: t(`salaryDuties.reasons.${hint}`) });
      return;
    }
    notification.error({ message: title, description: describeErrorFully(t, error) });
  };
}
