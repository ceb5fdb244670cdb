// One account's actions: view, edit, activate/deactivate, change role, password reset, invite, delete.
import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  KeyOutlined,
  MailOutlined,
  PoweroffOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconAction } from '../../../components/table/IconAction.tsx';
import { inviteEmployee } from '../../../features/employee-form/index.ts';
import { RemoveTwoFactorButton } from '../../../features/two-factor/index.ts';
import { deleteAccount, sendPasswordReset, setAccountActive, type AccountRow } from '../data.ts';
import { confirm, personName, type Act } from './shared.tsx';

export function AccountActions({
  row,
  manage,
  mayRemoveTwoFactor,
  busy,
  act,
  onChangeRole,
}: {
  row: AccountRow;
  /** The caller may manage this account. */
  manage: boolean;
  /** Remove the person's two-factor sign-in (admins). */
  mayRemoveTwoFactor: boolean;
  busy: string | null;
  act: Act;
  onChangeRole: (row: AccountRow) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const who = personName(row);
  const key = row.employee_id;
  return (
    <Space size={4} wrap>
      <IconAction
        label={t('users.view')}
        who={who}
        icon={<EyeOutlined />}
        onClick={() => navigate(`/employee-view/${row.employee_id}`)}
      />
      {manage && row.role !== 'kiosk' && (
        <IconAction
          label={t('users.edit')}
          who={who}
          icon={<EditOutlined />}
          onClick={() => navigate(`/employee-edit/${row.employee_id}`)}
        />
      )}
      {manage &&
        row.status !== 'invited' &&
        confirm(
          row.status === 'active'
            ? t('users.confirmDeactivate', { name: who })
            : t('users.confirmActivate', { name: who }),
          () =>
            act(
              key,
              () => setAccountActive(row.employee_id, row.status !== 'active'),
              row.status === 'active'
                ? t('users.deactivated', { name: who })
                : t('users.activated', { name: who }),
            ),
          <IconAction
            label={row.status === 'active' ? t('users.deactivate') : t('users.activate')}
            who={who}
            danger={row.status === 'active'}
            icon={<PoweroffOutlined />}
            loading={busy === key}
          />,
        )}
      {manage && row.role !== 'kiosk' && (
        <IconAction
          label={t('users.changeRole')}
          who={who}
          icon={<UserSwitchOutlined />}
          onClick={() => onChangeRole(row)}
        />
      )}
      {manage &&
        row.status === 'active' &&
        confirm(
          t('users.confirmReset', { email: row.email }),
          () =>
            act(key, () => sendPasswordReset(row.employee_id), t('users.resetSent', { email: row.email })),
          <IconAction label={t('users.resetPassword')} who={who} icon={<KeyOutlined />} />,
        )}
      {manage &&
        row.status === 'invited' &&
        confirm(
          t('users.confirmInvite', { email: row.email }),
          () => act(key, () => inviteEmployee(row.employee_id), t('users.inviteSent', { email: row.email })),
          <IconAction label={t('users.invite')} who={who} icon={<MailOutlined />} />,
        )}
      {mayRemoveTwoFactor && row.user_id && <RemoveTwoFactorButton employeeId={row.employee_id} name={who} />}
      {manage &&
        confirm(
          t('users.confirmDelete', { name: who }),
          () => act(key, () => deleteAccount(row.employee_id), t('users.deleted', { name: who })),
          <IconAction label={t('users.delete')} who={who} danger icon={<DeleteOutlined />} />,
        )}
    </Space>
  );
}
