import { lazyScreen } from '../../screens/lazy.ts';
import type { ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/payroll-management': lazyScreen(() => import('./list.tsx'), 'PayrollList'),
};
