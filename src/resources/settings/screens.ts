import { lazyScreen, type ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/settings': lazyScreen(() => import('./edit.tsx'), 'SettingsEdit'),
};
