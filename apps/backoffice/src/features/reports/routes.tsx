import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const ReportsPage = lazy(() => import('./components/reports-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [{ path: 'reports', element: <ReportsPage /> }],
  nav: [{ to: '/reports', label: 'Reports', permission: 'reports.read', order: 80 }],
};
