import type { ResourceProps } from '@refinedev/core';

export const resource: ResourceProps = {
  name: 'attendances',
  list: '/attendance',
  meta: { titleKey: 'routes.attendance' },
};
