import { lazyScreen, type ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/dashboard': lazyScreen(() => import('./DashboardPage.tsx'), 'DashboardPage'),
};
