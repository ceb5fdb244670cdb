import { lazyScreen, type ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/manager-portal': lazyScreen(() => import('./ManagerPortal.tsx'), 'ManagerPortal'),
};
