import type { ResourceProps } from '@refinedev/core';

export const resource: ResourceProps = {
  name: 'salary_structures',
  list: '/salary-management',
  meta: { titleKey: 'routes.salaryManagement' },
};
