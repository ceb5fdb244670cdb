import type { ResourceProps } from '@refinedev/core';

export const resource: ResourceProps = {
  name: 'shifts',
  list: '/shifts-management',
  meta: { titleKey: 'routes.shiftsManagement' },
};
