// A failed step as a toast: the screen's title ('Failed to …') and the database's own words.
import { App as AntApp } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDecisionBlocker } from '../duties.ts';
import { RpcError } from '../queries.ts';

/** Database refusals the spec words exactly, translated when the screen is in French. */
const KNOWN: Record<string, [string, string]> = {
  'Approval Required': ['salary.status.approvalRequired', 'salary.status.approvalRequiredDetail'],
  'Select employees': ['salary.form.selectEmployees', 'salary.form.selectEmployeesDetail'],
  'No pending salaries': ['salary.noPending', 'salary.noPendingDetail'],
  'A paid salary structure cannot be deleted': ['salary.actions.deleteRefused', ''],
};

const REFUSAL_CODE = /^[a-z0-9]+(_[a-z0-9]+)+$/;

export function useErrorToast() {
  const { t } = useTranslation();
  const { notification } = AntApp.useApp();
  return (title: string, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const known = KNOWN[message];
    if (known) {
      notification.error({ message: t(known[0]), description: known[1] ? t(known[1]) : undefined });
      return;
    }
    const hint = error instanceof RpcError ? error.hint : null;
    if (isDecisionBlocker(hint)) {
      notification.error({ message: title, description: t(`salaryDuties.reasons.${hint}`) });
      return;
    }
    // A stable refusal code (snake_case) is for the program, not the person: show only the words.
    const words = hint && !REFUSAL_CODE.test(hint) ? ` ${hint}` : '';
    notification.error({ message: title, description: `${message}${words}` });
  };
}
