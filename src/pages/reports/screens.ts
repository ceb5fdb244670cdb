import { lazyScreen, type ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/reports': lazyScreen(() => import('./ReportsPage.tsx'), 'ReportsPage'),
};
