// Users management (/users-management): real accounts and pending invitations, searched, filtered,
// counted and paged in SQL; every action confirmed, done by a security-definer RPC and audited.
import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  KeyOutlined,
  MailOutlined,
  PoweroffOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { useGetIdentity, useInvalidate, useList, useNotification, useSelect } from '@refinedev/core';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Col,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Role } from '../../domain/access/roles.ts';
import type { Identity } from '../../providers/identity.ts';
import {
  changeRole,
  createKioskAccount,
  decideRoleRequest,
  deleteAccount,
  inviteAccount,
  ROLE_COLOURS,
  sendPasswordReset,
  setAccountActive,
  useAccountCounters,
  useAccounts,
  useRefreshAccounts,
  type AccountRow,
} from './queries.ts';

interface RoleRequest {
  id: string;
  requested_role: Role;
  created_at: string;
  employees: { first_name: string; last_name: string; email: string } | null;
}

const name = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim();
const initials = (row: { first_name: string; last_name: string }) =>
  `${row.first_name.charAt(0)}${row.last_name.charAt(0)}`.toUpperCase();

export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const refresh = useRefreshAccounts();
  const { data: identity } = useGetIdentity<Identity | null>();
  const isAdmin = identity?.role === 'admin';
  const [searchText, setSearchText] = useState('');
  const [filters, setFilters] = useState({ search: '', role: 'all', status: 'all', page: 1, pageSize: 10 });
  const accounts = useAccounts(filters);
  const counters = useAccountCounters();
  const [roleTarget, setRoleTarget] = useState<AccountRow | null>(null);
  const [newRole, setNewRole] = useState<Role>('employee');
  const [kioskOpen, setKioskOpen] = useState(false);
  const [kioskForm] = Form.useForm<{ name: string; email: string; site_id: string }>();
  const [busy, setBusy] = useState<string | null>(null);

  const loadFailed = accounts.isError;
  useEffect(() => {
    if (loadFailed) open?.({ type: 'error', message: t('users.loadFailed') });
  }, [loadFailed, open, t]);

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
  const { options: sites } = useSelect({
    resource: 'sites',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { mode: 'off' },
    queryOptions: { enabled: isAdmin },
  });

  /** Runs an action, says what happened, and reloads what it changed. */
  async function act(key: string, action: () => Promise<unknown>, success: string) {
    setBusy(key);
    try {
      await action();
      open?.({ type: 'success', message: t('users.done'), description: success });
      await refresh();
      await invalidate({ resource: 'role_requests', invalidates: ['list'] });
      await invalidate({ resource: 'employees', invalidates: ['list', 'detail'] });
    } catch (error) {
      open?.({ type: 'error', message: t('users.failed'), description: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }

  const mayManage = (row: AccountRow) =>
    row.employee_id !== identity?.employeeId &&
    (isAdmin || (identity?.role === 'hr' && (row.role === 'employee' || row.role === 'manager')));
  const grantable: Role[] = isAdmin ? ['admin', 'hr', 'manager', 'employee'] : ['manager', 'employee'];

  const rows = accounts.data ?? [];
  const total = rows[0]?.total ?? 0;
  const roleLabel = (role: Role) => t(`roles.${role}`);

  const confirm = (title: string, onConfirm: () => void, button: ReactNode) => (
    <Popconfirm title={<div style={{ maxWidth: 280 }}>{title}</div>} onConfirm={onConfirm}>
      {button}
    </Popconfirm>
  );

  const actions = (row: AccountRow) => {
    const who = name(row);
    const manage = mayManage(row);
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
              onClick={() => {
                setNewRole(row.role);
                setRoleTarget(row);
              }}
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
        {(manage || (isAdmin && row.role === 'kiosk')) &&
          row.status === 'invited' &&
          confirm(
            t('users.confirmInvite', { email: row.email }),
            () => act(key, () => inviteAccount(row.employee_id), t('users.inviteSent', { email: row.email })),
            <Tooltip title={t('users.invite')}>
              <Button size="small" icon={<MailOutlined />} aria-label={`${t('users.invite')} ${who}`} />
            </Tooltip>,
          )}
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
  };

  const counterCards = [
    { key: 'total', value: counters.data?.total },
    { key: 'active', value: counters.data?.active },
    { key: 'admins', value: counters.data?.admins },
    { key: 'inactive', value: counters.data?.inactive },
  ] as const;

  return (
    <div style={{ padding: 24 }}>
      <Row justify="space-between" align="middle" gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('users.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('users.subtitle')}</Typography.Text>
        </Col>
        <Col>
          <Space wrap>
            <Button type="primary" onClick={() => navigate('/employee-registration')}>
              {t('users.addUser')}
            </Button>
            {isAdmin && <Button onClick={() => setKioskOpen(true)}>{t('users.addKiosk')}</Button>}
          </Space>
        </Col>
      </Row>

      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {counterCards.map((card) => (
          <Col xs={12} lg={6} key={card.key}>
            <Card size="small" data-testid={`counter-${card.key}`} style={{ height: '100%' }}>
              <Statistic
                title={t(`users.counters.${card.key}`)}
                value={card.value ?? '—'}
                loading={counters.isLoading}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`users.counters.${card.key}Hint`)}
              </Typography.Text>
              {card.key === 'total' && Boolean(counters.data?.invited) && (
                <div>
                  <Tag color="cyan">{t('users.counters.invited', { count: counters.data?.invited })}</Tag>
                </div>
              )}
            </Card>
          </Col>
        ))}
      </Row>

      <Card
        title={t('users.requests.title')}
        size="small"
        style={{ marginBottom: 16 }}
        data-testid="role-requests"
      >
        {!isAdmin && (requests?.data?.length ?? 0) > 0 && (
          <Alert type="info" showIcon message={t('users.requests.adminOnly')} style={{ marginBottom: 8 }} />
        )}
        <Table<RoleRequest>
          size="small"
          rowKey="id"
          pagination={false}
          loading={requestsQuery.isLoading}
          dataSource={requests?.data ?? []}
          locale={{ emptyText: t('users.requests.none') }}
          scroll={{ x: 600 }}
          columns={[
            {
              title: t('users.requests.person'),
              render: (_, r) =>
                r.employees ? (
                  <span>
                    <Typography.Text strong>{name(r.employees)}</Typography.Text>{' '}
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
              render: (value: string) => dayjs(value).format('YYYY-MM-DD'),
            },
            {
              title: t('users.columns.actions'),
              render: (_, r) => {
                if (!isAdmin || !r.employees) return null;
                const who = name(r.employees);
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
                      <Button
                        size="small"
                        type="primary"
                        aria-label={`${t('users.requests.approve')} ${who}`}
                      >
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

      <Card>
        <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
          <Col xs={24} lg={12}>
            <Input.Search
              allowClear
              value={searchText}
              placeholder={t('users.searchPlaceholder')}
              aria-label={t('users.searchPlaceholder')}
              onChange={(event) => {
                setSearchText(event.target.value);
                if (event.target.value === '') setFilters((f) => ({ ...f, search: '', page: 1 }));
              }}
              onSearch={(value) => setFilters((f) => ({ ...f, search: value.trim(), page: 1 }))}
            />
          </Col>
          <Col xs={12} lg={6}>
            <Select
              style={{ width: '100%' }}
              aria-label={t('users.role')}
              value={filters.role}
              onChange={(role) => setFilters((f) => ({ ...f, role, page: 1 }))}
              options={[
                { value: 'all', label: t('users.allRoles') },
                ...(['admin', 'hr', 'employee', 'manager', 'kiosk'] as const).map((value) => ({
                  value,
                  label: roleLabel(value),
                })),
              ]}
            />
          </Col>
          <Col xs={12} lg={6}>
            <Select
              style={{ width: '100%' }}
              aria-label={t('users.statusFilter')}
              value={filters.status}
              onChange={(status) => setFilters((f) => ({ ...f, status, page: 1 }))}
              options={[
                { value: 'all', label: t('users.allStatuses') },
                ...(['active', 'inactive', 'invited'] as const).map((value) => ({
                  value,
                  label: t(`users.status.${value}`),
                })),
              ]}
            />
          </Col>
        </Row>
        {loadFailed && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('users.loadFailed')}
            description={(accounts.error as Error | null)?.message}
          />
        )}
        <Table<AccountRow>
          rowKey="employee_id"
          dataSource={rows}
          loading={accounts.isFetching}
          scroll={{ x: 1100 }}
          data-testid="users-table"
          pagination={{
            current: filters.page,
            pageSize: filters.pageSize,
            total,
            showSizeChanger: false,
            onChange: (page) => setFilters((f) => ({ ...f, page })),
          }}
          columns={[
            {
              title: t('users.columns.employee'),
              width: 240,
              render: (_, row) => (
                <Space>
                  <Avatar style={{ background: '#1677ff' }}>{initials(row)}</Avatar>
                  <div>
                    <Typography.Text strong>{name(row)}</Typography.Text>
                    <br />
                    <Typography.Text
                      type="secondary"
                      style={{ fontSize: 12 }}
                      copyable={{ text: row.employee_id }}
                    >
                      {row.employee_id.slice(0, 8)}
                    </Typography.Text>
                  </div>
                </Space>
              ),
            },
            {
              title: t('users.columns.contact'),
              render: (_, row) => (
                <div>
                  <div>{row.email}</div>
                  <Typography.Text type="secondary">{row.phone ?? '—'}</Typography.Text>
                </div>
              ),
            },
            {
              title: t('users.columns.role'),
              dataIndex: 'role',
              render: (role: Role) => <Tag color={ROLE_COLOURS[role]}>{roleLabel(role)}</Tag>,
            },
            {
              title: t('users.columns.department'),
              render: (_, row) => (
                <div>
                  <div>{row.department ?? row.site ?? '—'}</div>
                  <Typography.Text type="secondary">{row.job_position ?? ''}</Typography.Text>
                </div>
              ),
            },
            {
              title: t('users.columns.status'),
              dataIndex: 'status',
              render: (status: AccountRow['status'], row) => (
                <div>
                  <Tag color={status === 'active' ? 'green' : status === 'inactive' ? 'orange' : 'cyan'}>
                    {t(`users.status.${status}`)}
                  </Tag>
                  {status !== 'invited' && (
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {row.last_sign_in_at
                          ? t('users.lastSignIn', { date: dayjs(row.last_sign_in_at).format('YYYY-MM-DD') })
                          : t('users.neverSignedIn')}
                      </Typography.Text>
                    </div>
                  )}
                </div>
              ),
            },
            {
              title: t('users.columns.hireDate'),
              dataIndex: 'joining_date',
              render: (d: string | null) => d ?? '—',
            },
            {
              title: t('users.columns.actions'),
              fixed: 'right',
              width: 230,
              render: (_, row) => actions(row),
            },
          ]}
        />
        <Typography.Text data-testid="users-showing">
          {t('users.showing', { shown: rows.length, total })}
        </Typography.Text>
      </Card>

      <Modal
        open={roleTarget !== null}
        title={roleTarget ? `${t('users.changeRole')}: ${name(roleTarget)}` : ''}
        okText={t('users.changeRole')}
        okButtonProps={{
          disabled: !roleTarget || newRole === roleTarget.role,
          loading: busy === roleTarget?.employee_id,
        }}
        onCancel={() => setRoleTarget(null)}
        onOk={async () => {
          if (!roleTarget) return;
          const who = name(roleTarget);
          await act(
            roleTarget.employee_id,
            () => changeRole(roleTarget.employee_id, newRole),
            t('users.roleChanged', { name: who, role: roleLabel(newRole) }),
          );
          setRoleTarget(null);
        }}
      >
        {roleTarget && (
          <Space direction="vertical">
            <Typography.Text>
              {t('users.confirmRole', { name: name(roleTarget), role: roleLabel(newRole) })}
            </Typography.Text>
            <Radio.Group
              value={newRole}
              onChange={(event) => setNewRole(event.target.value as Role)}
              options={grantable.map((value) => ({ value, label: roleLabel(value) }))}
            />
          </Space>
        )}
      </Modal>

      <Modal
        open={kioskOpen}
        title={t('users.kiosk.title')}
        okText={t('users.kiosk.create')}
        cancelText={t('users.kiosk.cancel')}
        onCancel={() => setKioskOpen(false)}
        onOk={async () => {
          const values = await kioskForm.validateFields();
          await act(
            'kiosk',
            () => createKioskAccount(values.site_id, values.email, values.name),
            t('users.kiosk.created', { name: values.name, email: values.email }),
          );
          kioskForm.resetFields();
          setKioskOpen(false);
        }}
      >
        <Form form={kioskForm} layout="vertical">
          <Form.Item
            name="name"
            label={t('users.kiosk.name')}
            rules={[{ required: true, message: t('users.kiosk.required') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('users.kiosk.email')}
            rules={[{ required: true, type: 'email', message: t('users.kiosk.required') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="site_id"
            label={t('users.kiosk.site')}
            rules={[{ required: true, message: t('users.kiosk.required') }]}
          >
            <Select options={sites} aria-label={t('users.kiosk.site')} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
