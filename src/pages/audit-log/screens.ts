import { lazyScreen, type ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/audit-log': lazyScreen(() => import('./AuditLogPage.tsx'), 'AuditLogPage'),
};
