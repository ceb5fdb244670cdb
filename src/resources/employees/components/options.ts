// The departments and sites the registration and edit forms offer: departments by name, only those
// the signed-in person may place people in (a manager: the departments they manage).
import { useSelect } from '@refinedev/core';
import type { EmployeePermissions } from './permissions.ts';

/** Every department the reader may see, by name (the directory's filter offers them all). */
export function useDepartmentOptions() {
  return useSelect({
    resource: 'departments',
    optionLabel: 'name',
    optionValue: 'id',
    sorters: [{ field: 'name', order: 'asc' }],
    pagination: { mode: 'off' },
  }).options;
}

export function usePlacementOptions(permissions: EmployeePermissions) {
  const departments = useDepartmentOptions();
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
