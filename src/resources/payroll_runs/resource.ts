import type { ResourceProps } from '@refinedev/core';

export const resource: ResourceProps = {
  name: 'payroll_runs',
  list: '/payroll-management',
  meta: { titleKey: 'routes.payrollManagement' },
};
