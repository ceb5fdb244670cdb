// The employee directory (/employee-management): search, department filter, archived people,
// the four cards from SQL, and a server-side paged, sorted and filtered list.
import { DeleteOutlined, EditOutlined, EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useInvalidate, useLogout, useNotification, useSelect, type CrudFilter } from '@refinedev/core';
import {
  Alert,
  Button,
  Card,
  Col,
  Grid,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Statistic,
  Switch,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homeFor } from '../../domain/access/roles.ts';
import { useEmployeePermissions } from './components/permissions.ts';
import { StatusTag } from './components/StatusTag.tsx';
import {
  deleteEmployee,
  EMPLOYEE_SELECT,
  fullName,
  restoreEmployee,
  serviceMessage,
  useDirectoryStats,
  useRefreshStats,
  type Employee,
} from './queries.ts';

export function EmployeeList() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const wide = useMediaQuery(WIDE);
  const navigate = useNavigate();
  const { open } = useNotification();
  const { mutate: logout } = useLogout();
  const invalidate = useInvalidate();
  const refreshStats = useRefreshStats();
  const permissions = useEmployeePermissions();
  const [search, setSearch] = useState('');
  const [department, setDepartment] = useState<string>('all');
  const [archived, setArchived] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  // What the person chose: search, department, archived or not (replaced as a whole on each change,
  // so a cleared search or department leaves no filter behind).
  const chosen = useMemo<CrudFilter[]>(() => {
    const filters: CrudFilter[] = [
      { field: 'status', operator: 'in', value: archived ? ['terminated'] : ['active', 'inactive'] },
    ];
    if (search.trim())
      filters.push({ field: 'search', operator: 'contains', value: search.trim().toLowerCase() });
    if (department !== 'all') filters.push({ field: 'department_id', operator: 'eq', value: department });
    return filters;
  }, [search, department, archived]);

  const { tableProps, tableQuery, result, setFilters, setCurrentPage } = useTable<Employee>({
    resource: 'employees',
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: 'first_name', order: 'asc' }] },
    // Kiosk devices are accounts, not people.
    filters: { permanent: [{ field: 'role', operator: 'ne', value: 'kiosk' }], initial: chosen },
    meta: { select: EMPLOYEE_SELECT },
    errorNotification: false,
  });
  // Refine's setters are new functions on every render: keep the latest in a ref, and apply the
  // person's choice only when it changes (an effect on the setters would re-render forever).
  const setters = useRef({ setFilters, setCurrentPage });
  setters.current = { setFilters, setCurrentPage };
  const applied = useRef(chosen);
  useEffect(() => {
    if (applied.current === chosen) return;
    applied.current = chosen;
    setters.current.setFilters(chosen, 'replace');
    setters.current.setCurrentPage(1);
  }, [chosen]);

  const stats = useDirectoryStats();
  // The cards follow the list: any change the list sees (live events included) refreshes them.
  const dataUpdatedAt = tableQuery.dataUpdatedAt;
  useEffect(() => {
    if (dataUpdatedAt) void refreshStats();
  }, [dataUpdatedAt]);

  const loadFailed = tableQuery.isError;
  useEffect(() => {
    if (loadFailed)
      open?.({ type: 'error', message: t('employees.loadFailed'), key: 'employees-load-failed' });
  }, [loadFailed]); // once per failure, whatever the identity of `open` and `t`

  const { options: departmentOptions } = useSelect({
    resource: 'departments',
    optionLabel: 'name',
    optionValue: 'id',
    sorters: [{ field: 'name', order: 'asc' }],
    pagination: { mode: 'off' },
  });

  const refresh = async () => {
    await invalidate({ resource: 'employees', invalidates: ['list', 'detail'] });
    await refreshStats();
  };

  async function remove(row: Employee) {
    const name = fullName(row);
    setBusy(row.id);
    try {
      await deleteEmployee(row.id);
      open?.({
        type: 'success',
        message: t('employees.deletedTitle'),
        description: t('employees.deleted', { name }),
      });
      await refresh();
    } catch (error) {
      open?.({ type: 'error', message: t('employees.deleteFailed'), description: serviceMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  async function restore(row: Employee) {
    const name = fullName(row);
    setBusy(row.id);
    try {
      await restoreEmployee(row.id);
      open?.({
        type: 'success',
        message: t('employees.restoredTitle'),
        description: t('employees.restored', { name }),
      });
      await refresh();
    } catch (error) {
      open?.({ type: 'error', message: t('employees.restoreFailed'), description: serviceMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  const total = result?.total ?? 0;
  const shown = result?.data?.length ?? 0;
  const cards = [
    { key: 'total', value: stats.data?.total },
    { key: 'active', value: stats.data?.active },
    { key: 'departments', value: stats.data?.departments },
    { key: 'thisMonth', value: stats.data?.this_month },
  ] as const;

  return (
    <div style={{ padding: 24 }}>
      <Row justify="space-between" align="middle" gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('employees.directoryTitle')}
          </Typography.Title>
        </Col>
        <Col>
          <Space wrap>
            <Button type="primary" onClick={() => navigate('/employee-registration')}>
              {t('employees.addEmployee')}
            </Button>
            <Button onClick={() => navigate(homeFor(permissions.identity?.role))}>
              {t('employees.dashboard')}
            </Button>
            <Button onClick={() => logout()}>{t('employees.logout')}</Button>
          </Space>
        </Col>
      </Row>

      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {cards.map((card) => (
          <Col xs={12} lg={6} key={card.key}>
            <Card size="small" data-testid={`card-${card.key}`} style={{ height: '100%' }}>
              <Tooltip title={t(`employees.cards.${card.key}Hint`)}>
                <Statistic
                  title={t(`employees.cards.${card.key}`)}
                  value={card.value ?? '—'}
                  loading={stats.isLoading}
                />
              </Tooltip>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`employees.cards.${card.key}Hint`)}
              </Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>

      <Card>
        <Row gutter={[12, 12]} style={{ marginBottom: 16 }} align="middle">
          <Col xs={24} md={10}>
            <Input.Search
              allowClear
              placeholder={t('employees.searchPlaceholder')}
              aria-label={t('employees.searchPlaceholder')}
              onSearch={(value) => setSearch(value)}
              onChange={(event) => {
                if (event.target.value === '') setSearch('');
              }}
            />
          </Col>
          <Col xs={24} md={8}>
            <Select
              style={{ width: '100%' }}
              aria-label={t('employees.department')}
              data-testid="department-filter"
              value={department}
              onChange={setDepartment}
              options={[{ value: 'all', label: t('employees.allDepartments') }, ...departmentOptions]}
            />
          </Col>
          <Col xs={24} md={6}>
            <Space>
              <Switch checked={archived} onChange={setArchived} aria-label={t('employees.showArchived')} />
              <span>{t('employees.showArchived')}</span>
            </Space>
          </Col>
        </Row>
        {loadFailed && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('employees.loadFailed')}
            description={serviceMessage(tableQuery.error)}
          />
        )}
        {/* On an upright tablet (md) the secondary columns give way and the table takes its content's
            width, so it fits without scrolling sideways; they come back from lg (position, site) and
            from 1400 px (joining date: at 1280 px it made Position and Site wrap letter by letter), where
            the columns share the card's width (900 px at least). */}
        <Table<Employee>
          {...tableProps}
          rowKey="id"
          scroll={{ x: screens.lg ? 900 : 'max-content' }}
          data-testid="employee-table"
        >
          <Table.Column<Employee>
            dataIndex="first_name"
            title={t('employees.columns.name')}
            width={screens.lg ? 260 : 220}
            sorter
            render={(_, row) => (
              <div>
                <Typography.Text strong>{fullName(row)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{row.email}</Typography.Text>
              </div>
            )}
          />
          <Table.Column<Employee>
            dataIndex="position"
            title={t('employees.columns.position')}
            sorter
            responsive={['lg']}
          />
          <Table.Column<Employee>
            dataIndex={['departments', 'name']}
            title={t('employees.columns.department')}
          />
          <Table.Column<Employee>
            dataIndex={['sites', 'name']}
            title={t('employees.columns.site')}
            responsive={['lg']}
          />
          <Table.Column<Employee>
            dataIndex="joining_date"
            title={t('employees.columns.joiningDate')}
            sorter
            hidden={!wide}
          />
          <Table.Column<Employee>
            dataIndex="status"
            title={t('employees.columns.status')}
            sorter
            render={(status: Employee['status']) => <StatusTag status={status} />}
          />
          <Table.Column<Employee>
            title={t('employees.columns.actions')}
            fixed="right"
            render={(_, row) => {
              const manage = permissions.mayManage(row);
              return (
                <Space size={4}>
                  <Tooltip title={t('employees.view')}>
                    <Button
                      size="small"
                      icon={<EyeOutlined />}
                      aria-label={`${t('employees.view')} ${fullName(row)}`}
                      onClick={() => navigate(`/employee-view/${row.id}`)}
                    />
                  </Tooltip>
                  {manage && row.status !== 'terminated' && (
                    <Tooltip title={t('employees.edit')}>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={`${t('employees.edit')} ${fullName(row)}`}
                        onClick={() => navigate(`/employee-edit/${row.id}`)}
                      />
                    </Tooltip>
                  )}
                  {manage && row.status !== 'terminated' && (
                    <Popconfirm
                      title={t('employees.confirmDelete', { name: fullName(row) })}
                      description={<div style={{ maxWidth: 280 }}>{t('employees.deleteNote')}</div>}
                      onConfirm={() => remove(row)}
                      okButtonProps={{ danger: true }}
                    >
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        loading={busy === row.id}
                        aria-label={`${t('employees.delete')} ${fullName(row)}`}
                      />
                    </Popconfirm>
                  )}
                  {manage && row.status === 'terminated' && (
                    <Button
                      size="small"
                      icon={<RollbackOutlined />}
                      loading={busy === row.id}
                      onClick={() => restore(row)}
                      aria-label={`${t('employees.restore')} ${fullName(row)}`}
                    >
                      {t('employees.restore')}
                    </Button>
                  )}
                </Space>
              );
            }}
          />
        </Table>
        <Typography.Text data-testid="showing">{t('employees.showing', { shown, total })}</Typography.Text>
      </Card>
    </div>
  );
}

/** Wide enough for the directory's seven columns without wrapping a word (the sider included). */
const WIDE = '(min-width: 1400px)';

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
  );
}
