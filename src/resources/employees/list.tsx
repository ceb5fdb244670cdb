// The employee directory (/employee-management): search, department filter, archived people,
// the four cards from SQL, and a server-side paged, sorted and filtered list.
import { useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { Button, Card, Grid, Table, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { homeFor } from '../../domain/access/roles.ts';
import { useFeedback } from '../../shared/feedback/index.ts';
import { DirectoryCards } from './components/DirectoryCards.tsx';
import { DirectoryFilters, type DirectoryChoice } from './components/DirectoryFilters.tsx';
import { useDepartmentOptions } from './components/options.ts';
import { useEmployeePermissions } from './components/permissions.ts';
import { RowActions } from './components/RowActions.tsx';
import { StatusTag } from './components/StatusTag.tsx';
import { useMediaQuery } from './components/useMediaQuery.ts';
import {
  EMPLOYEE_SELECT,
  fullName,
  useDirectoryActions,
  useDirectoryStats,
  useRefreshStats,
  type Employee,
} from './data.ts';

/** Wide enough for the directory's seven columns without wrapping a word (the sider included). */
const WIDE = '(min-width: 1400px)';

export function EmployeeList() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const wide = useMediaQuery(WIDE);
  const navigate = useNavigate();
  const feedback = useFeedback();
  const refreshStats = useRefreshStats();
  const permissions = useEmployeePermissions();
  const actions = useDirectoryActions();
  const [choice, setChoice] = useState<DirectoryChoice>({ search: '', department: 'all', archived: false });
  const { search, department, archived } = choice;

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
    if (loadFailed) feedback.failure(tableQuery.error, t('employees.loadFailed'));
  }, [loadFailed]); // once per failure, whatever the identity of `feedback` and `t`

  const departmentOptions = useDepartmentOptions();

  const total = result?.total ?? 0;
  const shown = result?.data?.length ?? 0;

  return (
    <div>
      <ScreenHeader
        title={t('employees.directoryTitle')}
        actions={
          <>
            <Button type="primary" onClick={() => navigate('/employee-registration')}>
              {t('employees.addEmployee')}
            </Button>
            <Button onClick={() => navigate(homeFor(permissions.identity?.role))}>
              {t('employees.dashboard')}
            </Button>
          </>
        }
      />

      <DirectoryCards stats={stats.data} loading={stats.isLoading} />

      <Card>
        <DirectoryFilters
          choice={choice}
          onChange={(change) => setChoice((current) => ({ ...current, ...change }))}
          departments={departmentOptions}
        />
        {loadFailed && <LoadFailed title={t('employees.loadFailed')} error={tableQuery.error} />}
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
            render={(_, row) => (
              <RowActions
                row={row}
                manage={permissions.mayManage(row)}
                busy={actions.busy === row.id}
                onDelete={() => void actions.remove(row)}
                onRestore={() => void actions.restore(row)}
              />
            )}
          />
        </Table>
        <Typography.Text data-testid="showing">{t('employees.showing', { shown, total })}</Typography.Text>
      </Card>
    </div>
  );
}
