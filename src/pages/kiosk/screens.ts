import { lazyScreen, type ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/attendance-scanner': lazyScreen(() => import('./KioskScreen.tsx'), 'KioskScreen'),
};
