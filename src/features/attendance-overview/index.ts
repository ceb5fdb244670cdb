// Attendance at a glance (the dashboard and the manager portal): figures, latest punches, their UI.
export { RecentActivitiesCard } from './ActivityList.tsx';
export { SummaryStrip } from './SummaryStrip.tsx';
export {
  fetchFigures,
  overviewKeys,
  useFigures,
  useRecentActivities,
  type Activity,
  type Figures,
  type Performance,
  type Summary,
} from './data.ts';
