import { lazyScreen, type ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/scanner': lazyScreen(() => import('./ScannerScreen.tsx'), 'ScannerScreen'),
};
