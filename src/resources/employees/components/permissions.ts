// What the signed-in person may do to a row: the access module's people rules
// (src/domain/access/roles.ts) with the departments a manager manages.
import { useGetIdentity, useList } from '@refinedev/core';
import { mayDo, mayManageEmployee, mayUseDepartment, type Actor } from '../../../domain/access/roles.ts';
import type { Identity } from '../../../providers/identity.ts';
import type { Employee } from '../data.ts';

export interface EmployeePermissions {
  identity: Identity | null | undefined;
  /** Edit, delete/archive, restore this person. */
  mayManage: (row: Pick<Employee, 'id' | 'role' | 'department_id'>) => boolean;
  /** Departments one may register people into (all for admin and HR). */
  mayUseDepartment: (departmentId: string) => boolean;
  /** Change salary, status and site; read the record's history (admin, HR). */
  mayChangeEmployment: boolean;
}

export function useEmployeePermissions(): EmployeePermissions {
  const { data: identity } = useGetIdentity<Identity | null>();
  const { result } = useList<{ department_id: string }>({
    resource: 'department_managers',
    filters: [{ field: 'employee_id', operator: 'eq', value: identity?.employeeId }],
    pagination: { mode: 'off' },
    queryOptions: { enabled: identity?.role === 'manager' && Boolean(identity?.employeeId) },
    liveMode: 'off',
  });
  const actor: Actor = {
    role: identity?.role,
    employeeId: identity?.employeeId,
    managedDepartments: new Set((result?.data ?? []).map((r) => r.department_id)),
  };
  return {
    identity,
    mayChangeEmployment: mayDo('employees.employment', identity?.role),
    mayUseDepartment: (departmentId) => mayUseDepartment(actor, departmentId),
    mayManage: (row) => mayManageEmployee(actor, row),
  };
}
