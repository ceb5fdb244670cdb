import { lazyScreen, type ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/shifts-management': lazyScreen(() => import('./list.tsx'), 'ShiftList'),
};
