import { lazyScreen, type ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/attendance': lazyScreen(() => import('./list.tsx'), 'AttendanceList'),
};
