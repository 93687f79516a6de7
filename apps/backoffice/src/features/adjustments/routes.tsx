import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';
import { paths } from './paths';

const AdjustmentsPage = lazy(() => import('./components/adjustments-page'));
const NewAdjustmentPage = lazy(() => import('./components/new-adjustment-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [
    { path: 'adjustments', element: <AdjustmentsPage /> },
    { path: 'adjustments/new', element: <NewAdjustmentPage /> },
  ],
  nav: [{ to: paths.list, label: 'Adjustments', permission: 'adjustments.read', order: 32 }],
};
