import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const AdjustmentsPage = lazy(() => import('./components/adjustments-page'));
const NewAdjustmentPage = lazy(() => import('./components/new-adjustment-page'));

export const paths = {
  list: '/adjustments',
  /** The form, for one player when given (the player page links here). */
  new: (playerId?: string) =>
    `/adjustments/new${playerId ? `?playerId=${encodeURIComponent(playerId)}` : ''}`,
};

export const { routes, nav }: FeatureRoutes = {
  routes: [
    { path: 'adjustments', element: <AdjustmentsPage /> },
    { path: 'adjustments/new', element: <NewAdjustmentPage /> },
  ],
  nav: [{ to: paths.list, label: 'Adjustments', permission: 'adjustments.read', order: 32 }],
};
