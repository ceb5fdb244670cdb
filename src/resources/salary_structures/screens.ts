import { lazyScreen } from '../../screens/lazy.ts';
import type { ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/salary-management': lazyScreen(() => import('./list.tsx'), 'SalaryList'),
};
