import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const DashboardPage = lazy(() => import('./components/dashboard-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [{ path: 'dashboard', element: <DashboardPage /> }],
  nav: [{ to: '/dashboard', label: 'Dashboard', permission: 'dashboard.read', order: 0 }],
};
