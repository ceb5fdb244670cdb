import type { ResourceProps } from '@refinedev/core';

// The single row 'default' of system_settings, edited on /settings.
export const resource: ResourceProps = {
  name: 'system_settings',
  list: '/settings',
  edit: '/settings',
  meta: { titleKey: 'routes.settings' },
};
