// The departments and sites the registration and edit forms offer: departments by name, only those
// the signed-in person may place people in (a manager: the departments they manage).
import { useSelect } from '@refinedev/core';
import type { EmployeePermissions } from './permissions.ts';

export function usePlacementOptions(permissions: EmployeePermissions) {
  const { options: departments } = useSelect({
    resource: 'departments',
    optionLabel: 'name',
    optionValue: 'id',
    sorters: [{ field: 'name', order: 'asc' }],
    pagination: { mode: 'off' },
  });
  const { options: sites } = useSelect({
    resource: 'sites',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { mode: 'off' },
  });
  return {
    departments: departments.filter((d) => permissions.mayUseDepartment(String(d.value))),
    sites,
  };
}
