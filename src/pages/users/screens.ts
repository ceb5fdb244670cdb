import { lazyScreen, type ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/users-management': lazyScreen(() => import('./UsersPage.tsx'), 'UsersPage'),
};
