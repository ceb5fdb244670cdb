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
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
      <Tooltip title={t('users.view')}>
        <Button
          size="small"
          icon={<EyeOutlined />}
          aria-label={`${t('users.view')} ${who}`}
          onClick={() => navigate(`/employee-view/${row.employee_id}`)}
        />
      </Tooltip>
      {manage && row.role !== 'kiosk' && (
        <Tooltip title={t('users.edit')}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`${t('users.edit')} ${who}`}
            onClick={() => navigate(`/employee-edit/${row.employee_id}`)}
          />
        </Tooltip>
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
          <Tooltip title={row.status === 'active' ? t('users.deactivate') : t('users.activate')}>
            <Button
              size="small"
              danger={row.status === 'active'}
              icon={<PoweroffOutlined />}
              loading={busy === key}
              aria-label={`${row.status === 'active' ? t('users.deactivate') : t('users.activate')} ${who}`}
            />
          </Tooltip>,
        )}
      {manage && row.role !== 'kiosk' && (
        <Tooltip title={t('users.changeRole')}>
          <Button
            size="small"
            icon={<UserSwitchOutlined />}
            aria-label={`${t('users.changeRole')} ${who}`}
            onClick={() => onChangeRole(row)}
          />
        </Tooltip>
      )}
      {manage &&
        row.status === 'active' &&
        confirm(
          t('users.confirmReset', { email: row.email }),
          () =>
            act(key, () => sendPasswordReset(row.employee_id), t('users.resetSent', { email: row.email })),
          <Tooltip title={t('users.resetPassword')}>
            <Button size="small" icon={<KeyOutlined />} aria-label={`${t('users.resetPassword')} ${who}`} />
          </Tooltip>,
        )}
      {manage &&
        row.status === 'invited' &&
        confirm(
          t('users.confirmInvite', { email: row.email }),
          () => act(key, () => inviteEmployee(row.employee_id), t('users.inviteSent', { email: row.email })),
          <Tooltip title={t('users.invite')}>
            <Button size="small" icon={<MailOutlined />} aria-label={`${t('users.invite')} ${who}`} />
          </Tooltip>,
        )}
      {mayRemoveTwoFactor && row.user_id && <RemoveTwoFactorButton employeeId={row.employee_id} name={who} />}
      {manage &&
        confirm(
          t('users.confirmDelete', { name: who }),
          () => act(key, () => deleteAccount(row.employee_id), t('users.deleted', { name: who })),
          <Tooltip title={t('users.delete')}>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('users.delete')} ${who}`}
            />
          </Tooltip>,
        )}
    </Space>
  );
}
