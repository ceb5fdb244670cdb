// Users management: an admin removes the two-factor sign-in of a person who lost their phone.
// Shown only for accounts that have a verified factor; the database checks the role, asks the admin
// for their own code when needed, and audits the removal.
import { SafetyOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../components/table/IconAction.tsx';
import { useFeedback } from '../../shared/feedback/index.ts';
import { removeTwoFactor, twoFactorAccounts } from './data.ts';

const KEY = ['two-factor', 'accounts'] as const;

export function useTwoFactorAccounts(enabled: boolean) {
  return useQuery({ queryKey: KEY, queryFn: twoFactorAccounts, enabled });
}

export function RemoveTwoFactorButton({ employeeId, name }: { employeeId: string; name: string }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const { data: enrolled } = useTwoFactorAccounts(true);
  if (!enrolled?.includes(employeeId)) return null;

  async function remove() {
    try {
      await removeTwoFactor(employeeId);
      feedback.success(t('twoFactor.removedForUser', { name }));
    } catch (error) {
      feedback.failure(error, t('twoFactor.failed'));
    } finally {
      await queryClient.invalidateQueries({ queryKey: KEY });
    }
  }

  return (
    <Popconfirm
      title={t('twoFactor.confirmRemoveForUser', { name })}
      okText={t('twoFactor.confirm')}
      cancelText={t('twoFactor.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={remove}
    >
      <IconAction label={t('twoFactor.removeForUser')} who={name} danger icon={<SafetyOutlined />} />
    </Popconfirm>
  );
}
