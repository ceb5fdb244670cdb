import { lazyScreen, type ScreenMap } from '../../screens/lazy.ts';

export const screens: ScreenMap = {
  '/leave-requests': lazyScreen(() => import('./list.tsx'), 'LeaveRequestList'),
  '/leave-requests/new': lazyScreen(() => import('./create.tsx'), 'LeaveRequestCreate'),
  '/leave-requests/:id': lazyScreen(() => import('./show.tsx'), 'LeaveRequestShow'),
};
