// Users management (/users-management): real accounts and pending invitations, searched, filtered,
// counted and paged in SQL; every action confirmed, done by a security-definer RPC and audited.
// The parts are in components/: counters, role requests, the accounts table with each row's
// actions, and the change-role and kiosk-account dialogs; this page holds what they share.
import { useGetIdentity, useInvalidate } from '@refinedev/core';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { grantableRoles, mayDo, mayManageAccount, type Role } from '../../domain/access/roles.ts';
import type { Identity } from '../../providers/identity.ts';
import { useFeedback } from '../../shared/feedback/index.ts';
import { AccountActions } from './components/AccountActions.tsx';
import { AccountCounters } from './components/AccountCounters.tsx';
import { AccountsTable } from './components/AccountsTable.tsx';
import { ChangeRoleModal } from './components/ChangeRoleModal.tsx';
import { KioskAccountModal } from './components/KioskAccountModal.tsx';
import { RoleRequests } from './components/RoleRequests.tsx';
import type { Act } from './components/shared.tsx';
import { useAccounts, useRefreshAccounts, type AccountFilters, type AccountRow } from './data.ts';

export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const invalidate = useInvalidate();
  const refresh = useRefreshAccounts();
  const { data: identity } = useGetIdentity<Identity | null>();
  const role = identity?.role;
  const mayCreateKiosk = mayDo('accounts.createKiosk', role);
  const [filters, setFilters] = useState<AccountFilters>({
    search: '',
    role: 'all',
    status: 'all',
    page: 1,
    pageSize: 10,
  });
  const accounts = useAccounts(filters);
  const [roleTarget, setRoleTarget] = useState<AccountRow | null>(null);
  const [newRole, setNewRole] = useState<Role>('employee');
  const [kioskOpen, setKioskOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const loadFailed = accounts.isError;
  useEffect(() => {
    if (loadFailed) feedback.failure(accounts.error, t('users.loadFailed'));
  }, [loadFailed]); // once per failure, whatever the identity of `feedback` and `t`

  /** Runs an action, says what happened, and reloads what it changed. */
  const act: Act = async (key, action, success) => {
    setBusy(key);
    try {
      await action();
      feedback.success(t('users.done'), success);
      await refresh();
      await invalidate({ resource: 'role_requests', invalidates: ['list'] });
      await invalidate({ resource: 'employees', invalidates: ['list', 'detail'] });
    } catch (error) {
      feedback.failure(error, t('users.failed'));
    } finally {
      setBusy(null);
    }
  };

  const mayManage = (row: AccountRow) =>
    row.employee_id !== identity?.employeeId && mayManageAccount(role, row.role);

  return (
    <div>
      <ScreenHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        actions={
          <>
            <Button type="primary" onClick={() => navigate('/employee-registration')}>
              {t('users.addUser')}
            </Button>
            {mayCreateKiosk && <Button onClick={() => setKioskOpen(true)}>{t('users.addKiosk')}</Button>}
          </>
        }
      />

      <AccountCounters />
      <RoleRequests mayDecide={mayDo('roleRequests.decide', role)} act={act} />
      <AccountsTable
        filters={filters}
        setFilters={setFilters}
        accounts={accounts}
        actions={(row) => (
          <AccountActions
            row={row}
            manage={mayManage(row)}
            mayRemoveTwoFactor={mayDo('accounts.removeTwoFactor', role)}
            busy={busy}
            act={act}
            onChangeRole={(target) => {
              setNewRole(target.role);
              setRoleTarget(target);
            }}
          />
        )}
      />

      <ChangeRoleModal
        target={roleTarget}
        newRole={newRole}
        setNewRole={setNewRole}
        grantable={grantableRoles(role)}
        busy={busy}
        act={act}
        onClose={() => setRoleTarget(null)}
      />
      <KioskAccountModal open={kioskOpen} act={act} onClose={() => setKioskOpen(false)} />
    </div>
  );
}
