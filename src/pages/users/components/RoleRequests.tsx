// The sign-ups' pending role requests, approved or denied by an admin (decide_role_request).
import { useList } from '@refinedev/core';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useFormat } from '../../../shared/format/index.ts';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../domain/access/roles.ts';
import { decideRoleRequest, ROLE_COLOURS } from '../data.ts';
import { confirm, personName, type Act } from './shared.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';

interface RoleRequest {
  id: string;
  requested_role: Role;
  created_at: string;
  employees: { first_name: string; last_name: string; email: string } | null;
}

export function RoleRequests({ mayDecide, act }: { mayDecide: boolean; act: Act }) {
  const { t } = useTranslation();
  const f = useFormat();
  const roleLabel = (role: Role) => t(`roles.${role}`);
  const { result: requests, query: requestsQuery } = useList<RoleRequest>({
    resource: 'role_requests',
    filters: [{ field: 'status', operator: 'eq', value: 'pending' }],
    sorters: [{ field: 'created_at', order: 'asc' }],
    meta: {
      select:
        'id, requested_role, created_at, employees!role_requests_employee_id_fkey(first_name, last_name, email)',
    },
    pagination: { mode: 'off' },
  });
  return (
    <Card
      title={t('users.requests.title')}
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="role-requests"
    >
      {!mayDecide && (requests?.data?.length ?? 0) > 0 && (
        <Alert type="info" showIcon message={t('users.requests.adminOnly')} style={{ marginBottom: 8 }} />
      )}
      <Table<RoleRequest>
        size="small"
        rowKey="id"
        pagination={false}
        loading={requestsQuery.isLoading}
        dataSource={requests?.data ?? []}
        locale={{ emptyText: <EmptyState text={t('users.requests.none')} /> }}
        scroll={{ x: 600 }}
        columns={[
          {
            title: t('users.requests.person'),
            render: (_, r) =>
              r.employees ? (
                <span>
                  <Typography.Text strong>{personName(r.employees)}</Typography.Text>{' '}
                  <Typography.Text type="secondary">{r.employees.email}</Typography.Text>
                </span>
              ) : null,
          },
          {
            title: t('users.requests.requested'),
            dataIndex: 'requested_role',
            render: (role: Role) => <Tag color={ROLE_COLOURS[role]}>{roleLabel(role)}</Tag>,
          },
          {
            title: t('users.requests.date'),
            dataIndex: 'created_at',
            render: (value: string) => f.date(new Date(value)),
          },
          {
            title: t('users.columns.actions'),
            render: (_, r) => {
              if (!mayDecide || !r.employees) return null;
              const who = personName(r.employees);
              const role = roleLabel(r.requested_role);
              return (
                <Space>
                  {confirm(
                    t('users.requests.confirmApprove', { name: who, role }),
                    () =>
                      act(
                        r.id,
                        () => decideRoleRequest(r.id, true),
                        t('users.requests.approved', { name: who, role }),
                      ),
                    <Button size="small" type="primary" aria-label={`${t('users.requests.approve')} ${who}`}>
                      {t('users.requests.approve')}
                    </Button>,
                  )}
                  {confirm(
                    t('users.requests.confirmDeny', { name: who }),
                    () =>
                      act(
                        r.id,
                        () => decideRoleRequest(r.id, false),
                        t('users.requests.denied', { name: who }),
                      ),
                    <Button size="small" danger aria-label={`${t('users.requests.deny')} ${who}`}>
                      {t('users.requests.deny')}
                    </Button>,
                  )}
                </Space>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
