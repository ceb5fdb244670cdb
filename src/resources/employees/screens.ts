import { lazyScreen, type ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/employee-management': lazyScreen(() => import('./list.tsx'), 'EmployeeList'),
  '/employee-registration': lazyScreen(() => import('./create.tsx'), 'EmployeeCreate'),
  '/employee-edit/:id': lazyScreen(() => import('./edit.tsx'), 'EmployeeEdit'),
  '/employee-view/:id': lazyScreen(() => import('./show.tsx'), 'EmployeeShow'),
};
