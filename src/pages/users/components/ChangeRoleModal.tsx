// Change an account's role (change_role: nobody grants themselves anything; HR only employee/manager).
import { Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../domain/access/roles.ts';
import { changeRole, type AccountRow } from '../data.ts';
import { personName, type Act } from './shared.tsx';

export function ChangeRoleModal({
  target,
  newRole,
  setNewRole,
  grantable,
  busy,
  act,
  onClose,
}: {
  target: AccountRow | null;
  newRole: Role;
  setNewRole: (role: Role) => void;
  grantable: Role[];
  busy: string | null;
  act: Act;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const roleLabel = (role: Role) => t(`roles.${role}`);
  return (
    <Modal
      open={target !== null}
      title={target ? `${t('users.changeRole')}: ${personName(target)}` : ''}
      okText={t('users.changeRole')}
      okButtonProps={{
        disabled: !target || newRole === target.role,
        loading: busy === target?.employee_id,
      }}
      onCancel={onClose}
      onOk={async () => {
        if (!target) return;
        const who = personName(target);
        await act(
          target.employee_id,
          () => changeRole(target.employee_id, newRole),
          t('users.roleChanged', { name: who, role: roleLabel(newRole) }),
        );
        onClose();
      }}
    >
      {target && (
        <Space direction="vertical">
          <Typography.Text>
            {t('users.confirmRole', { name: personName(target), role: roleLabel(newRole) })}
          </Typography.Text>
          <Radio.Group
            value={newRole}
            onChange={(event) => setNewRole(event.target.value as Role)}
            options={grantable.map((value) => ({ value, label: roleLabel(value) }))}
          />
        </Space>
      )}
    </Modal>
  );
}
