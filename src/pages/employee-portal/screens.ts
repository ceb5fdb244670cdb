import { lazyScreen, type ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/employee-portal': lazyScreen(() => import('./EmployeePortal.tsx'), 'EmployeePortal'),
};
