// The accounts: search, role and status filters, and the paged table (list_accounts in SQL).
import { Avatar, Card, Col, Row, Select, Space, Table, Tag, theme, Typography } from 'antd';
import { useFixedActions } from '../../../components/table/fixedActions.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import type { Role } from '../../../domain/access/roles.ts';
import { ROLE_COLOURS, type AccountFilters, type AccountRow, type useAccounts } from '../data.ts';
import { initials, personName } from './shared.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';

const ROLES = ['admin', 'hr', 'employee', 'manager', 'kiosk'] as const;
const STATUSES = ['active', 'inactive', 'invited'] as const;

export function AccountsTable({
  filters,
  setFilters,
  accounts,
  actions,
}: {
  filters: AccountFilters;
  setFilters: (update: (filters: AccountFilters) => AccountFilters) => void;
  accounts: ReturnType<typeof useAccounts>;
  actions: (row: AccountRow) => ReactNode;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const fixedActions = useFixedActions();
  const { token } = theme.useToken();
  const [searchText, setSearchText] = useState('');
  const roleLabel = (role: Role) => t(`roles.${role}`);
  const rows = accounts.data ?? [];
  const total = rows[0]?.total ?? 0;
  /** A filter of the list, led by 'all'; choosing goes back to the first page. */
  const filter = <V extends string>(
    key: 'role' | 'status',
    label: string,
    all: string,
    values: readonly V[],
    text: (value: V) => string,
  ) => (
    <Col xs={12} lg={6}>
      <Select
        style={{ width: '100%' }}
        aria-label={label}
        value={filters[key]}
        onChange={(value) => setFilters((f) => ({ ...f, [key]: value, page: 1 }))}
        options={[{ value: 'all', label: all }, ...values.map((value) => ({ value, label: text(value) }))]}
      />
    </Col>
  );
  return (
    <Card>
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={12}>
          <SearchBox
            label={t('users.searchPlaceholder')}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              if (event.target.value === '') setFilters((f) => ({ ...f, search: '', page: 1 }));
            }}
            onSearch={(value) => setFilters((f) => ({ ...f, search: value.trim(), page: 1 }))}
          />
        </Col>
        {filter('role', t('users.role'), t('users.allRoles'), ROLES, roleLabel)}
        {filter('status', t('users.statusFilter'), t('users.allStatuses'), STATUSES, (value) =>
          t(`users.status.${value}`),
        )}
      </Row>
      {accounts.isError && <LoadFailed title={t('users.loadFailed')} error={accounts.error} />}
      <Table<AccountRow>
        rowKey="employee_id"
        dataSource={rows}
        loading={accounts.isFetching}
        scroll={{ x: 'max-content' }}
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
            width: 220,
            render: (_, row) => (
              <Space>
                <Avatar style={{ background: token.colorPrimary }}>{initials(row)}</Avatar>
                <div>
                  <Typography.Text strong>{personName(row)}</Typography.Text>
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
            // The e-mail also shows in the search; from 1200 px its own column fits.
            responsive: ['xl'],
            width: 240,
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
            responsive: ['lg'],
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
            width: 170,
            render: (status: AccountRow['status'], row) => (
              <div>
                <Tag color={status === 'active' ? 'green' : status === 'inactive' ? 'orange' : 'cyan'}>
                  {t(`users.status.${status}`)}
                </Tag>
                {status !== 'invited' && (
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {row.last_sign_in_at
                        ? t('users.lastSignIn', { date: f.date(new Date(row.last_sign_in_at)) })
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
            responsive: ['xxl'],
            render: (d: string | null) => d ?? '—',
          },
          {
            title: t('users.columns.actions'),
            fixed: fixedActions,
            width: 200,
            render: (_, row) => actions(row),
          },
        ]}
      />
      <Typography.Text data-testid="users-showing">
        {t('users.showing', { shown: rows.length, total })}
      </Typography.Text>
    </Card>
  );
}
