// The employees table as a Refine resource: the spec's directory, registration, edit and view routes.
import type { ResourceProps } from '@refinedev/core';

export const resource: ResourceProps = {
  name: 'employees',
  list: '/employee-management',
  create: '/employee-registration',
  edit: '/employee-edit/:id',
  show: '/employee-view/:id',
  meta: { titleKey: 'routes.employeeManagement', canDelete: true },
};
