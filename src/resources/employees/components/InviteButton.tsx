// 'Send invitation' for a person without an account: the link to create it, after a confirmation.
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { inviteEmployee } from '../../../features/employee-form/index.ts';
import { useFeedback } from '../../../shared/feedback/index.ts';

export function InviteButton({ employee }: { employee: { id: string; email: string } }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  return (
    <Popconfirm
      title={t('users.confirmInvite', { email: employee.email })}
      onConfirm={async () => {
        try {
          await inviteEmployee(employee.id);
          feedback.success(t('employees.invitationSent', { email: employee.email }));
        } catch (error) {
          feedback.failure(error, t('users.failed'));
        }
      }}
    >
      <Button>{t('employees.sendInvitation')}</Button>
    </Popconfirm>
  );
}
