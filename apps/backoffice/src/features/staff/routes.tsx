import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const StaffPage = lazy(() => import('./components/staff-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [{ path: 'staff', element: <StaffPage /> }],
  nav: [{ to: '/staff', label: 'Staff', permission: 'staff.manage', order: 90 }],
};
