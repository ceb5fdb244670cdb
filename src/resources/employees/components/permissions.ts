// What the signed-in person may do to a row, mirroring the database (app.may_manage_employee and
// the employees guard): the screens hide what the database would refuse.
import { useGetIdentity, useList } from '@refinedev/core';
import type { Identity } from '../../../providers/identity.ts';
import type { Employee } from '../queries.ts';

export interface EmployeePermissions {
  identity: Identity | null | undefined;
  /** Edit, delete/archive, restore this person. */
  mayManage: (row: Pick<Employee, 'id' | 'role' | 'department_id'>) => boolean;
  /** Departments a manager may register people into (all for admin and HR). */
  mayUseDepartment: (departmentId: string) => boolean;
  /** Change salary, status and site (admin, HR). */
  isStaff: boolean;
  isAdmin: boolean;
}

export function useEmployeePermissions(): EmployeePermissions {
  const { data: identity } = useGetIdentity<Identity | null>();
  const isManager = identity?.role === 'manager';
  const { result } = useList<{ department_id: string }>({
    resource: 'department_managers',
    filters: [{ field: 'employee_id', operator: 'eq', value: identity?.employeeId }],
    pagination: { mode: 'off' },
    queryOptions: { enabled: isManager && Boolean(identity?.employeeId) },
    liveMode: 'off',
  });
  const managed = new Set((result?.data ?? []).map((r) => r.department_id));
  const role = identity?.role;
  return {
    identity,
    isStaff: role === 'admin' || role === 'hr',
    isAdmin: role === 'admin',
    mayUseDepartment: (departmentId) => role === 'admin' || role === 'hr' || managed.has(departmentId),
    mayManage: (row) => {
      if (!identity || row.id === identity.employeeId) return false;
      if (role === 'admin') return true;
      if (role === 'hr') return row.role === 'employee' || row.role === 'manager';
      if (role === 'manager') return row.role === 'employee' && managed.has(row.department_id ?? '');
      return false;
    },
  };
}
