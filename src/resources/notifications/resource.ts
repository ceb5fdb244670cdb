import type { ResourceProps } from '@refinedev/core';

// A person's notifications: read in the portals and the dashboard (src/components/daily/NotificationsCard.tsx),
// live; no screen of their own (no menu entry).
export const resource: ResourceProps = {
  name: 'notifications',
  meta: { titleKey: 'dashboard.notifications.title' },
};
